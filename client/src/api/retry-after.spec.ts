import { retryAfterSeconds, waitText, withWait } from './retry-after';

describe('the wait of a 429 in words', () => {
  it('reads Retry-After as seconds or an HTTP date', () => {
    expect(retryAfterSeconds('120')).toBe(120);
    expect(retryAfterSeconds('Wed, 02 Dec 2026 01:10:00 GMT', Date.parse('2026-12-02T01:00:00Z'))).toBe(600);
    expect(retryAfterSeconds(null)).toBeUndefined();
    expect(retryAfterSeconds('-5')).toBeUndefined();
  });

  it('rounds up to the unit people read', () => {
    expect(waitText(1)).toBe('1 second');
    expect(waitText(45)).toBe('45 seconds');
    expect(waitText(61)).toBe('2 minutes');
    expect(waitText(1469)).toBe('25 minutes');
    expect(waitText(3 * 3600)).toBe('3 hours');
    expect(waitText(10 * 86_400)).toBe('10 days');
  });

  it('puts the wait in place of "later", or adds it', () => {
    expect(withWait('Too many attempts. Please try again later.', 840)).toBe('Too many attempts. Please try again in 14 minutes.');
    expect(withWait('Too many scans from this address. Please try again in a few minutes.', 300)).toBe('Too many scans from this address. Please try again in 5 minutes.');
    expect(withWait('Too many requests.', 30)).toBe('Too many requests. Try again in 30 seconds.');
    expect(withWait('Please try again in 3 minutes.', 170)).toBe('Please try again in 3 minutes.');
  });
});
