import { cookieNameKey, findingKey, WEBSITE_DIFF_RULES, WEBSITE_RULE_IDS, WebsiteRuleId } from './website-diff.rules';
import type { WebsiteWatchSnapshot } from './website-snapshot.rules';
import { SKIP_REASONS, stepWebsiteWatch, WebsiteWatchState } from './website-watch.rules';

/** A rendered snapshot of a well-kept shop: Google Tag Manager, a CDN, A+ headers, GPC honoured. */
function snapshot(patch: Partial<WebsiteWatchSnapshot> = {}): WebsiteWatchSnapshot {
  return {
    url: 'https://shop.example/',
    pageUrl: 'https://shop.example/',
    mode: 'rendered',
    headerGrade: { grade: 'A+', score: 105 },
    headers: [
      { test: 'content-security-policy', outcome: 'csp-implemented-with-no-unsafe', pass: true, description: "CSP without 'unsafe-inline' or 'unsafe-eval'", observed: "default-src 'self'" },
      { test: 'strict-transport-security', outcome: 'hsts-implemented-max-age-at-least-six-months', pass: true, description: 'HSTS for at least six months', observed: 'max-age=31536000' },
      { test: 'x-content-type-options', outcome: 'x-content-type-options-nosniff', pass: true, description: 'X-Content-Type-Options: nosniff', observed: 'nosniff' },
      { test: 'redirection', outcome: 'redirection-to-https', pass: true, description: 'http redirects to https on the same host' },
    ],
    thirdParties: [
      { domain: 'googletagmanager.com', example: 'script request while the page ran: https://www.googletagmanager.com/gtm.js' },
      { domain: 'static-assets.example', example: 'script request while the page ran: https://cdn2.static-assets.example/lib.js' },
    ],
    trackers: [{ name: 'Google Tag Manager', company: 'Google', category: 'tag manager', domains: ['googletagmanager.com'] }],
    cookies: [
      { name: 'sid', domain: 'shop.example', party: 'first', setBy: 'header', tracking: false },
      { name: '_ga', domain: 'shop.example', party: 'first', setBy: 'script', tracking: true },
    ],
    tests: [
      { id: 'canvas-fingerprinting', status: 'ok', findings: [] },
      { id: 'font-fingerprinting', status: 'ok', findings: [] },
      { id: 'key-logging', status: 'ok', findings: [] },
      { id: 'session-recording', status: 'ok', findings: [] },
      { id: 'global-privacy-control', status: 'ok', findings: [] },
    ],
    gpc: { outcome: 'honoured', without: { trackers: ['Meta Pixel'], cookies: ['_fbp'], pixels: [] }, stillWith: { trackers: [], cookies: [], pixels: [] } },
    ...patch,
  };
}

const withTest = (s: WebsiteWatchSnapshot, id: string, findings: { type: string; value: string; evidence?: string }[], status = 'ok'): WebsiteWatchSnapshot => ({
  ...s,
  tests: s.tests.map((t) => (t.id === id ? { ...t, status: status as never, findings } : t)),
});

/** Runs the snapshots through the watch, one after another; the steps' alerts by run. */
function run(...snapshots: WebsiteWatchSnapshot[]) {
  let state: WebsiteWatchState | undefined;
  return snapshots.map((s) => {
    const step = stepWebsiteWatch(state, s);
    state = step.state;
    return step;
  });
}

const hotjar = (s: WebsiteWatchSnapshot): WebsiteWatchSnapshot => ({
  ...s,
  thirdParties: [...s.thirdParties, { domain: 'hotjar.com', example: 'script request while the page ran: https://static.hotjar.com/c/hotjar-3141.js' }],
  trackers: [...s.trackers, { name: 'Hotjar', company: 'Hotjar', category: 'session recording', domains: ['hotjar.com'] }],
});

