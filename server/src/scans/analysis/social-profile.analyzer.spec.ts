import type { RiskDetail } from '../../vocabulary/finding.types';
import { analyzeSocialProfile, MAX_PROFILE_VALUES, ProfileHit } from './social-profile.analyzer';

const hit = (profileHtml: string | undefined, url = 'https://codehub.io/jane_doe', site = 'CodeHub'): ProfileHit => ({ site, url, profileHtml });
const analyze = (body: string | undefined, url?: string) =>
  analyzeSocialProfile(hit(body, url)).map((f) => ({ group: f.group, ...(f.detail as RiskDetail) }));
const byType = (body: string, url?: string) => {
  const found = analyze(body, url);
  return Object.fromEntries(found.map((f) => [f.type, f]));
};

describe('analyzeSocialProfile', () => {
  it('finds nothing without a page, or on a page without personal data', () => {
    expect(analyze(undefined)).toEqual([]);
    expect(analyze('   ')).toEqual([]);
    expect(analyze('<html><body><h1>jane_doe</h1><p>42 repositories · 7 followers</p><a href="/jane_doe?tab=stars">Stars</a></body></html>')).toEqual([]);
  });

  it('reads a microdata and h-card profile: place, employer, rel="me" links and a mailto: link', () => {
    const found = byType(`<html><body class="h-card">
      <h1 class="p-name">Jane Doe</h1>
      <span itemprop="worksFor">Acme Widgets</span>
      <li itemprop="homeLocation"><svg></svg><span>Lisbon, Portugal</span></li>
      <a rel="nofollow me" href="https://mastodon.social/@jane">Mastodon</a>
      <a rel="me" href="https://janedoe.dev/">janedoe.dev</a>
      <a rel="me" href="https://codehub.io/jane_doe?tab=repos">own page</a>
      <a href="https://news.example.net/story">a link in the feed, not the person's</a>
      <a href="mailto:Jane.Doe@JaneDoe.dev">Email me</a>
      <footer>Questions? privacy@codehub.io · <img src="logo@2x.png"></footer>
    </body></html>`);
    expect(Object.keys(found).sort()).toEqual(['social_profile_email', 'social_profile_employer', 'social_profile_links', 'social_profile_location']);
    expect(found.social_profile_location).toMatchObject({
      group: 'locationData',
      value: 'Lisbon, Portugal',
      risk: 'medium',
      source: 'Footprint username check',
      platform: 'CodeHub',
      evidence: { summary: expect.stringContaining('The public profile on CodeHub (https://codehub.io/jane_doe) shows where its owner is: "Lisbon, Portugal" (schema.org microdata)'), url: 'https://codehub.io/jane_doe' },
    });
    expect(found.social_profile_employer).toMatchObject({ group: 'personalInfo', value: 'Acme Widgets' });
    expect(found.social_profile_links).toMatchObject({
      group: 'personalInfo',
      risk: 'low',
      value: 'Links to 2 other sites: mastodon.social, janedoe.dev',
      evidence: { observed: 'https://mastodon.social/@jane https://janedoe.dev/' },
    });
    expect(found.social_profile_email).toMatchObject({ group: 'personalInfo', value: 'j•••@j•••.dev', evidence: { summary: expect.stringContaining('(a mailto: link)') } });
  });

  it('masks email addresses and phone numbers everywhere in the finding', () => {
    const found = analyze('<p>Contact: jane.doe@janedoe.dev or +351 912 345 678</p>');
    expect(found.map((f) => [f.type, f.value, f.risk])).toEqual([
      ['social_profile_email', 'j•••@j•••.dev', 'medium'],
      ['social_profile_phone', '+••• ••• ••• •78', 'high'],
    ]);
    const json = JSON.stringify(found);
    expect(json).not.toContain('jane.doe@janedoe.dev');
    expect(json).not.toMatch(/912.?345/);
    expect(found[1].evidence.observed).toBe('Contact: j•••@j•••.dev or +••• ••• ••• •78');
  });

  it('reads phone numbers only in international form or from tel: links, and only valid ones', () => {
    const found = analyze(`<p>Call 030 901820 or order 12345678 or +1 000 000 0000.</p><a href="tel:+44-20-7946-0958">Call</a>`);
    expect(found.map((f) => [f.type, f.value, f.evidence.observed])).toEqual([['social_profile_phone', '+•• •• •••• ••58', 'tel:+••-••-••••-••58']]);
  });

  it('reads the fields profile pages mark with data-testid, and their website link', () => {
    const found = byType(`<div data-testid="UserProfileHeader_Items">
      <span data-testid="UserLocation"><span>Porto</span></span>
      <a data-testid="UserUrl" href="https://t.co/abc123"><span>janedoe.dev</span></a>
      <span data-testid="UserJoinDate">Joined March 2012</span></div>`);
    expect(found.social_profile_location.value).toBe('Porto');
    expect(found.social_profile_links.value).toBe('Links to 1 other site: t.co');
    expect(Object.keys(found)).toHaveLength(2);
  });

  it('reads labelled text and bios in meta descriptions', () => {
    const found = analyze(`<head><meta name="description" content="Designer based in Berlin, Germany. Works at Initech. Say hi: hi@janedoe.dev"></head>
      <body><dl><dt>Location: Köln</dt><dt>Company: Initech GmbH</dt></dl><p>Joined from the app</p></body>`);
    expect(found.filter((f) => f.type === 'social_profile_location').map((f) => f.value)).toEqual(['Berlin, Germany', 'Köln']);
    expect(found.find((f) => f.type === 'social_profile_employer')?.value).toBe('Initech GmbH');
    expect(found.find((f) => f.type === 'social_profile_email')?.evidence.summary).toContain("the page's description meta tag");
  });

  it('reads schema.org Person data in JSON-LD, ignoring the site’s own Organization node', () => {
    const found = byType(`<script type="application/ld+json">[
      {"@context":"https://schema.org","@type":"Organization","name":"CodeHub","address":{"@type":"PostalAddress","addressLocality":"San Francisco"},"email":"press@othermail.org"},
      {"@context":"https://schema.org","@type":"ProfilePage","mainEntity":{"@type":"Person","name":"Jane Doe",
        "homeLocation":{"@type":"Place","address":{"@type":"PostalAddress","addressLocality":"Lisboa","addressCountry":"PT"}},
        "worksFor":{"@type":"Organization","name":"Acme Widgets"},"telephone":"+351 912 345 678",
        "sameAs":["https://mastodon.social/@jane","https://codehub.io/jane_doe"],"url":"https://janedoe.dev"}}]</script>`);
    expect(found.social_profile_location).toMatchObject({ value: 'Lisboa, PT', evidence: { summary: expect.stringContaining('JSON-LD') } });
    expect(found.social_profile_employer.value).toBe('Acme Widgets');
    expect(found.social_profile_phone.value).toBe('+••• ••• ••• •78');
    expect(found.social_profile_links.value).toBe('Links to 2 other sites: mastodon.social, janedoe.dev');
    expect(found.social_profile_email).toBeUndefined();
  });

  it('reads the JSON answer of a profile API by its field names, skipping the API’s own URLs', () => {
    const found = byType(
      JSON.stringify({
        login: 'jane_doe',
        url: 'https://api.codehub.io/users/jane_doe',
        avatar: { url: 'https://cdn.codehubusercontent.net/a/1.png' },
        name: 'Jane Doe',
        company: '@acme',
        blog: 'https://janedoe.dev',
        location: 'Lisbon',
        email: 'jane@janedoe.dev',
        bio: null,
      }),
    );
    expect(found.social_profile_location).toMatchObject({ value: 'Lisbon', evidence: { summary: expect.stringContaining('the profile data the site returns'), observed: '"location": "Lisbon"' } });
    expect(found.social_profile_employer.value).toBe('@acme');
    expect(found.social_profile_links.value).toBe('Links to 1 other site: janedoe.dev');
    expect(found.social_profile_email.value).toBe('j•••@j•••.dev');
  });

  it('keeps one place when the same place is read whole and in parts', () => {
    const found = analyze(`<div itemprop="address" itemscope itemtype="https://schema.org/PostalAddress">
      <span itemprop="streetAddress">Rua das Flores 7</span>, <span itemprop="addressLocality">Lisboa</span></div>`);
    expect(found.map((f) => f.value)).toEqual(['Rua das Flores 7, Lisboa']);
  });

  it(`lists at most ${MAX_PROFILE_VALUES} email addresses`, () => {
    const emails = ['a', 'b', 'c', 'd', 'e'].map((x) => `${x}person@mail${x}.org`).join(' ');
    expect(analyze(`<p>${emails}</p>`).filter((f) => f.type === 'social_profile_email')).toHaveLength(MAX_PROFILE_VALUES);
  });

  it('links evidence to the profile only over https', () => {
    const [finding] = analyze('<p>Location: Porto</p>', 'http://127.0.0.1:8080/u/jane');
    expect(finding.evidence.url).toBeUndefined();
    expect(finding.evidence.summary).toContain('(http://127.0.0.1:8080/u/jane)');
  });

  it('does not take long text, URLs or addresses for a place or employer', () => {
    expect(analyze('<p>Location: https://maps.example.org/x</p><p>Company: one two three four five six seven eight nine ten</p>')).toEqual([]);
  });

  it('survives deeply nested and malformed answers', () => {
    let deep: unknown = { location: 'Too deep' };
    for (let i = 0; i < 50; i++) deep = { child: deep };
    expect(analyze(JSON.stringify(deep))).toEqual([]);
    expect(analyze('{"location": "Porto"')).toEqual([]);
    expect(analyze('<div itemprop="homeLocation"><span>Porto')).toEqual([
      expect.objectContaining({ type: 'social_profile_location', value: 'Porto' }),
    ]);
  });
});
