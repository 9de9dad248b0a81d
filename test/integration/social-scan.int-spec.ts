import { UsernameSiteListService } from '../../server/src/scans/username/username-site-list.service';
import type { UsernameSite } from '../../server/src/scans/username/username-site.types';
import { FakeUsernameSites } from '../fakes/username-sites';
import { freshIp, signUp } from '../support/auth';
import { createTestApp, TestApp } from '../support/test-app';

const TAKEN = 'jane_doe';

// A social scan end to end: POST /api/scans with '@name' or a profile URL, the configured site list
// served by the fakes, every site asked over HTTP through the SSRF guard, the answers analysed,
// scored and returned with the per-site list.
describe('social media scans', () => {
  const fakes = new FakeUsernameSites([
    {
      name: 'Profiles',
      behaviour: 'honest',
      accounts: [TAKEN],
      category: 'coding',
      profileExtra: '<ul><li itemprop="homeLocation">Lisbon, Portugal</li><li><a href="mailto:jane.doe@janedoe.dev">jane.doe@janedoe.dev</a></li></ul>',
    },
    { name: 'Photogram', behaviour: 'honest', accounts: [TAKEN] },
    { name: 'CatchAll', behaviour: 'catch-all', accounts: [TAKEN] },
    { name: 'Missing', behaviour: 'honest', accounts: [] },
    { name: 'Walled', behaviour: 'bot-wall-403', accounts: [TAKEN] },
  ]);
  let t: TestApp;
  /** Only these sites, when set (a test of a footprint without any usable answer). */
  let onlySites: string[] | undefined;

  beforeAll(async () => {
    await fakes.start();
    t = await createTestApp({
      USERNAME_SITE_LIST_URL: fakes.listUrl,
      USERNAME_BUILTIN_SITES: 'false',
      USERNAME_CHECK_TIMEOUT_MS: '3000',
      SCAN_CHECK_TIMEOUT_MS: '8000',
      SCAN_TIMEOUT_MS: '8000',
      FETCH_ALLOWED_PORTS: fakes.ports.join(','),
      FETCH_ALLOWED_ADDRESSES: '127.0.0.1/32',
    });
    const list = t.app.get(UsernameSiteListService);
    expect(await list.refresh()).toMatchObject({ status: 'refreshed', siteCount: 5 });
    // A configured entry becomes a profile page or a platform only by replacing a built-in entry on
    // the same real host (instagram.com, github.com), which a fake on 127.0.0.1 cannot be. These two
    // fakes stand in for such entries: everything else (the list, the requests, the answers) is real.
    const inUse = list.inUse.bind(list);
    jest.spyOn(list, 'inUse').mockImplementation(async () => {
      const real = await inUse();
      const sites = real.sites
        .filter((site) => !onlySites || onlySites.includes(site.name))
        .map((site): UsernameSite => {
          if (site.name === 'Profiles') return { ...site, profilePage: true };
          if (site.name === 'Photogram') return { ...site, platform: 'instagram' };
          return site;
        });
      return { ...real, sites };
    });
  });

  afterAll(async () => {
    await t?.close();
    await fakes.close();
  });

  beforeEach(() => {
    onlySites = undefined;
  });

  const visitorScan = (input: string) => t.http().post('/api/scans').set('X-Forwarded-For', freshIp()).send({ input }).expect(200);

  it("turns '@name' into one finding per site it is taken on, with the profile's personal data, and lists every site", async () => {
    const { body } = await visitorScan(`@${TAKEN}`);
    expect(body).toMatchObject({ input: `@${TAKEN}`, inputType: 'social', mode: 'real', detailsIncluded: false });
    expect(body.checks).toEqual([
      expect.objectContaining({ id: 'username', status: 'ok', message: "Checked 5 sites (WhatsMyName's list): 3 found, 1 not found, 1 could not be determined", findings: 6 }),
    ]);
    // Three hits and the reuse risk; the profile's email and place; nothing for the miss or the bot wall.
    expect(body.socialMedia).toMatchObject({ count: 4, details: [], summary: 'Found 4 social media risks' });
    expect(body.personalInfo).toMatchObject({ count: 1, summary: 'Found 1 piece of public personal information' });
    expect(body.locationData).toMatchObject({ count: 1, summary: 'Found 1 public location detail' });
    // docs/SCORING.md: four medium social risks, the profile's email and place (medium): 6 × 5.
    expect(body.privacyScore).toBe(100 - 6 * 5);

    const origin = (name: string) => fakes.site(name).origin;
    expect(body.usernameSites).toEqual([
      { site: 'CatchAll', category: 'social', url: `${origin('CatchAll')}/u/${TAKEN}`, outcome: 'hit', reason: 'HTTP 200 and the profile marker' },
      { site: 'Photogram', category: 'social', url: `${origin('Photogram')}/u/${TAKEN}`, outcome: 'hit', reason: 'HTTP 200 and the profile marker' },
      { site: 'Profiles', category: 'coding', url: `${origin('Profiles')}/u/${TAKEN}`, outcome: 'hit', reason: 'HTTP 200 and the profile marker' },
      { site: 'Walled', category: 'social', url: `${origin('Walled')}/u/${TAKEN}`, outcome: 'unknown', reason: 'bot wall (HTTP 403 with a challenge page)' },
      { site: 'Missing', category: 'social', url: `${origin('Missing')}/u/${TAKEN}`, outcome: 'miss', reason: 'HTTP 404 (a missing account)' },
    ]);
    // The list served at …/wmn-data.json is credited as WhatsMyName's, with its licence and links.
    expect(body.usernameSiteList).toEqual({
      builtIn: 0,
      configured: 5,
      list: { name: 'WhatsMyName', url: 'https://github.com/WebBreacher/WhatsMyName', license: 'CC BY-SA 4.0', licenseUrl: 'https://creativecommons.org/licenses/by-sa/4.0/', loaded: true },
    });
    // The recommendations come from the social catalogue.
    expect(body.recommendations.map((r: { action: string }) => r.action)).toEqual(
      expect.arrayContaining([expect.stringContaining('Remove the email address from the public profile'), expect.stringContaining('For each site where this username was found')]),
    );
  });

  it('shows signed-in users each finding with its evidence, and the platform’s risks for a profile URL whose name is taken there', async () => {
    const user = await signUp(t);
    const { body } = await t
      .http()
      .post('/api/scans')
      .auth(user.accessToken, { type: 'bearer' })
      .send({ input: `https://www.instagram.com/${TAKEN}/?igsh=abc123` })
      .expect(200);
    expect(body).toMatchObject({ inputType: 'instagram', mode: 'real', detailsIncluded: true, scanId: expect.any(String) });
    expect(body.checks.map((c: { id: string; status: string }) => [c.id, c.status])).toEqual(
      expect.arrayContaining([
        ['url-input', 'ok'],
        ['username', 'ok'],
      ]),
    );

    const social = body.socialMedia.details as { type: string; platform?: string; value: string; risk: string; evidence: { summary: string; observed?: string } }[];
    expect(social.find((d) => d.type === 'username_found' && d.platform === 'Photogram')).toMatchObject({
      value: `An account named ${TAKEN} on Photogram`,
      risk: 'medium',
      evidence: { summary: `Photogram (social) has an account named ${TAKEN}: HTTP 200 and the profile marker`, observed: `${fakes.site('Photogram').origin}/u/${TAKEN} → HTTP 200` },
    });
    const platformRisks = social.filter((d) => d.type.startsWith('instagram_'));
    expect(platformRisks.map((d) => d.type)).toEqual(['instagram_public_account', 'instagram_location_tags', 'instagram_account_suggestions', 'instagram_activity_status']);
    for (const risk of platformRisks) {
      expect(risk).toMatchObject({ platform: 'Instagram', risk: 'medium', evidence: { summary: expect.stringContaining(`Photogram has an account named ${TAKEN}`) } });
    }
    // The tracking parameter of the shared link is a finding of its own (the URL check).
    expect(body.metadata.details).toEqual([expect.objectContaining({ type: 'url_tracking_parameters' })]);

    expect(body.locationData.details).toEqual([
      expect.objectContaining({ type: 'social_profile_location', value: 'Lisbon, Portugal', platform: 'Profiles', evidence: expect.objectContaining({ summary: expect.stringContaining('schema.org microdata') }) }),
    ]);
    const [email] = body.personalInfo.details;
    expect(email).toMatchObject({ type: 'social_profile_email', value: 'j•••@j•••.dev', platform: 'Profiles' });
    expect(JSON.stringify(body)).not.toContain('jane.doe@janedoe.dev');
    expect(body.recommendations.map((r: { action: string }) => r.action)).toEqual(expect.arrayContaining([expect.stringContaining('Account privacy and turn on Private account')]));
  });

  it('finds a free name nowhere, traps included, and says so as a real, clean result', async () => {
    const { body } = await visitorScan('@nobody_here');
    expect(body.mode).toBe('real');
    expect(body.privacyScore).toBe(100);
    expect(body.socialMedia).toMatchObject({ count: 0, summary: 'No social media risks found' });
    expect(body.checks[0]).toMatchObject({ id: 'username', status: 'ok', message: "Checked 5 sites (WhatsMyName's list): 0 found, 4 not found, 1 could not be determined" });
    const outcomes = Object.fromEntries((body.usernameSites as { site: string; outcome: string }[]).map((s) => [s.site, s.outcome]));
    expect(outcomes).toEqual({ CatchAll: 'miss', Photogram: 'miss', Profiles: 'miss', Missing: 'miss', Walled: 'unknown' });
  });

  it("calls a profile link that names no account 'Unsupported social media platform' and asks no site", async () => {
    const before = fakes.global.total;
    const { body } = await visitorScan('https://www.instagram.com/p/C1a2b3c4d5e/');
    expect(body.mode).toBe('real');
    expect(body.checks).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: 'username', status: 'not_applicable', message: expect.stringMatching(/^Unsupported social media platform: /), findings: 0 }),
        expect.objectContaining({ id: 'url-input', status: 'ok' }),
      ]),
    );
    expect(body.usernameSites).toBeUndefined();
    expect(fakes.global.total).toBe(before);
  });

  it("reports 'Failed to analyze social media profile' and falls back to the labelled demo when no site gives a usable answer", async () => {
    onlySites = ['Walled'];
    const { body } = await visitorScan(`@${TAKEN}`);
    expect(body.checks).toEqual([
      expect.objectContaining({ id: 'username', status: 'unavailable', message: expect.stringMatching(/^Failed to analyze social media profile: None of the 1 sites \(WhatsMyName's list\) gave a usable answer/), findings: 0 }),
    ]);
    expect(body.mode).toBe('demo');
    expect(body.usernameSites).toBeUndefined();
  });
});