describe('website diff rules', () => {
  it('every rule id has exactly one rule', () => {
    expect(WEBSITE_DIFF_RULES.map((r) => r.id).sort()).toEqual([...WEBSITE_RULE_IDS].sort());
  });

  // Each change, from the baseline snapshot, seen by two runs in a row: the alerts of the second.
  const changes: [string, (s: WebsiteWatchSnapshot) => WebsiteWatchSnapshot, { rule: WebsiteRuleId; title: string; before?: string; after?: string; evidence?: string[] }[]][] = [
    [
      'a new unknown third party',
      (s) => ({ ...s, thirdParties: [...s.thirdParties, { domain: 'widgets.example', example: 'script request while the page ran: https://api.widgets.example/embed.js' }] }),
      [{ rule: 'third_party_added', title: 'New third party: widgets.example', evidence: ['script request while the page ran: https://api.widgets.example/embed.js'] }],
    ],
    [
      'a new session recorder in the tracker catalogue is one alert, the tracker',
      (s) => withTest(hotjar(s), 'session-recording', [{ type: 'tracker_session_recording', value: 'Hotjar', evidence: 'https://static.hotjar.com/c/hotjar-3141.js' }]),
      [{ rule: 'tracker_added', title: 'New tracker: Hotjar (Hotjar, session recording)' }],
    ],
    ['a new tracker is one alert, not also a third party', hotjar, [{ rule: 'tracker_added', title: 'New tracker: Hotjar (Hotjar, session recording)', evidence: ['script request while the page ran: https://static.hotjar.com/c/hotjar-3141.js'] }]],
    [
      'a new tracking cookie',
      (s) => ({ ...s, cookies: [...s.cookies, { name: '_fbp', domain: 'shop.example', party: 'first', setBy: 'script', tracking: true }] }),
      [{ rule: 'tracking_cookie_added', title: 'New tracking cookie: _fbp', after: '_fbp: first-party cookie on shop.example, set by a script' }],
    ],
    ['a new cookie that does not track is no alert', (s) => ({ ...s, cookies: [...s.cookies, { name: 'theme', domain: 'shop.example', party: 'first', setBy: 'script', tracking: false }] }), []],
    [
      'HSTS removed: the header and the grade',
      (s) => ({
        ...s,
        headerGrade: { grade: 'A', score: 85 },
        headers: s.headers.map((h) => (h.test === 'strict-transport-security' ? { test: h.test, outcome: 'hsts-not-implemented', pass: false, description: 'no HSTS' } : h)),
      }),
      [
        { rule: 'grade_dropped', title: 'Security header grade dropped from A+ (105/100) to A (85/100)', before: 'A+ (105/100)', after: 'A (85/100)', evidence: ['Now failing: no HSTS'] },
        {
          rule: 'header_removed',
          title: 'Security header removed: Strict-Transport-Security',
          before: 'HSTS for at least six months — Strict-Transport-Security: max-age=31536000',
          after: 'no HSTS',
          evidence: ['Before: Strict-Transport-Security: max-age=31536000', 'Now: no HSTS'],
        },
      ],
    ],
    [
      'a header weakened lowers the grade but removes nothing',
      (s) => ({
        ...s,
        headerGrade: { grade: 'A', score: 95 },
        headers: s.headers.map((h) => (h.test === 'strict-transport-security' ? { ...h, outcome: 'hsts-implemented-max-age-less-than-six-months', pass: false, description: 'HSTS for less than six months' } : h)),
      }),
      [{ rule: 'grade_dropped', title: 'Security header grade dropped from A+ (105/100) to A (95/100)', evidence: ['Now failing: HSTS for less than six months'] }],
    ],
    ['a better grade is no alert', (s) => ({ ...s, headerGrade: { grade: 'A+', score: 115 } }), []],
    [
      'new canvas fingerprinting',
      (s) => withTest(s, 'canvas-fingerprinting', [{ type: 'canvas_fingerprinting', value: 'Canvas fingerprinting by fp.vendor.example', evidence: 'script: https://fp.vendor.example/v3.js?cb=91' }]),
      [{ rule: 'canvas_fingerprinting_added', title: 'New canvas fingerprinting: Canvas fingerprinting by fp.vendor.example', evidence: ['script: https://fp.vendor.example/v3.js?cb=91'] }],
    ],
    ['new font fingerprinting', (s) => withTest(s, 'font-fingerprinting', [{ type: 'canvas_font_fingerprinting', value: 'Font fingerprinting by fonts.vendor.example' }]), [{ rule: 'font_fingerprinting_added', title: 'New font fingerprinting: Font fingerprinting by fonts.vendor.example' }]],
    [
      'new key logging',
      (s) => withTest(s, 'key-logging', [{ type: 'key_logging', value: 'Email typed into "email" sent to rec.keylog.example (base64)' }]),
      [{ rule: 'key_logging_added', title: 'New key logging: Email typed into "email" sent to rec.keylog.example (base64)' }],
    ],
    ['a new session recorder', (s) => withTest(s, 'session-recording', [{ type: 'tracker_session_recording', value: 'Microsoft Clarity' }]), [{ rule: 'session_recording_added', title: 'New session recorder: Microsoft Clarity' }]],
    [
      'GPC honoured, then not',
      (s) => ({ ...s, gpc: { outcome: 'not_honoured', without: { trackers: ['Meta Pixel'], cookies: ['_fbp'], pixels: [] }, stillWith: { trackers: ['Meta Pixel'], cookies: ['_fbp'], pixels: [] } } }),
      [{ rule: 'gpc_no_longer_honoured', title: 'Global Privacy Control is no longer honoured', evidence: ['Still there: Meta Pixel', 'Still there: _fbp cookie'] }],
    ],
    ['GPC from honoured to nothing to honour is no alert', (s) => ({ ...s, gpc: { outcome: 'nothing_to_honour', without: { trackers: [], cookies: [], pixels: [] }, stillWith: { trackers: [], cookies: [], pixels: [] } } }), []],
    [
      'noise: cache busters, a rotating CDN host, cookie values and ids',
      (s) => ({
        ...s,
        // The same registrable domain from another CDN host, with another cache buster in its evidence.
        thirdParties: s.thirdParties.map((p) => (p.domain === 'static-assets.example' ? { ...p, example: 'script request while the page ran: https://cdn3.static-assets.example/lib.js' } : p)),
        requests: { total: 41, thirdParty: 12, failed: 1 },
      }),
      [],
    ],
  ];

  it.each(changes)('%s', (_name, change, expected) => {
    const base = snapshot();
    const [first, seen, confirmed] = run(base, change(base), change(base));
    expect(first.alerts).toEqual([]);
    expect(first.baselined.sort()).toEqual([...WEBSITE_RULE_IDS].sort());
    // Rules that ask for confirmation alert on the second sighting, the others at once.
    const now = [...seen.alerts, ...confirmed.alerts];
    expect(now.map((a) => a.rule).sort()).toEqual(expected.map((e) => e.rule).sort());
    for (const want of expected) {
      const rule = WEBSITE_DIFF_RULES.find((r) => r.id === want.rule)!;
      const alert = (rule.confirm ? confirmed : seen).alerts.find((a) => a.rule === want.rule);
      expect(alert).toMatchObject({ title: want.title, ...(want.before ? { before: want.before } : {}), ...(want.after ? { after: want.after } : {}), ...(want.evidence ? { evidence: want.evidence } : {}) });
      expect(alert!.recommendation.length).toBeGreaterThan(20);
      if (rule.confirm) expect(seen.pending.map((p) => p.rule)).toContain(want.rule);
    }
    // Reported once: a fourth run with the same site is quiet.
    expect(run(base, change(base), change(base), change(base))[3].alerts).toEqual([]);
  });

  it('a third party that comes and goes in one run only is dropped, never alerted', () => {
    const base = snapshot();
    const once = { ...base, thirdParties: [...base.thirdParties, { domain: 'oneoff-ads.example', example: 'image request while the page ran: https://px.oneoff-ads.example/p.gif' }] };
    const steps = run(base, base, once, base, base);
    expect(steps.flatMap((s) => s.alerts)).toEqual([]);
    expect(steps[2].pending.map((p) => p.key)).toEqual(['third_party_added|oneoff-ads.example']);
    expect(steps[3].dropped).toEqual(['third_party_added|oneoff-ads.example']);
    expect(steps[3].state.pending).toEqual([]);
  });

  it('an item that shows on every other visit stays accepted (a removal needs two misses) and never alerts again', () => {
    const base = hotjar(snapshot());
    const without = snapshot();
    const steps = run(base, without, base, without, base, without, without, base, base);
    // Gone twice in a row (runs 6 and 7), then back twice: one alert, at the end.
    expect(steps.map((s) => s.alerts.map((a) => a.rule))).toEqual([[], [], [], [], [], [], [], [], ['tracker_added']]);
  });

  it('keys ignore what differs per visit', () => {
    expect(cookieNameKey('_hp2_id.1234567890')).toBe(cookieNameKey('_hp2_id.9876543210'));
    expect(cookieNameKey('ab_5f3c9e2a1b4d6f7e8a9b')).toBe('ab_#');
    expect(cookieNameKey('_ga_ABC123')).toBe('_ga_ABC123');
    expect(findingKey('key_logging', 'Email typed into "email" sent to rec.keylog.example (base64)')).toBe(findingKey('key_logging', 'Email typed into "email" sent to eu2.keylog.example (plain, sha256)'));
    expect(findingKey('key_logging', 'Email typed into "email" sent to a.example')).not.toBe(findingKey('key_logging', 'Email typed into "email" sent to b.example'));
    expect(findingKey('tracker_session_recording', 'Recorder 2 (12 requests)')).toBe(findingKey('tracker_session_recording', 'Recorder 7 (3 requests)'));
  });

  describe('runs that could not see everything', () => {
    it('a static run keeps the rendered baseline of what scripts load, and still compares the headers', () => {
      const base = snapshot();
      const fallback: WebsiteWatchSnapshot = {
        ...snapshot({ mode: 'static', fallbackReason: 'Chromium is not available on this server', thirdParties: [], trackers: [], cookies: [{ name: 'sid', domain: 'shop.example', party: 'first', setBy: 'header', tracking: false }], gpc: undefined }),
        tests: base.tests.map((t) => ({ ...t, status: 'unavailable' as const, findings: [] })),
        headerGrade: { grade: 'A', score: 85 },
      };
      const [, staticRun, renderedAgain] = run(base, fallback, base);
      expect(staticRun.alerts.map((a) => a.rule)).toEqual(['grade_dropped']);
      expect(staticRun.skipped.map((s) => s.rule).sort()).toEqual(
        ['third_party_added', 'tracker_added', 'tracking_cookie_added', 'canvas_fingerprinting_added', 'font_fingerprinting_added', 'key_logging_added', 'session_recording_added', 'gpc_no_longer_honoured'].sort(),
      );
      expect(staticRun.skipped.find((s) => s.rule === 'tracker_added')?.reason).toBe(SKIP_REASONS.static);
      // Back to rendered: the same trackers as before, nothing new (the static run's empty list was never a baseline).
      expect(renderedAgain.alerts).toEqual([]);
      expect(renderedAgain.baselined).toEqual([]);
    });

    it('static runs only: they compare with each other, and the first rendered run re-baselines silently', () => {
      const stat = snapshot({ mode: 'static', thirdParties: [{ domain: 'googletagmanager.com', example: 'script: https://www.googletagmanager.com/gtm.js' }], gpc: undefined });
      const statNew = { ...stat, thirdParties: [...stat.thirdParties, { domain: 'widgets.example', example: 'script: https://widgets.example/w.js' }] };
      const steps = run(stat, statNew, statNew, hotjar(snapshot()));
      expect(steps[2].alerts.map((a) => a.title)).toEqual(['New third party: widgets.example']);
      expect(steps[3].alerts).toEqual([]);
      expect(steps[3].baselined).toEqual(expect.arrayContaining(['third_party_added', 'tracker_added', 'tracking_cookie_added']));
    });

    it('a test that did not run keeps its pending changes and its baseline', () => {
      const base = snapshot();
      const keylog = withTest(base, 'key-logging', [{ type: 'key_logging', value: 'Email typed into "email" sent to rec.keylog.example' }]);
      const notRun = withTest(base, 'key-logging', [], 'timed_out');
      const steps = run(base, keylog, notRun, keylog);
      expect(steps[2].skipped).toEqual([{ rule: 'key_logging_added', reason: SKIP_REASONS.unreadable }]);
      expect(steps[2].state.pending).toEqual([expect.stringMatching(/^key_logging_added\|/)]);
      expect(steps[3].alerts.map((a) => a.rule)).toEqual(['key_logging_added']);
    });

    it('an aspect read for the first time records its baseline silently (a test that never ran before)', () => {
      const base = withTest(snapshot(), 'key-logging', [], 'unavailable');
      const keylog = withTest(snapshot(), 'key-logging', [{ type: 'key_logging', value: 'Email typed into "email" sent to rec.keylog.example' }]);
      const steps = run(base, keylog, keylog);
      expect(steps[1].baselined).toEqual(['key_logging_added']);
      expect(steps.flatMap((s) => s.alerts)).toEqual([]);
    });
  });
});
