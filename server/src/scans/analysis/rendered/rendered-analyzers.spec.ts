import { createHash } from 'node:crypto';
import { pageVisit, thirdPartyRequest } from '../../../../../test/support/website-snapshots';
import type { CapturedCookie } from '../../../browser-audit/capture.types';
import type { CanvasUse, FrameReport } from '../../../browser-audit/page.instrumentation';
import type { TrackerEntry } from '../../trackers/tracker.catalogue';
import type { RiskDetail } from '../../../vocabulary/finding.types';
import { analyzeMetaPixel, analyzeRemarketing, analyzeTikTokAndXPixels, pixelEvents } from './ad-pixels.analyzer';
import { analyzeCanvasFingerprinting } from './canvas-fingerprinting.analyzer';
import { analyzeFontFingerprinting } from './font-fingerprinting.analyzer';
import { analyzeGlobalPrivacyControl } from './global-privacy-control.analyzer';
import { analyzeKeyLogging, keysSpell } from './key-logging.analyzer';
import { analyzeSessionRecording } from './session-recording.analyzer';
import { analyzeTrackingCookies, cookieLifetime, cookieSetter, trackingCookieOwner } from './tracking-cookies.analyzer';

const catalogue = {
  match: (host: string): TrackerEntry | undefined =>
    host.endsWith('facebook.net') ? { domain: 'connect.facebook.net', company: 'Meta Platforms', category: 'advertising', name: 'Meta Pixel (Facebook pixel)' }
    : host.endsWith('googletagmanager.com') ? { domain: 'googletagmanager.com', company: 'Google', category: 'tag manager', name: 'Google Tag Manager' }
    : host.endsWith('smartlook.cloud') ? { domain: 'smartlook.cloud', company: 'Smartlook', category: 'session recording', name: 'Smartlook' }
    : undefined,
};
const frame = (spec: Partial<FrameReport>): FrameReport => ({ frame: 'f', url: 'https://shop.example.org/', canvas: [], fonts: [], listeners: [], apis: [], cookieWrites: [], ...spec });
const use = (spec: Partial<CanvasUse>): CanvasUse => ({
  canvas: 1,
  script: 'https://fp.vendor.example/fp.js',
  width: 220,
  height: 30,
  longestText: 36,
  fillStyles: ['#f60', '#069'],
  saveRestoreOrListener: false,
  readbacks: [{ method: 'toDataURL', width: 220, height: 30 }],
  ...spec,
});
const types = (findings: { detail: unknown }[]) => findings.map((f) => (f.detail as RiskDetail).type);

describe('canvas fingerprinting (Englehardt & Narayanan)', () => {
  it.each<[string, Partial<CanvasUse>, boolean]>([
    ['all four criteria', {}, true],
    ['two fill colours and short text', { longestText: 3 }, true],
    ['long text and one colour', { fillStyles: ['#000'] }, true],
    ['getImageData over 16×16', { readbacks: [{ method: 'getImageData', width: 16, height: 16 }] }, true],
    ['a canvas under 16 pixels high', { height: 15 }, false],
    ['short text and one colour', { longestText: 9, fillStyles: ['#000'] }, false],
    ['save/restore or a listener', { saveRestoreOrListener: true }, false],
    ['no read-back', { readbacks: [] }, false],
    ['getImageData of a few pixels', { readbacks: [{ method: 'getImageData', width: 8, height: 8 }] }, false],
  ])('%s', (_case, spec, found) => {
    expect(analyzeCanvasFingerprinting([frame({ canvas: [use(spec)] })]).length).toBe(found ? 1 : 0);
  });

  it('names the script and the criteria it met', () => {
    const [finding] = analyzeCanvasFingerprinting([frame({ canvas: [use({})] })]);
    expect(finding.detail).toMatchObject({ type: 'canvas_fingerprinting', value: 'Canvas fingerprinting by fp.vendor.example', risk: 'high' });
    expect((finding.detail as RiskDetail).evidence.observed).toBe(
      'https://fp.vendor.example/fp.js: canvas 220×30, drew text of 36 characters and 2 fill colours, read it back with toDataURL, never saved or restored it',
    );
  });
});

