import { ANALYTICS_EVENTS, EVENT_PARAMETERS, isAnalyticsEvent } from './analytics-event.catalogue';
import { maskPersonalText } from '../common/logging/personal-text.util';
import { AnalyticsParameterError, sanitizeParameters, stripQuery } from './analytics-parameters.rules';

const common = {
  userId: 'someone-else',
  timestamp: '2025-03-10T12:00:00.000Z',
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64)',
  url: 'https://footprint.example/dashboard?email=jane%40example.com#top',
  referrer: 'https://footprint.example/pricing?utm_source=x',
};

describe('analytics event catalogue', () => {
  it('has exactly the spec\'s event names, each with its field list', () => {
    expect([...ANALYTICS_EVENTS]).toEqual([
      'page_view', 'scan_started', 'scan_completed', 'upsell_viewed', 'upsell_clicked',
      'upgrade_started', 'upgrade_success', 'monitor_created', 'email_sent', 'error_occurred',
    ]);
    expect(Object.keys(EVENT_PARAMETERS.scan_completed)).toEqual(['scan_type', 'input_type', 'scan_id', 'privacy_score', 'processing_time']);
    expect(Object.keys(EVENT_PARAMETERS.upsell_viewed)).toEqual(['feature', 'location', 'plan']);
    expect(Object.keys(EVENT_PARAMETERS.upgrade_success)).toEqual(['from_plan', 'to_plan', 'amount']);
    expect(Object.keys(EVENT_PARAMETERS.monitor_created)).toEqual(['monitor_type', 'target_count']);
    expect(Object.keys(EVENT_PARAMETERS.email_sent)).toEqual(['email_type', 'recipient']);
    expect(Object.keys(EVENT_PARAMETERS.error_occurred)).toEqual(['error_type', 'error_message', 'context']);
    expect(isAnalyticsEvent('scan_completed')).toBe(true);
    expect(isAnalyticsEvent('purchase')).toBe(false);
    expect(isAnalyticsEvent('toString')).toBe(false);
  });
});

describe('sanitizeParameters', () => {
  it('keeps the event\'s fields and the common ones, drops the body\'s userId and strips query strings', () => {
    const stored = sanitizeParameters('scan_completed', {
      ...common,
      scan_type: 'privacy',
      input_type: 'email',
      scan_id: '0F8FAD5B-D9CB-469F-A165-70867728950E',
      privacy_score: 72,
      processing_time: 1234.6,
    });
    expect(stored).toEqual({
      timestamp: '2025-03-10T12:00:00.000Z',
      userAgent: 'Mozilla/5.0 (X11; Linux x86_64)',
      url: 'https://footprint.example/dashboard',
      referrer: 'https://footprint.example/pricing',
      scan_type: 'privacy',
      input_type: 'email',
      scan_id: '0f8fad5b-d9cb-469f-a165-70867728950e',
      privacy_score: 72,
      processing_time: 1235,
    });
  });

  it('drops empty values', () => {
    expect(sanitizeParameters('page_view', { referrer: '', url: null, timestamp: undefined })).toEqual({});
  });

  it.each([
    ['page_view', { scan_id: '0f8fad5b-d9cb-469f-a165-70867728950e' }, "Unknown parameter 'scan_id' for event 'page_view'"],
    ['page_view', { constructor: 'x' }, "Unknown parameter 'constructor' for event 'page_view'"],
    ['scan_completed', { privacy_score: 101 }, "Parameter 'privacy_score' must be a number between 0 and 100"],
    ['scan_completed', { privacy_score: '80' }, "Parameter 'privacy_score' must be a number between 0 and 100"],
    ['scan_completed', { input_type: 'jane@example.com' }, "Parameter 'input_type' must be one of"],
    ['scan_completed', { scan_id: 'jane@example.com' }, "Parameter 'scan_id' must be a scan id (UUID)"],
    ['upgrade_success', { to_plan: 'gold' }, "Parameter 'to_plan' must be one of free, plus, pro, business"],
    ['email_sent', { recipient: 'jane@example.com' }, "Parameter 'recipient' must be a short label"],
    ['email_sent', { email_type: 'x'.repeat(65) }, "Parameter 'email_type' must be a short label (at most 64"],
    ['error_occurred', { error_message: 'e'.repeat(501) }, "Parameter 'error_message' must be at most 500 characters"],
    ['page_view', { url: `https://footprint.example/${'a'.repeat(2100)}` }, "Parameter 'url' must be at most 2048 characters"],
    ['page_view', { url: 'javascript:alert(1)' }, "Parameter 'url' must be an http(s) URL"],
    ['page_view', { timestamp: 'yesterday' }, "Parameter 'timestamp' must be an ISO 8601 date and time"],
    ['page_view', { userAgent: 'u'.repeat(513) }, "Parameter 'userAgent' must be at most 512 characters"],
  ] as const)('%s: %#', (event, parameters, message) => {
    expect(() => sanitizeParameters(event, parameters)).toThrow(AnalyticsParameterError);
    expect(() => sanitizeParameters(event, parameters)).toThrow(message);
  });

  it('caps the stored size', () => {
    const path = 'p'.repeat(2000);
    expect(() =>
      sanitizeParameters('error_occurred', {
        url: `https://a.example/${path}`,
        referrer: `https://b.example/${path}`,
        userAgent: 'u'.repeat(500),
        error_message: 'e'.repeat(500),
      }),
    ).toThrow('The parameters must be at most 4096 bytes');
  });

  it('masks addresses, URLs and handles in error texts', () => {
    const stored = sanitizeParameters('error_occurred', {
      error_type: 'scan_failed',
      error_message: 'Could not scan jane.doe+x@example.com, https://example.com/a?b=c or @jane_doe',
      context: 'privacy audit widget',
    });
    expect(stored.error_message).toBe('Could not scan [email], [url] or [handle]');
    expect(JSON.stringify(stored)).not.toMatch(/jane|example\.com/);
  });
});

describe('helpers', () => {
  it('stripQuery keeps origin and path of http(s) URLs only', () => {
    expect(stripQuery('https://x.example:8443/a/b?c=d#e')).toBe('https://x.example:8443/a/b');
    expect(stripQuery('ftp://x.example/')).toBeUndefined();
    expect(stripQuery('not a url')).toBeUndefined();
  });

  it('maskPersonalText leaves ordinary text alone', () => {
    expect(maskPersonalText('Payments are not available on this server.')).toBe('Payments are not available on this server.');
  });
});
