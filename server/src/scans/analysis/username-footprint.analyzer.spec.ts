import { SOCIAL_PLATFORM_CATALOGUE } from '../../vocabulary/social-platform.catalogue';
import type { UsernameFootprint, UsernameSiteResult } from '../username/username-site.types';
import type { RiskDetail } from '../../vocabulary/finding.types';
import { buildRecommendations } from './recommendations.builder';
import { privacyScoreOf } from './scoring.rules';
import { analyzeUsernameFootprint, footprintMessage } from './username-footprint.analyzer';

const site = (name: string, outcome: UsernameSiteResult['outcome'], extra: Partial<UsernameSiteResult> = {}): UsernameSiteResult => ({
  site: name,
  category: 'social',
  origin: 'built-in',
  url: `https://${name.toLowerCase()}.example.org/jane_doe`,
  outcome,
  reason: outcome === 'hit' ? 'HTTP 200 and the profile marker' : outcome === 'miss' ? 'HTTP 404' : 'timed out after 5 s',
  ...(outcome !== 'unknown' ? { httpStatus: outcome === 'hit' ? 200 : 404 } : {}),
  ...extra,
});
const footprint = (...sites: UsernameSiteResult[]): UsernameFootprint => ({ checked: sites.length, sites, lists: { builtIn: sites.length, configured: 0, list: null } });
const details = (analysis: ReturnType<typeof analyzeUsernameFootprint>) => analysis.findings.map((f) => ({ group: f.group, ...(f.detail as RiskDetail) }));

