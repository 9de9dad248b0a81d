import { retryAfterSeconds } from './source-http.util';

describe('retryAfterSeconds', () => {
  const now = Date.parse('2025-01-01T00:00:00Z');

  it('reads delta-seconds and HTTP dates', () => {
    expect(retryAfterSeconds('7', now)).toBe(7);
    expect(retryAfterSeconds(' 0 ', now)).toBe(0);
    expect(retryAfterSeconds('Wed, 01 Jan 2025 00:00:42 GMT', now)).toBe(42);
  });

  it('answers 0 for a date already past, and caps at a day', () => {
    expect(retryAfterSeconds('Tue, 31 Dec 2024 23:00:00 GMT', now)).toBe(0);
    expect(retryAfterSeconds('999999999', now)).toBe(86_400);
  });

  it('ignores an absent or meaningless value', () => {
    expect(retryAfterSeconds(null, now)).toBeUndefined();
    expect(retryAfterSeconds('soon', now)).toBeUndefined();
    expect(retryAfterSeconds('-5', now)).toBeUndefined();
    expect(retryAfterSeconds('', now)).toBeUndefined();
  });
});
