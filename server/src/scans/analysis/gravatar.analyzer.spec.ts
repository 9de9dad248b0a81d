import type { GravatarProfile } from '../sources/source.types';
import type { Finding, FindingType, RiskDetail } from '../../vocabulary/finding.types';
import { analyzeGravatar } from './gravatar.analyzer';

const HASH = 'b1f2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f9';

const fullProfile: GravatarProfile = {
  hash: HASH,
  display_name: 'Jane D.',
  profile_url: 'https://gravatar.com/janedoe',
  avatar_url: 'https://0.gravatar.com/avatar/' + HASH,
  avatar_alt_text: 'Jane smiling',
  location: 'Lyon, France',
  description: 'Runner and baker.',
  job_title: 'Product Manager',
  company: 'Acme Corp',
  verified_accounts: [
    { service_type: 'github', service_label: 'GitHub', url: 'https://github.com/janedoe', is_hidden: false },
    { service_type: 'mastodon', service_label: 'Mastodon', url: 'https://mastodon.social/@jane', is_hidden: true },
  ],
  pronouns: 'she/her',
  timezone: 'Europe/Paris',
  languages: [{ code: 'fr', name: 'French' }, { code: 'en', name: 'English' }],
  first_name: 'Jane',
  last_name: 'Doe',
  links: [{ label: 'Blog', url: 'https://jane.example.org' }],
  interests: [{ id: 1, name: 'running' }],
  contact_info: { cell_phone: '+33 6 12 34 56 78', email: 'jane.alt@example.org', home_phone: '', work_phone: '' },
};

const byType = (findings: Finding[], type: FindingType) => findings.find((f) => f.detail.kind === 'risk' && f.detail.type === type);
const detail = (findings: Finding[], type: FindingType) => byType(findings, type)?.detail as RiskDetail;