describe('analyzeUsernameFootprint', () => {
  it('makes each hit one socialMedia finding with the link to check, and never a miss or an unknown', () => {
    const analysis = analyzeUsernameFootprint(footprint(site('CodeHub', 'hit'), site('Snapverse', 'miss'), site('Walled', 'unknown')), { handle: 'jane_doe' });
    expect(details(analysis)).toEqual([
      {
        group: 'socialMedia',
        kind: 'risk',
        type: 'username_found',
        value: 'An account named jane_doe on CodeHub',
        source: 'Footprint username check',
        platform: 'CodeHub',
        risk: 'medium',
        evidence: {
          summary: 'CodeHub (social) has an account named jane_doe: HTTP 200 and the profile marker',
          observed: 'https://codehub.example.org/jane_doe → HTTP 200',
          url: 'https://codehub.example.org/jane_doe',
        },
      },
    ]);
    expect(analysis.counts).toEqual({ checked: 3, found: 1, notFound: 1, unknown: 1 });
    expect(analysis.message).toBe("Checked 3 sites (Footprint's own list): 1 found, 1 not found, 1 could not be determined");
    expect(analysis.siteList).toEqual({ builtIn: 3, configured: 0 });
  });

  it('scores only the hits: unknowns cost nothing', () => {
    const unknowns = Array.from({ length: 10 }, (_, i) => site(`Walled${i}`, 'unknown'));
    const analysis = analyzeUsernameFootprint(footprint(site('CodeHub', 'hit'), ...unknowns), { handle: 'jane_doe' });
    expect(privacyScoreOf(analysis.findings, { at: new Date('2026-01-01T00:00:00Z') })).toBe(95);
    expect(analyzeUsernameFootprint(footprint(...unknowns), { handle: 'jane_doe' }).findings).toEqual([]);
  });

  it('lists every site asked, with outcome and reason but without status or page', () => {
    const analysis = analyzeUsernameFootprint(
      footprint(site('CodeHub', 'hit', { profileHtml: '<p>Location: Porto</p>', platform: 'instagram' }), site('Walled', 'unknown')),
      { handle: 'jane_doe' },
    );
    expect(analysis.sites).toEqual([
      { site: 'CodeHub', category: 'social', url: 'https://codehub.example.org/jane_doe', outcome: 'hit', reason: 'HTTP 200 and the profile marker' },
      { site: 'Walled', category: 'social', url: 'https://walled.example.org/jane_doe', outcome: 'unknown', reason: 'timed out after 5 s' },
    ]);
  });

  it("adds what a hit's public profile shows, as personal and location findings", () => {
    const analysis = analyzeUsernameFootprint(
      footprint(site('CodeHub', 'hit', { profileHtml: '<div itemprop="homeLocation">Porto</div><a href="mailto:jane@janedoe.dev">mail</a>' })),
      { handle: 'jane_doe' },
    );
    expect(details(analysis).map((f) => [f.group, f.type, f.platform])).toEqual([
      ['socialMedia', 'username_found', 'CodeHub'],
      ['personalInfo', 'social_profile_email', 'CodeHub'],
      ['locationData', 'social_profile_location', 'CodeHub'],
    ]);
  });

  it('counts one account once: two checks of one service are one finding, and no reuse', () => {
    const analysis = analyzeUsernameFootprint(
      footprint(
        site('Mastodon.social', 'hit', { url: 'https://mastodon.social/@jane_doe' }),
        site('Mastodon API', 'hit', { url: 'https://mastodon.social/api/v1/accounts/lookup?acct=jane_doe' }),
        site('GitHub', 'hit', { url: 'https://github.com/jane_doe' }),
        site('GitHub (Gists)', 'hit', { url: 'https://gist.github.com/jane_doe' }),
      ),
      { handle: 'jane_doe' },
    );
    expect(analysis.counts.found).toBe(2);
    const found = details(analysis).filter((f) => f.type === 'username_found');
    expect(found.map((f) => f.platform)).toEqual(['Mastodon.social', 'GitHub']);
    expect(found[0].evidence?.summary).toContain('also answered by the check Mastodon API: the same account, counted once');
    expect(details(analysis).find((f) => f.type === 'username_reused')).toMatchObject({ value: 'The username jane_doe is taken on 2 sites', evidence: { observed: 'Mastodon.social, GitHub' } });
  });

  it('adds the reuse risk once the name is taken on two sites or more', () => {
    expect(details(analyzeUsernameFootprint(footprint(site('A', 'hit')), { handle: 'x' })).map((f) => f.type)).toEqual(['username_found']);
    const reused = details(analyzeUsernameFootprint(footprint(site('A', 'hit'), site('B', 'hit', { url: 'https://b.example.net/jane_doe' }), site('C', 'miss')), { handle: 'jane_doe' }));
    expect(reused.find((f) => f.type === 'username_reused')).toMatchObject({
      group: 'socialMedia',
      value: 'The username jane_doe is taken on 2 sites',
      evidence: { observed: 'A, B' },
    });
  });

  it("adds the named platform's catalogued risks when the name is a hit there, with that hit as evidence", () => {
    const analysis = analyzeUsernameFootprint(
      footprint(site('Instagram', 'hit', { platform: 'instagram', url: 'https://www.instagram.com/jane_doe/' }), site('CodeHub', 'miss')),
      { handle: 'jane_doe', platform: 'instagram' },
    );
    const platformRisks = details(analysis).filter((f) => f.type !== 'username_found');
    expect(platformRisks.map((f) => f.type)).toEqual(SOCIAL_PLATFORM_CATALOGUE.instagram.risks.map((r) => r.type));
    for (const risk of platformRisks) {
      expect(risk).toMatchObject({
        group: 'socialMedia',
        risk: 'medium',
        platform: 'Instagram',
        source: 'Footprint social platform rules',
        evidence: { url: 'https://www.instagram.com/jane_doe/', summary: expect.stringContaining('Instagram has an account named jane_doe') },
      });
    }
    // Their advice reaches the recommendations grid.
    const actions = buildRecommendations(analysis.findings, 20).map((r) => r.action);
    expect(actions).toContain(SOCIAL_PLATFORM_CATALOGUE.instagram.risks[0].recommendation.action);
  });

  it("adds no generic platform risks for a platform nothing checked (LinkedIn) or whose site could not tell: they would score a missing name", () => {
    const profileUrl = 'https://www.linkedin.com/in/jane_doe';
    const notListed = analyzeUsernameFootprint(footprint(site('CodeHub', 'miss')), { handle: 'jane_doe', platform: 'linkedin', profileUrl });
    expect(notListed.findings).toEqual([]);
    const walled = analyzeUsernameFootprint(footprint(site('TikTok', 'unknown', { platform: 'tiktok' })), {
      handle: 'jane_doe',
      platform: 'tiktok',
      profileUrl: 'https://www.tiktok.com/@jane_doe',
    });
    expect(walled.findings).toEqual([]);
  });

  it('shows the address actually asked beside the profile link in a hit\'s evidence', () => {
    const analysis = analyzeUsernameFootprint(
      footprint(site('GitHub', 'hit', { url: 'https://github.com/jane_doe', askedUrl: 'https://api.github.com/users/jane_doe', httpStatus: 200 })),
      { handle: 'jane_doe' },
    );
    expect(details(analysis)[0]).toMatchObject({ evidence: { observed: 'https://api.github.com/users/jane_doe → HTTP 200 (profile: https://github.com/jane_doe)', url: 'https://github.com/jane_doe' } });
    expect(analysis.sites[0]).toMatchObject({ url: 'https://github.com/jane_doe', askedUrl: 'https://api.github.com/users/jane_doe' });
  });

  it('adds no platform risks for a plain @name found on one of the seven platforms (the name may be a stranger\'s)', () => {
    const analysis = analyzeUsernameFootprint(footprint(site('Reddit', 'hit', { platform: 'reddit', url: 'https://www.reddit.com/user/jane_doe' })), { handle: 'jane_doe' });
    expect(details(analysis).map((f) => f.type)).toEqual(['username_found']);
  });

  it('adds no platform risks where the account was found missing, nor for a name that is nowhere', () => {
    const missThere = analyzeUsernameFootprint(footprint(site('Instagram', 'miss', { platform: 'instagram' }), site('CodeHub', 'hit')), {
      handle: 'jane_doe',
      platform: 'instagram',
      profileUrl: 'https://www.instagram.com/jane_doe/',
    });
    expect(details(missThere).map((f) => f.type)).toEqual(['username_found']);
    const nowhere = analyzeUsernameFootprint(footprint(site('CodeHub', 'miss'), site('Walled', 'unknown')), { handle: 'jane_doe' });
    expect(nowhere.findings).toEqual([]);
  });

  it('links evidence only over https', () => {
    const [finding] = details(analyzeUsernameFootprint(footprint(site('Local', 'hit', { url: 'http://127.0.0.1:9/u/jane' })), { handle: 'jane' }));
    expect(finding.evidence.url).toBeUndefined();
    expect(finding.evidence.observed).toBe('http://127.0.0.1:9/u/jane → HTTP 200');
  });

  it('words the message for one site', () => {
    expect(footprintMessage({ checked: 1, found: 0, notFound: 1, unknown: 0 })).toBe('Checked 1 site: 0 found, 1 not found, 0 could not be determined');
  });

  describe('the credit the result carries', () => {
    const wmn = { name: 'WhatsMyName', url: 'https://github.com/WebBreacher/WhatsMyName', license: 'CC BY-SA 4.0', licenseUrl: 'https://creativecommons.org/licenses/by-sa/4.0/' };
    it('credits the configured list with its licence and link, and says when it was not loaded', () => {
      const analysis = analyzeUsernameFootprint(
        { ...footprint(site('CodeHub', 'hit')), lists: { builtIn: 0, configured: 1, list: { credit: wmn, loaded: true } } },
        { handle: 'jane_doe' },
      );
      expect(analysis.siteList).toEqual({ builtIn: 0, configured: 1, list: { ...wmn, loaded: true } });
      expect(analysis.message).toBe("Checked 1 site (WhatsMyName's list): 1 found, 0 not found, 0 could not be determined");
    });
  });
});
