import { RateLimitRepository } from './rate-limit.repository';
import { keyOf, RateLimiter } from './rate-limiter.service';
import { TooManyRequestsException } from './too-many-requests.exception';

describe('RateLimiter', () => {
  const rule = { name: 'login-ip', limit: 2, windowSeconds: 600 };
  let counts: Map<string, number>;
  let repo: jest.Mocked<Pick<RateLimitRepository, 'increment' | 'deleteWindowsBefore'>>;
  let limiter: RateLimiter;

  beforeEach(() => {
    jest.useFakeTimers({ now: new Date('2030-01-01T10:03:20Z') });
    counts = new Map();
    repo = {
      increment: jest.fn(async (key: string, windowStart: Date) => {
        const k = `${key}@${windowStart.toISOString()}`;
        counts.set(k, (counts.get(k) ?? 0) + 1);
        return counts.get(k)!;
      }),
      deleteWindowsBefore: jest.fn().mockResolvedValue(undefined),
    };
    limiter = new RateLimiter(repo as unknown as RateLimitRepository);
  });
  afterEach(() => jest.useRealTimers());

  it('counts in fixed windows aligned to the window length', async () => {
    await limiter.consume(rule, '203.0.113.9');
    expect(repo.increment).toHaveBeenCalledWith(keyOf(rule, '203.0.113.9'), new Date('2030-01-01T10:00:00Z'));
  });

  it('allows the limit, then throws 429 with the seconds left in the window', async () => {
    await limiter.consume(rule, 'a');
    await limiter.consume(rule, 'a');
    const err = await limiter.consume(rule, 'a').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TooManyRequestsException);
    expect((err as TooManyRequestsException).getStatus()).toBe(429);
    expect((err as TooManyRequestsException).message).toBe('Too many attempts. Please try again later.');
    // 10:03:20 in the window 10:00–10:10: 400 seconds left.
    expect((err as TooManyRequestsException).headers).toEqual({ 'Retry-After': '400' });
    // Another subject has its own count.
    await expect(limiter.consume(rule, 'b')).resolves.toBeUndefined();
  });

  it('starts again in the next window', async () => {
    await limiter.consume(rule, 'a');
    await limiter.consume(rule, 'a');
    await expect(limiter.consume(rule, 'a')).rejects.toBeInstanceOf(TooManyRequestsException);
    jest.setSystemTime(new Date('2030-01-01T10:10:00Z'));
    await expect(limiter.consume(rule, 'a')).resolves.toBeUndefined();
  });

  it('never stores the subject itself', () => {
    const key = keyOf(rule, 'someone@example.com');
    expect(key).toMatch(/^login-ip:[A-Za-z0-9_-]{32}$/);
    expect(key).not.toContain('someone');
    expect(keyOf(rule, 'Someone@example.com')).not.toEqual(key);
  });

  it('deletes old windows now and then, not on every hit', async () => {
    await limiter.consume(rule, 'a');
    await limiter.consume(rule, 'b');
    expect(repo.deleteWindowsBefore).toHaveBeenCalledTimes(1);
    expect(repo.deleteWindowsBefore).toHaveBeenCalledWith(new Date('2029-12-31T10:03:20Z'));
    jest.advanceTimersByTime(10 * 60_000);
    await limiter.consume(rule, 'c');
    expect(repo.deleteWindowsBefore).toHaveBeenCalledTimes(2);
  });
});