describe('analyzeGravatar', () => {
  it('finds nothing when there is no public profile', () => {
    expect(analyzeGravatar(null)).toEqual([]);
  });

  it('reports each kind of public data once, in the right group and at the right risk', () => {
    const findings = analyzeGravatar(fullProfile);
    const summary = findings.map((f) => [f.detail.kind === 'risk' ? f.detail.type : '', f.group, f.detail.kind === 'risk' ? f.detail.risk : '']);
    expect(summary).toEqual([
      ['gravatar_profile_public', 'personalInfo', 'low'],
      ['gravatar_name_public', 'personalInfo', 'medium'],
      ['gravatar_location_public', 'locationData', 'medium'],
      ['gravatar_employer_public', 'personalInfo', 'medium'],
      ['gravatar_contact_public', 'personalInfo', 'high'],
      ['gravatar_accounts_public', 'socialMedia', 'medium'],
      ['gravatar_links_public', 'socialMedia', 'low'],
      ['gravatar_avatar_public', 'personalInfo', 'low'],
      ['gravatar_about_public', 'personalInfo', 'low'],
    ]);
  });

  it('shows the public values themselves, with source and evidence on every detail', () => {
    const findings = analyzeGravatar(fullProfile);
    expect(detail(findings, 'gravatar_profile_public').value).toBe('https://gravatar.com/janedoe');
    expect(detail(findings, 'gravatar_name_public').value).toBe('Jane Doe (shown as "Jane D.")');
    expect(detail(findings, 'gravatar_location_public').value).toBe('Lyon, France; time zone Europe/Paris');
    expect(detail(findings, 'gravatar_employer_public').value).toBe('Product Manager at Acme Corp');
    expect(detail(findings, 'gravatar_contact_public').value).toBe('mobile phone: +33 6 12 34 56 78; email: jane.alt@example.org');
    expect(detail(findings, 'gravatar_links_public').value).toBe('Blog (https://jane.example.org)');
    expect(detail(findings, 'gravatar_about_public').value).toBe(
      'bio: Runner and baker.; pronouns: she/her; languages: French, English; interests: running',
    );
    for (const { detail: d } of findings) {
      expect(d.source).toBe('Gravatar');
      expect(d.evidence.summary.length).toBeGreaterThan(20);
      expect(d.kind === 'risk' && d.evidence.observed).toBe(d.kind === 'risk' && d.value);
    }
    expect(detail(findings, 'gravatar_location_public').evidence.summary).toContain('Lyon, France');
    expect(detail(findings, 'gravatar_profile_public').evidence.url).toBe('https://gravatar.com/janedoe');
  });

  it('leaves out verified accounts the owner hid', () => {
    const accounts = detail(analyzeGravatar(fullProfile), 'gravatar_accounts_public');
    expect(accounts.value).toBe('GitHub (https://github.com/janedoe)');
    expect(accounts.value).not.toContain('mastodon');
    expect(accounts.evidence.summary).toContain('1 verified account:');
  });

  it('reports no accounts finding when every account is hidden', () => {
    const profile = { hash: HASH, verified_accounts: [{ service_label: 'GitHub', url: 'https://github.com/x', is_hidden: true }] };
    expect(byType(analyzeGravatar(profile), 'gravatar_accounts_public')).toBeUndefined();
  });

  it('reports only the profile itself when every other field is missing or blank', () => {
    const findings = analyzeGravatar({
      hash: HASH,
      display_name: '  ',
      location: '',
      job_title: '',
      company: '',
      verified_accounts: [],
      links: [],
      contact_info: { cell_phone: '', email: '' },
      languages: [],
      interests: [],
    });
    expect(findings).toHaveLength(1);
    expect(findings[0].detail).toMatchObject({ type: 'gravatar_profile_public', value: `Gravatar profile ${HASH}` });
    expect(findings[0].detail.evidence.url).toBeUndefined();
  });

  it('reads the name from the display name alone, or from first and last name alone', () => {
    expect(detail(analyzeGravatar({ hash: HASH, display_name: 'janedoe' }), 'gravatar_name_public').value).toBe('janedoe');
    expect(detail(analyzeGravatar({ hash: HASH, first_name: 'Jane' }), 'gravatar_name_public').value).toBe('Jane');
    expect(detail(analyzeGravatar({ hash: HASH, first_name: 'Jane', last_name: 'Doe', display_name: 'jane doe' }), 'gravatar_name_public').value).toBe(
      'Jane Doe',
    );
  });

  it('reports a time zone alone as location data', () => {
    const location = byType(analyzeGravatar({ hash: HASH, timezone: 'America/Chicago' }), 'gravatar_location_public');
    expect(location?.group).toBe('locationData');
    expect((location?.detail as RiskDetail).value).toBe('time zone America/Chicago');
  });

  it('reports a company without a job title, and a job title without a company', () => {
    expect(detail(analyzeGravatar({ hash: HASH, company: 'Acme' }), 'gravatar_employer_public').value).toBe('Acme');
    expect(detail(analyzeGravatar({ hash: HASH, job_title: 'Nurse' }), 'gravatar_employer_public').value).toBe('Nurse');
  });

  it('rates a contact form or calendar alone as medium, a phone number as high', () => {
    const formOnly = detail(analyzeGravatar({ hash: HASH, contact_info: { contact_form: 'https://jane.example.org/contact' } }), 'gravatar_contact_public');
    expect(formOnly).toMatchObject({ risk: 'medium', value: 'contact form: https://jane.example.org/contact' });
    const phone = detail(analyzeGravatar({ hash: HASH, contact_info: { work_phone: '+1 555 0100', calendar: 'https://cal.example.org/jane' } }), 'gravatar_contact_public');
    expect(phone).toMatchObject({ risk: 'high', value: 'work phone: +1 555 0100; calendar: https://cal.example.org/jane' });
  });

  it('names an account or link by whatever it has', () => {
    const findings = analyzeGravatar({
      hash: HASH,
      verified_accounts: [{ service_type: 'twitter', url: 'https://x.com/jane' }, { service_label: 'Bluesky' }],
      links: [{ url: 'https://a.example' }, { label: 'No URL' }, {}],
    });
    expect(detail(findings, 'gravatar_accounts_public').value).toBe('twitter (https://x.com/jane); Bluesky');
    expect(detail(findings, 'gravatar_links_public').value).toBe('https://a.example; No URL');
  });

  it('never puts a non-https address into the evidence link', () => {
    const findings = analyzeGravatar({ hash: HASH, profile_url: 'http://gravatar.com/jane', avatar_url: 'http://0.gravatar.com/avatar/x' });
    expect(detail(findings, 'gravatar_profile_public').value).toBe(`Gravatar profile ${HASH}`);
    expect(detail(findings, 'gravatar_profile_public').evidence.url).toBeUndefined();
    expect(detail(findings, 'gravatar_avatar_public').value).toBe('http://0.gravatar.com/avatar/x');
    expect(detail(findings, 'gravatar_avatar_public').evidence.url).toBeUndefined();
  });
});
