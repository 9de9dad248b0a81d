import { sampleBreach } from '../../../../test/fakes/hibp';
import { NOW, pageVisit, STRONG_HEADERS, thirdPartyRequest, unreachable, websiteSnapshot } from '../../../../test/support/website-snapshots';
import { browserTestOutcome, navigationErrorWords, websiteOutcome } from '../checks/website-audit.runner';
import type { BreachCatalogueService } from '../breach-catalogue/breach-catalogue.service';
import { KeyLoggingCheck } from '../checks/key-logging.check';
import { WebsiteBreachesCheck } from '../checks/website-breaches.check';
import { mergeBreaches } from '../breaches/breach.merger';
import { fromHibp } from '../breaches/breach-record.mapper';
import type { BreachSourceId } from '../../vocabulary/breach-source.catalogue';
import type { TrackerEntry } from '../trackers/tracker.catalogue';
import type { BreachDetail, RiskDetail } from '../../vocabulary/finding.types';
import { analyzeWebsite } from './website.analyzer';
import { analyzeWebsiteBreaches } from './website-breaches.analyzer';

const trackers = {
  match: (host: string): TrackerEntry | undefined =>
    host === 'static.hotjar.com' || host.endsWith('.hotjar.com') ? { domain: 'hotjar.com', company: 'Hotjar (Contentsquare)', category: 'session recording', name: 'Hotjar' } : undefined,
};

describe('analyzeWebsite', () => {
  it('brings every website analyzer together, and says what it graded', () => {
    const snapshot = websiteSnapshot({
      https: {
        headers: { 'set-cookie': 'PHPSESSID=1; Path=/' },
        html: '<script src="https://static.hotjar.com/c/hotjar-1.js"></script><p>Call +44 20 7946 0958</p><address>1 Quay Street, Bristol BS1 4DJ</address>',
      },
    });
    const analysis = analyzeWebsite(snapshot, trackers, NOW)!;
    const types = analysis.findings.map((f) => (f.detail as RiskDetail).type);
    expect(types).toEqual(
      expect.arrayContaining(['csp_missing', 'security_headers_grade', 'cookie_not_secure', 'tracker_session_recording', 'page_phone_number', 'page_postal_address']),
    );
    expect(analysis.grade.grade).toBe('F');
    expect(analysis.message).toBe(
      "Security headers: grade F (0/100), scored the way Mozilla's HTTP Observatory scores sites; analysed https://shop.example.org/ (HTTP 200).",
    );
  });

  it('says when only part of the page was read, or when it is not HTML', () => {
    expect(analyzeWebsite(websiteSnapshot({ https: { headers: STRONG_HEADERS, truncated: true } }), trackers, NOW)!.message).toContain('only the first 2 MB of the page were read');
    const json = analyzeWebsite(websiteSnapshot({ https: { headers: STRONG_HEADERS, contentType: 'application/json', html: '' } }), trackers, NOW)!;
    expect(json.message).toContain('the page is not HTML (application/json), so only its headers and cookies were checked');
  });

  it('has nothing to analyse when neither form answered', () => {
    expect(analyzeWebsite(websiteSnapshot({ https: unreachable(), http: unreachable() }), trackers, NOW)).toBeUndefined();
  });
});