describe('font fingerprinting', () => {
  it.each([
    [60, 60, true],
    [50, 50, true],
    [49, 80, false],
    [80, 49, false],
  ])('%i fonts, the same text measured %i times: %s', (fonts, same, found) => {
    const findings = analyzeFontFingerprinting([frame({ fonts: [{ script: 'https://x.example/f.js', fonts, measureTextSameText: same, measureTextCalls: same }] })]);
    expect(findings.length).toBe(found ? 1 : 0);
  });
});

describe('session recorders', () => {
  it('recognises recorders by URL fragment and by the catalogue, third parties only, failed requests included', () => {
    const visit = pageVisit({
      requests: [
        thirdPartyRequest('https://static.hotjar.com/c/hotjar-1.js'),
        thirdPartyRequest('https://rec.smartlook.cloud/rec', { outcome: 'failed', failure: 'net::ERR_TUNNEL_CONNECTION_FAILED', resourceType: 'fetch' }),
        thirdPartyRequest('https://mc.yandex.ru/metrika/tag.js'),
        thirdPartyRequest('https://cdn.example.net/hotjar-like.js'),
        { ...thirdPartyRequest('https://shop.example.org/static.hotjar.com.js'), party: 'first' },
      ],
    });
    const findings = analyzeSessionRecording(visit, catalogue);
    expect(findings.map((f) => (f.detail as RiskDetail).value).sort()).toEqual(['Hotjar', 'Smartlook', 'Yandex Metrica (Webvisor)']);
    expect((findings.find((f) => (f.detail as RiskDetail).value === 'Smartlook')!.detail as RiskDetail).evidence.observed).toBe('fetch (failed): https://rec.smartlook.cloud/rec');
  });
});