describe('the website check outcome', () => {
  const noBrowser = { kind: 'unavailable', reason: 'Chromium is not available on this server' } as const;
  it('passes a refused or failed fetch on with its message and no findings', () => {
    const refused = websiteOutcome({ site: { status: 'not_applicable', message: 'This URL points to a private or internal address and cannot be checked.' }, render: noBrowser }, trackers, NOW);
    expect(refused).toEqual({ status: 'not_applicable', message: 'This URL points to a private or internal address and cannot be checked.', findings: [] });
    expect(websiteOutcome({ site: { status: 'timed_out', message: 'The website took too long to answer.' }, render: noBrowser }, trackers, NOW).status).toBe('timed_out');
  });

  it("is 'partial' without a browser, saying the page was analysed without running its scripts", () => {
    const outcome = websiteOutcome({ site: { status: 'ok', data: websiteSnapshot({ https: { headers: STRONG_HEADERS } }) }, render: noBrowser }, trackers, NOW);
    expect(outcome).toMatchObject({
      status: 'partial',
      message: expect.stringMatching(/^Analysed without running the page's scripts: Chromium is not available on this server; Security headers: grade A\+ \(125\/100\)/),
      findings: [],
      website: { mode: 'static', fallbackReason: 'Chromium is not available on this server', headerGrade: { grade: 'A+', score: 125 } },
    });
  });

  it('is ok when the page also ran in the browser, and counts what it requested', () => {
    const visit = pageVisit({ requests: [...pageVisit().requests, thirdPartyRequest('https://static.hotjar.com/c/hotjar-9.js')] });
    const outcome = websiteOutcome(
      { site: { status: 'ok', data: websiteSnapshot({ https: { headers: STRONG_HEADERS } }) }, render: { kind: 'rendered', capture: { plain: visit, browserVersion: '150' } } },
      trackers,
      NOW,
    );
    expect(outcome.status).toBe('ok');
    expect(outcome.message).toContain('ran the page in Chromium: 2 requests, 1 of them to 1 third-party hosts, 0 cookies');
    // Session recorders have their own browser test once the page ran.
    expect(outcome.findings.map((f) => (f.detail as RiskDetail).type)).not.toContain('tracker_session_recording');
    expect(outcome.website).toMatchObject({ mode: 'rendered', thirdParties: ['hotjar.com'], trackers: [{ name: 'Hotjar', category: 'session recording' }], requests: { total: 2, thirdParty: 1, failed: 0 } });
  });

  it('counts only what ran: a tag only in the page\'s code is listed apart and weighs nothing', () => {
    // A consent-gated Hotjar tag (type="text/plain") and a commented-out one; the visit never requested it.
    const html = '<script type="text/plain" data-consent="analytics" src="https://static.hotjar.com/c/hotjar-1.js"></script><!-- <script src="https://script.hotjar.com/x.js"></script> -->';
    const site = { status: 'ok' as const, data: websiteSnapshot({ https: { headers: STRONG_HEADERS, html } }) };
    const rendered = websiteOutcome({ site, render: { kind: 'rendered', capture: { plain: pageVisit(), browserVersion: '150' } } }, trackers, NOW);
    expect(rendered.findings.map((f) => (f.detail as RiskDetail).type)).not.toContain('tracker_session_recording');
    expect(rendered.website).toMatchObject({ trackers: [], thirdParties: [], referencedTrackers: [{ name: 'Hotjar', domains: ['hotjar.com'] }] });
    // Once the visit requests it, it is loaded, and no longer "referenced".
    const ran = pageVisit({ requests: [...pageVisit().requests, thirdPartyRequest('https://static.hotjar.com/c/hotjar-1.js')] });
    const loaded = websiteOutcome({ site, render: { kind: 'rendered', capture: { plain: ran, browserVersion: '150' } } }, trackers, NOW);
    expect(loaded.website).toMatchObject({ trackers: [{ name: 'Hotjar' }], referencedTrackers: [] });
    // Without the browser, the HTML is all there is: the held tag is reported as the site's choice (no "referenced" list).
    const staticOnly = websiteOutcome({ site, render: noBrowser }, trackers, NOW);
    expect(staticOnly.website?.trackers).toEqual([expect.objectContaining({ name: 'Hotjar' })]);
    expect(staticOnly.website).not.toHaveProperty('referencedTrackers');
  });

  it("puts Chromium's error codes in words, without Playwright's call log", () => {
    expect(navigationErrorWords('page.goto: net::ERR_CONNECTION_REFUSED at https://x.example/\nCall log:\n  - navigating to "https://x.example/"')).toBe('the site refused the connection');
    expect(navigationErrorWords('page.goto: net::ERR_CERT_AUTHORITY_INVALID at https://x.example/')).toBe("the site's certificate is not valid");
    expect(navigationErrorWords('page.goto: net::ERR_BLOCKED_BY_CLIENT at https://x.example/')).toBe('ERR_BLOCKED_BY_CLIENT');
    expect(navigationErrorWords('page.goto: Target page, context or browser has been closed\nmore')).toBe('Target page, context or browser has been closed');
  });

  it('gives every browser test one short line when the site could not be reached', () => {
    const visit = pageVisit({ status: undefined, navigationError: 'page.goto: net::ERR_NAME_NOT_RESOLVED at https://shop.example.org/' });
    const audit = { site: { status: 'unavailable' as const, message: 'Failed to analyze URL' }, render: { kind: 'rendered' as const, capture: { plain: visit, browserVersion: '150' } } };
    const outcome = browserTestOutcome('key-logging', () => ({ findings: [], message: '' }), audit, trackers);
    expect(outcome).toEqual({ status: 'unavailable', message: 'Not run: the site could not be reached.', findings: [] });
    const fetched = { ...audit, site: { status: 'ok' as const, data: websiteSnapshot({ https: { headers: STRONG_HEADERS } }) } };
    expect(browserTestOutcome('key-logging', () => ({ findings: [], message: '' }), fetched, trackers).message).toBe('Not run: the page did not load in the browser (the site name does not exist in DNS).');
  });

  it('says the key logging test did not run, or ran in part, when the visit ran out of time to type; never "none was sent"', () => {
    const site = { status: 'ok' as const, data: websiteSnapshot({ https: { headers: STRONG_HEADERS } }) };
    const check = new KeyLoggingCheck(undefined as never, undefined as never, undefined as never);
    const outcome = (plain: ReturnType<typeof pageVisit>) =>
      browserTestOutcome('key-logging', (capture) => check.analyze(capture), { site, render: { kind: 'rendered', capture: { plain, browserVersion: '150' } } }, trackers);
    const typed = [{ kind: 'email' as const, value: 'alex.quill.1a2b@example.com', field: 'Email' }];
    expect(outcome(pageVisit({ typing: 'no time' }))).toEqual({ status: 'timed_out', message: "Not run: the visit ran out of time before it could type into the page's fields.", findings: [] });
    expect(outcome(pageVisit({ typing: 'cut' }))).toMatchObject({ status: 'timed_out' });
    expect(outcome(pageVisit({ typing: 'cut', typed }))).toEqual({
      status: 'partial',
      message: 'Typed test values into 1 field (email) without submitting: none was sent to a third party. Partial: the visit ran out of time before it typed into every field in full.',
      findings: [],
    });
    expect(outcome(pageVisit({ typing: 'complete', typed }))).toMatchObject({ status: 'ok', message: 'Typed test values into 1 field (email) without submitting: none was sent to a third party' });
    // A page with no field, typed through in time (and an older capture, without `typing`).
    expect(outcome(pageVisit({ typing: 'complete' }))).toMatchObject({ status: 'ok', message: 'The page has no text, email, search or password field to type into' });
    expect(outcome(pageVisit())).toMatchObject({ status: 'ok' });
    // A logger found while typing is a whole answer, however the typing ended.
    const sent = pageVisit({ typing: 'cut', typed, requests: [thirdPartyRequest(`https://rec.example/c?v=${encodeURIComponent(typed[0].value)}`)] });
    expect(outcome(sent)).toMatchObject({ status: 'ok', findings: [expect.objectContaining({ detail: expect.objectContaining({ type: 'key_logging' }) })] });
  });

  it('gives the Global Privacy Control test no verdict when its visit never loaded the page, and says why; partial when it watched the page much shorter', () => {
    const site = { status: 'ok' as const, data: websiteSnapshot({ https: { headers: STRONG_HEADERS } }) };
    const plain = pageVisit({ requests: [...pageVisit().requests, thirdPartyRequest('https://static.hotjar.com/c/hotjar-9.js')], timings: { load: 1_000, collected: 7_000 } });
    // An empty second visit would read as "honoured": the analyzer must not be asked.
    const honoured = () => ({ findings: [], message: 'Honoured' });
    const cut = pageVisit({ kind: 'gpc', status: undefined, cutShort: true, navigationError: 'page.goto: Target page, context or browser has been closed' });
    const shared = { site, render: { kind: 'rendered' as const, capture: { plain, gpc: cut, browserVersion: '150', sharedBrowser: true } } };
    expect(browserTestOutcome('global-privacy-control', honoured, shared, trackers)).toEqual({
      status: 'timed_out',
      message: 'Not run: the second visit, with Global Privacy Control, did not finish loading the page within its fair share of browser time (7 s; other scans were waiting), so there was nothing to compare.',
      findings: [],
    });
    const failed = pageVisit({ kind: 'gpc', status: undefined, navigationError: 'page.goto: net::ERR_CONNECTION_RESET at https://shop.example.org/' });
    expect(browserTestOutcome('global-privacy-control', honoured, { site, render: { kind: 'rendered', capture: { plain, gpc: failed, browserVersion: '150' } } }, trackers)).toMatchObject({ status: 'unavailable', message: expect.stringContaining('could not load the page (the connection was reset)') });
    const late = pageVisit({ kind: 'gpc', timings: { load: 5_500, collected: 7_000 } });
    expect(browserTestOutcome('global-privacy-control', honoured, { site, render: { kind: 'rendered', capture: { plain, gpc: late, browserVersion: '150' } } }, trackers)).toEqual({
      status: 'partial',
      message: "Honoured. Partial: the browser's record of the page left out the later part of the visit with Global Privacy Control (it watched the page for 1.5 s, the visit without it for 6.0 s).",
      findings: [],
    });
    // Other browser tests are not concerned.
    expect(browserTestOutcome('key-logging', honoured, shared, trackers).status).not.toBe('timed_out');
  });

  it("says 'Failed to analyze URL' when there is no page to analyse", () => {
    expect(websiteOutcome({ site: { status: 'ok', data: websiteSnapshot({ https: unreachable(), http: unreachable() }) }, render: noBrowser }, trackers, NOW)).toEqual({
      status: 'unavailable',
      message: 'Failed to analyze URL',
      findings: [],
    });
  });
});

describe('known breaches of the site', () => {
  /** The check with a catalogue that has `enabled` sources switched on. */
  const websiteBreachesOutcome = (url: string | undefined, store: Pick<BreachCatalogueService, 'findByDomain'>, enabled: BreachSourceId[]) =>
    new WebsiteBreachesCheck({ findByDomain: store.findByDomain, enabledSources: () => enabled } as unknown as BreachCatalogueService).run({ url });
  const catalogue = (refreshedAt: Date | null, breaches = [sampleBreach()]) => ({
    findByDomain: jest.fn(async () => ({
      breaches: refreshedAt ? mergeBreaches({ hibp: breaches.map(fromHibp) }) : [],
      loaded: refreshedAt ? (['hibp'] as BreachSourceId[]) : [],
    })),
  });

  it('lists the breaches HIBP records for the site, newest first, with evidence naming the domain', async () => {
    const older = sampleBreach({ Name: 'Old', Title: 'Old Market', BreachDate: '2015-01-01', PwnCount: 1200 });
    const store = catalogue(new Date(), [older, sampleBreach(), older]);
    const outcome = await websiteBreachesOutcome('https://www.lanternmarket.example/shop', store, ['hibp']);
    expect(store.findByDomain).toHaveBeenCalledWith('www.lanternmarket.example');
    expect(outcome.status).toBe('ok');
    const details = outcome.findings.map((f) => f.detail as BreachDetail);
    expect(outcome.findings.every((f) => f.group === 'breaches')).toBe(true);
    expect(details.map((d) => d.name)).toEqual(['LanternMarket', 'Old']);
    expect(details[0].evidence).toEqual({
      summary: 'Have I Been Pwned lists a breach of lanternmarket.example: Lantern Market, 2021-03-14 (48,213 accounts)',
      url: 'https://haveibeenpwned.com/PwnedWebsites#LanternMarket',
    });
    expect(details[0].risk).toBe('critical');
  });

  it('is unavailable, not clean, while no catalogue has been loaded', async () => {
    const store = catalogue(null);
    expect(await websiteBreachesOutcome('https://lanternmarket.example/', store, ['hibp', 'xposedornot'])).toMatchObject({
      status: 'unavailable',
      message: 'No breach catalogue has been loaded on this server yet.',
      findings: [],
      sources: [
        { id: 'hibp', status: 'unavailable' },
        { id: 'xposedornot', status: 'unavailable' },
      ],
    });
  });

  it('says which catalogue it checked when only one of the enabled ones is loaded', async () => {
    const outcome = await websiteBreachesOutcome('https://lanternmarket.example/', catalogue(new Date()), ['hibp', 'xposedornot']);
    expect(outcome.status).toBe('ok');
    expect(outcome.message).toBe("Checked Have I Been Pwned's catalogue only: XposedOrNot's breach catalogue has not been loaded on this server yet.");
    expect(outcome.sources?.map((s) => [s.id, s.status])).toEqual([
      ['hibp', 'ok'],
      ['xposedornot', 'unavailable'],
    ]);
  });

  it('looks nothing up for an IP address, which has no domain', async () => {
    const store = catalogue(new Date());
    expect(await websiteBreachesOutcome('https://127.0.0.1:8443/', store, ['hibp'])).toEqual({ status: 'ok', findings: [] });
    expect(await websiteBreachesOutcome('http://[::1]/', store, ['hibp'])).toEqual({ status: 'ok', findings: [] });
    expect(store.findByDomain).not.toHaveBeenCalled();
  });

  it("uses the spec's messages for a missing or unreadable URL", async () => {
    expect((await websiteBreachesOutcome(undefined, catalogue(new Date()), ['hibp'])).message).toBe('No URL provided');
    expect((await websiteBreachesOutcome('not a url', catalogue(new Date()), ['hibp'])).message).toBe('Invalid URL format');
  });

  it('keeps HIBP’s flags as they are', () => {
    const [finding] = analyzeWebsiteBreaches(mergeBreaches({ hibp: [fromHibp(sampleBreach({ IsSensitive: true, IsSpamList: true }))] }));
    expect(finding.detail).toMatchObject({ isSensitive: true, isSpamList: true, risk: 'low' });
  });
});