describe('key logging', () => {
  const email = 'alex.quill.1a2b3c4d@example.com';
  const typed = [{ kind: 'email' as const, value: email, field: 'email' }];
  const sha256 = createHash('sha256').update(email).digest('hex');
  const md5 = createHash('md5').update(email).digest('hex');
  const sha1 = createHash('sha1').update(email).digest('hex');
  const sha512 = createHash('sha512').update(email).digest('hex');
  const b64 = Buffer.from(email).toString('base64');
  const inJson = Buffer.from(JSON.stringify({ session: 42, field: email })).toString('base64');

  it.each<[string, Partial<ReturnType<typeof thirdPartyRequest>>, string]>([
    ['as typed in a body', { method: 'POST', body: `v=${email}`.replace('@', '@') }, 'plain text'],
    ['URL-encoded in the query', { url: `https://rec.example/c?v=${encodeURIComponent(email)}` }, 'URL-encoded'],
    ['base64', { method: 'POST', body: JSON.stringify({ v: b64 }) }, 'base64'],
    ['base64 inside a larger encoded body', { method: 'POST', body: inJson }, 'base64'],
    ['MD5', { url: `https://rec.example/c?h=${md5}` }, 'MD5'],
    ['SHA-1', { url: `https://rec.example/c?h=${sha1.toUpperCase()}` }, 'SHA-1'],
    ['SHA-256', { method: 'POST', body: `uid=${sha256}` }, 'SHA-256'],
    ['SHA-512', { method: 'POST', body: sha512 }, 'SHA-512'],
    ['JSON with escaped characters', { method: 'POST', body: JSON.stringify({ v: 'x' }).replace('x', email.replace(/[.@]/g, (c) => `\\u00${c.charCodeAt(0).toString(16)}`)) }, 'JSON-escaped'],
  ])('finds the email sent %s', (_case, request, encoding) => {
    const visit = pageVisit({ typed, requests: [thirdPartyRequest('https://rec.example/c', request)] });
    const [finding] = analyzeKeyLogging(visit);
    expect((finding.detail as RiskDetail).value).toBe(`Email address typed into "email" sent to rec.example (${encoding})`);
  });

  it.each<[string, (key: string, i: number) => Partial<ReturnType<typeof thirdPartyRequest>>]>([
    ['in the query', (key, i) => ({ url: `https://keys.example/k?t=${1000 + i}&k=${encodeURIComponent(key)}` })],
    ['as JSON', (key, i) => ({ method: 'POST', body: JSON.stringify({ ts: 1000 + i, e: { key } }) })],
    ['as a form', (key) => ({ method: 'POST', body: `key=${encodeURIComponent(key)}&shift=0` })],
    ['base64 of each key', (key) => ({ url: `https://keys.example/k?c=${Buffer.from(key).toString('base64')}` })],
  ])('finds a logger sending one key per request %s, the keys joined in order', (_case, make) => {
    // Sent in typing order, listed out of order: the capture's times decide.
    const requests = [...email].map((key, i) => thirdPartyRequest('https://keys.example/k', { at: 1000 + i * 40, ...make(key, i) })).reverse();
    const [finding] = analyzeKeyLogging(pageVisit({ typed, requests }));
    expect((finding.detail as RiskDetail).value).toBe('Email address typed into "email" sent to keys.example (one key per request)');
    expect((finding.detail as RiskDetail).evidence.observed).toMatch(/^one key per request: 31 requests to keys\.example, one key each in "/);
  });

  it('finds a logger whose request for a repeated key the browser did not send again (the same URL merged or cached)', () => {
    // "footprint probe aabb": the second o, p, r, e, a and b were each answered by the request of the same key before.
    const sent = 'fotprin pbeab';
    const requests = [...sent].map((key, i) => thirdPartyRequest(`https://keys.example/k?c=${encodeURIComponent(Buffer.from(key).toString('base64'))}`, { at: 1000 + i * 40 }));
    const [finding] = analyzeKeyLogging(pageVisit({ typed: [{ kind: 'text', value: 'footprint probe aabb', field: 'q' }], requests }));
    expect((finding.detail as RiskDetail).value).toBe('Text typed into "q" sent to keys.example (one key per request)');
    expect(keysSpell(sent, 'footprint probe aabb')).toBe(true);
  });

  it('does not take keys for a value when a key typed for the first time is missing, or when they spell it out of order', () => {
    expect(keysSpell('fotprin pbeab', 'footprint probe aabbc')).toBe(false);
    expect(keysSpell('ftoprin pbeab', 'footprint probe aabb')).toBe(false);
    expect(keysSpell('xxfootprint', 'footprint')).toBe(true);
    expect(keysSpell('fot', 'foot')).toBe(false);
  });

  it('does not join keys that spell something else, or too few keys', () => {
    const other = [...'someone.else@example.com'].map((key, i) => thirdPartyRequest(`https://keys.example/k?k=${encodeURIComponent(key)}`, { at: 1000 + i }));
    expect(analyzeKeyLogging(pageVisit({ typed, requests: other }))).toEqual([]);
    const few = [...'ale'].map((key, i) => thirdPartyRequest(`https://keys.example/k?k=${key}`, { at: 1000 + i }));
    expect(analyzeKeyLogging(pageVisit({ typed: [{ kind: 'text', value: 'ale', field: 'q' }], requests: few }))).toEqual([]);
  });

  it('finds it in a WebSocket message to a third party', () => {
    const visit = pageVisit({ typed, webSocketFrames: [{ url: 'wss://ws.recorder.example/s', payload: JSON.stringify({ t: 'input', v: email }), at: 500 }] });
    expect(types(analyzeKeyLogging(visit))).toEqual(['key_logging']);
  });

  it('does not count a value sent only to the site itself, or a value nobody sent', () => {
    const ownSite = pageVisit({ typed, requests: [{ ...thirdPartyRequest(`https://shop.example.org/api?email=${encodeURIComponent(email)}`), party: 'first' }] });
    expect(analyzeKeyLogging(ownSite)).toEqual([]);
    const other = pageVisit({ typed, requests: [thirdPartyRequest('https://rec.example/c?v=someone.else%40example.com')] });
    expect(analyzeKeyLogging(other)).toEqual([]);
  });

  it('rates a leaked password critical, and reads a phone number by its digits', () => {
    const visit = pageVisit({
      typed: [
        { kind: 'password', value: 'Fp-1a2b3c4d-pass!', field: 'password' },
        { kind: 'phone', value: '+1 202 555 0142', field: 'tel' },
      ],
      requests: [thirdPartyRequest('https://rec.example/c', { method: 'POST', body: 'p=Fp-1a2b3c4d-pass!&ph=12025550142' })],
    });
    const findings = analyzeKeyLogging(visit).map((f) => f.detail as RiskDetail);
    expect(findings.map((f) => [f.value, f.risk])).toEqual([
      ['Password typed into "password" sent to rec.example (plain text)', 'critical'],
      ['Phone number typed into "tel" sent to rec.example (plain text)', 'high'],
    ]);
  });
});

describe('advertising pixels', () => {
  it('reads Meta events from the query and the form body, and advanced matching by parameter name only', () => {
    const visit = pageVisit({
      requests: [
        thirdPartyRequest('https://www.facebook.com/tr?id=123&ev=PageView', { resourceType: 'image' }),
        thirdPartyRequest('https://www.facebook.com/tr/', { method: 'POST', resourceType: 'ping', body: 'id=123&ev=Purchase&ud%5Bem%5D=abc123&ud%5Bph%5D=&ud%5Bzp%5D=99' }),
        thirdPartyRequest('https://www.facebook.com/plugins/like.php?href=x'),
      ],
    });
    expect(analyzeMetaPixel(visit).map((f) => (f.detail as RiskDetail).value)).toEqual(['Meta pixel events: PageView, Purchase (id 123)', 'Meta advanced matching: email, postcode']);
    expect(analyzeMetaPixel(pageVisit({ requests: [thirdPartyRequest('https://www.facebook.com/tr?id=123')] }))).toEqual([]);
  });

  it('finds Google remarketing only with a property or conversion id', () => {
    expect(types(analyzeRemarketing(pageVisit({ requests: [thirdPartyRequest('https://stats.g.doubleclick.net/j/collect?t=dc&tid=UA-12345-1')] })))).toEqual(['google_remarketing_audiences']);
    expect(analyzeRemarketing(pageVisit({ requests: [thirdPartyRequest('https://stats.g.doubleclick.net/robots.txt')] }))).toEqual([]);
    expect(analyzeRemarketing(pageVisit({ requests: [thirdPartyRequest('https://www.google-analytics.com/g/collect?tid=G-ABCDE1')] }))).toEqual([]);
  });

  it('reads TikTok events from JSON bodies and X events from adsct', () => {
    const visit = pageVisit({
      requests: [
        thirdPartyRequest('https://analytics.tiktok.com/api/v2/pixel', { method: 'POST', body: JSON.stringify({ event: 'AddToCart', pixel_code: 'C1', context: { user: {} } }) }),
        thirdPartyRequest('https://analytics.twitter.com/1/i/adsct?txn_id=o9&events=%5B%5B%22purchase%22%2C%7B%7D%5D%5D'),
      ],
    });
    expect(analyzeTikTokAndXPixels(visit).map((f) => [(f.detail as RiskDetail).value, f.group])).toEqual([
      ['TikTok pixel events: AddToCart (id C1)', 'socialMedia'],
      ['X (Twitter) pixel events: purchase (id o9)', 'socialMedia'],
    ]);
    expect(pixelEvents(pageVisit({ requests: [thirdPartyRequest('https://www.tiktok.com/@someone')] }))).toEqual([]);
  });
});

describe('tracking cookies', () => {
  it('says what set a cookie and how long it lasts', () => {
    expect(cookieSetter({ setBy: 'header', response: 'https://www.facebook.com/tr' })).toBe('set by the response of https://www.facebook.com/tr');
    expect(cookieSetter({ setBy: 'script', script: 'https://shop.example/app.js' })).toBe('set by script https://shop.example/app.js');
    expect(cookieSetter({ setBy: 'unknown' })).toBe('set while the page ran');
    const now = Date.UTC(2026, 0, 1);
    expect(cookieLifetime({ expires: -1 }, now)).toBe('until the browser closes');
    expect(cookieLifetime({ expires: now / 1000 + 90 * 86_400 }, now)).toBe('90 days');
    expect(cookieLifetime({ expires: now / 1000 + 3_600 }, now)).toBe('less than a day');
  });

  const cookie = (name: string, party: 'first' | 'third', domain = 'shop.example.org') => ({ name, domain, path: '/', expires: -1, httpOnly: false, secure: true, sameSite: 'Lax' as const, party, setBy: 'script' as const });
  it('knows tracking names and every third-party cookie, not the site\'s own', () => {
    expect(trackingCookieOwner(cookie('_ga_ABC123', 'first'))).toBe('Google Analytics');
    expect(trackingCookieOwner(cookie('_hjSessionUser_31', 'first'))).toBe('Hotjar');
    expect(trackingCookieOwner(cookie('uid', 'third', 'ads.example'))).toBe('ads.example');
    expect(trackingCookieOwner(cookie('session', 'first'))).toBeUndefined();
    expect(trackingCookieOwner(cookie('gallery', 'first'))).toBeUndefined();
    const findings = analyzeTrackingCookies(pageVisit({ cookies: [cookie('_fbp', 'first'), cookie('cart', 'first')] }), new Date());
    expect((findings[0].detail as RiskDetail).value).toBe('1 tracking cookie: _fbp');
  });
});

describe('Global Privacy Control', () => {
  const fbq = thirdPartyRequest('https://connect.facebook.net/en_US/fbevents.js');
  const gtm = thirdPartyRequest('https://www.googletagmanager.com/gtm.js?id=GTM-1');
  const pixel = thirdPartyRequest('https://www.facebook.com/tr?id=1&ev=PageView', { resourceType: 'image' });
  const fbp = { name: '_fbp', domain: 'shop.example.org', path: '/', expires: -1, httpOnly: false, secure: false, sameSite: 'Lax' as const, party: 'first' as const, setBy: 'script' as const };
  const tracked = pageVisit({ requests: [fbq, gtm, pixel], cookies: [fbp] });

  it.each<[string, ReturnType<typeof pageVisit>, ReturnType<typeof pageVisit>, string, number]>([
    ['honoured: everything gone with the signal', tracked, pageVisit({ kind: 'gpc', requests: [gtm] }), 'honoured', 0],
    ['not honoured: everything still there', tracked, pageVisit({ kind: 'gpc', requests: [fbq, gtm, pixel], cookies: [fbp] }), 'not_honoured', 3],
    ['partly: the cookie stays', tracked, pageVisit({ kind: 'gpc', cookies: [fbp] }), 'partly_honoured', 1],
    ['nothing to honour (a tag manager alone is not selling or sharing)', pageVisit({ requests: [gtm] }), pageVisit({ kind: 'gpc', requests: [gtm] }), 'nothing_to_honour', 0],
  ])('%s', (_case, plain, gpc, outcome, findings) => {
    const result = analyzeGlobalPrivacyControl(plain, gpc, catalogue);
    expect(result.summary.outcome).toBe(outcome);
    expect(result.findings).toHaveLength(findings);
  });

  it('makes each thing still there its own finding', () => {
    const result = analyzeGlobalPrivacyControl(tracked, pageVisit({ kind: 'gpc', requests: [fbq, pixel], cookies: [fbp] }), catalogue);
    expect(result.findings.map((f) => (f.detail as RiskDetail).value)).toEqual([
      'Still loads Meta Pixel (Facebook pixel) with Global Privacy Control on',
      'Still sets the tracking cookie _fbp with Global Privacy Control on',
      'Still sends the Meta PageView pixel event with Global Privacy Control on',
    ]);
    expect(result.message).toBe('Not honoured: with Global Privacy Control on, the page still had 1 tracker, 1 tracking cookie, 1 pixel event');
  });

  const cookie = (name: string, spec: Partial<CapturedCookie> = {}): CapturedCookie => ({ ...fbp, name, ...spec });

  it('counts cookies by the same rule as trackers: analytics cookies are not selling or sharing', () => {
    const analytics = [cookie('_ga'), cookie('_gid'), cookie('_ym_uid')];
    const result = analyzeGlobalPrivacyControl(pageVisit({ cookies: analytics }), pageVisit({ kind: 'gpc', cookies: analytics }), catalogue);
    expect(result.summary.outcome).toBe('nothing_to_honour');
    expect(result.findings).toHaveLength(0);
  });

  it('a third-party cookie counts when its domain belongs to a sharing company, not when unknown', () => {
    const meta = cookie('datr', { domain: '.facebook.net', party: 'third', setBy: 'header' });
    const unknown = cookie('__cf_bm', { domain: '.cdn.example.com', party: 'third', setBy: 'header' });
    const result = analyzeGlobalPrivacyControl(pageVisit({ cookies: [meta, unknown] }), pageVisit({ kind: 'gpc', cookies: [meta, unknown] }), catalogue);
    expect(result.summary.without.cookies).toEqual(['datr']);
    expect(result.summary.outcome).toBe('not_honoured');
  });

  it('a session recorder is compared too', () => {
    const recorder = thirdPartyRequest('https://rec.smartlook.cloud/rec/recorder.js');
    const still = analyzeGlobalPrivacyControl(pageVisit({ requests: [recorder] }), pageVisit({ kind: 'gpc', requests: [recorder] }), catalogue);
    expect(still.summary.stillWith.recorders).toEqual(['Smartlook']);
    expect(still.summary.outcome).toBe('not_honoured');
    expect(types(still.findings)).toContain('gpc_recorder_still_loaded');
    const gone = analyzeGlobalPrivacyControl(pageVisit({ requests: [recorder] }), pageVisit({ kind: 'gpc' }), catalogue);
    expect(gone.summary.outcome).toBe('honoured');
  });

  it('fingerprinting and key logging are compared too', () => {
    const fingerprinted = [frame({ canvas: [use({})] })];
    const typed = [{ kind: 'email' as const, value: 'probe.7f3a@example.com', field: 'email' }];
    const leak = thirdPartyRequest(`https://collect.logger.example/k?v=${encodeURIComponent('probe.7f3a@example.com')}`);
    const plain = pageVisit({ frames: fingerprinted, typed, requests: [leak] });
    const withSignal = analyzeGlobalPrivacyControl(plain, pageVisit({ kind: 'gpc', frames: fingerprinted, typed, requests: [leak] }), catalogue);
    expect(withSignal.summary.outcome).toBe('not_honoured');
    expect(withSignal.summary.stillWith.fingerprinting).toEqual(['Canvas fingerprinting by fp.vendor.example']);
    expect(withSignal.summary.stillWith.keyLogging).toHaveLength(1);
    expect(types(withSignal.findings)).toEqual(['gpc_key_logging_still_sent', 'gpc_fingerprinting_still_run']);
    const stopped = analyzeGlobalPrivacyControl(plain, pageVisit({ kind: 'gpc', typed }), catalogue);
    expect(stopped.summary.outcome).toBe('honoured');
  });
});
