import { Clock } from '../clock/clock.service';
import { RateLimitRepository } from './rate-limit.repository';
import { keyOf, RateLimiter } from './rate-limiter.service';
import { TooManyRequestsException } from './too-many-requests.exception';

describe('RateLimiter', () => {
  const rule = { name: 'login-ip', limit: 2, windowSeconds: 600 };
  let counts: Map<string, number>;
  let repo: jest.Mocked<Pick<RateLimitRepository, 'increment' | 'decrement' | 'deleteWindowsBefore'>>;
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
      decrement: jest.fn(async (key: string, windowStart: Date) => {
        const k = `${key}@${windowStart.toISOString()}`;
        counts.set(k, Math.max(0, (counts.get(k) ?? 0) - 1));
      }),
      deleteWindowsBefore: jest.fn().mockResolvedValue(undefined),
    };
    limiter = new RateLimiter(repo as unknown as RateLimitRepository, { rateLimitIpv6Prefix: 64 }, new Clock());
  });
  afterEach(() => jest.useRealTimers());

  it('counts in fixed windows aligned to the window length', async () => {
    await limiter.consume(rule, '203.0.113.9');
    expect(repo.increment).toHaveBeenCalledWith(keyOf(rule, '203.0.113.9'), new Date('2030-01-01T10:00:00Z'));
  });

  it('takes a hit back in the window it was counted in, even once the clock has moved on', async () => {
    const undo = await limiter.consume(rule, 'a');
    await limiter.consume(rule, 'a');
    jest.setSystemTime(new Date('2030-01-01T10:12:00Z'));
    await undo();
    expect(repo.decrement).toHaveBeenCalledWith(keyOf(rule, 'a'), new Date('2030-01-01T10:00:00Z'));
    jest.setSystemTime(new Date('2030-01-01T10:03:30Z'));
    await expect(limiter.consume(rule, 'a')).resolves.toBeInstanceOf(Function);
  });

  it('gives a hit back in the window it was counted in, so the subject may hit once more', async () => {
    const countedAt = Date.now();
    await limiter.consume(rule, 'a');
    await limiter.consume(rule, 'a');
    await limiter.giveBack(rule, 'a', countedAt);
    expect(repo.decrement).toHaveBeenCalledWith(keyOf(rule, 'a'), new Date('2030-01-01T10:00:00Z'));
    await expect(limiter.consume(rule, 'a')).resolves.toBeInstanceOf(Function);
    await expect(limiter.consume(rule, 'a')).rejects.toBeInstanceOf(TooManyRequestsException);
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
    await expect(limiter.consume(rule, 'b')).resolves.toBeInstanceOf(Function);
  });

  it('starts again in the next window', async () => {
    await limiter.consume(rule, 'a');
    await limiter.consume(rule, 'a');
    await expect(limiter.consume(rule, 'a')).rejects.toBeInstanceOf(TooManyRequestsException);
    jest.setSystemTime(new Date('2030-01-01T10:10:00Z'));
    await expect(limiter.consume(rule, 'a')).resolves.toBeInstanceOf(Function);
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

describe('RateLimiter per-address rules', () => {
  const perAddress = { name: 'login-ip', limit: 2, windowSeconds: 600, perAddress: true };
  const build = (ipv6Prefix: number) => {
    const counts = new Map<string, number>();
    const repo = {
      increment: jest.fn(async (key: string) => {
        counts.set(key, (counts.get(key) ?? 0) + 1);
        return counts.get(key)!;
      }),
      decrement: jest.fn(async (key: string, windowStart: Date) => {
        const k = `${key}@${windowStart.toISOString()}`;
        counts.set(k, Math.max(0, (counts.get(k) ?? 0) - 1));
      }),
      deleteWindowsBefore: jest.fn().mockResolvedValue(undefined),
    };
    return { repo, limiter: new RateLimiter(repo as unknown as RateLimitRepository, { rateLimitIpv6Prefix: ipv6Prefix }, new Clock()) };
  };

  it('counts every address of one IPv6 /64 together, and another /64 apart', async () => {
    const { limiter } = build(64);
    await limiter.consume(perAddress, '2001:db8:1:2::1');
    await limiter.consume(perAddress, '2001:db8:1:2:ffff:ffff:ffff:fffe');
    await expect(limiter.consume(perAddress, '2001:db8:1:2:dead:beef:0:1')).rejects.toBeInstanceOf(TooManyRequestsException);
    await expect(limiter.consume(perAddress, '2001:db8:1:3::1')).resolves.toBeInstanceOf(Function);
  });

  it('counts an IPv4-mapped IPv6 address as its IPv4 address', async () => {
    const { limiter, repo } = build(64);
    await limiter.consume(perAddress, '::ffff:203.0.113.9');
    await limiter.consume(perAddress, '203.0.113.9');
    await expect(limiter.consume(perAddress, '::FFFF:cb00:7109')).rejects.toBeInstanceOf(TooManyRequestsException);
    expect(new Set(repo.increment.mock.calls.map(([key]) => key)).size).toBe(1);
    // Neighbouring IPv4 addresses stay apart.
    await expect(limiter.consume(perAddress, '203.0.113.10')).resolves.toBeInstanceOf(Function);
  });

  it('uses the configured IPv6 prefix', async () => {
    const { limiter } = build(48);
    await limiter.consume(perAddress, '2001:db8:1:2::1');
    await limiter.consume(perAddress, '2001:db8:1:ffff::1');
    await expect(limiter.consume(perAddress, '2001:db8:1:abcd::9')).rejects.toBeInstanceOf(TooManyRequestsException);
    await expect(limiter.consume(perAddress, '2001:db8:2::1')).resolves.toBeInstanceOf(Function);
  });

  it('leaves subjects of other rules alone (an email is not an address)', async () => {
    const { limiter, repo } = build(64);
    const perEmail = { name: 'login-email', limit: 5, windowSeconds: 600 };
    await limiter.consume(perEmail, '2001:db8::1');
    await limiter.consume(perEmail, '2001:db8::2');
    expect(new Set(repo.increment.mock.calls.map(([key]) => key)).size).toBe(2);
  });

  it("forgets every declared rule's counters of an account: by its id, and by its address in lower case", async () => {
    const deleteKeys = jest.fn().mockResolvedValue(3);
    const forgetting = new RateLimiter({ deleteKeys } as unknown as RateLimitRepository, { rateLimitIpv6Prefix: 64 }, new Clock());
    const perUser = { name: 'report-pdf-user', limit: 1, windowSeconds: 60 };
    const perEmail = { name: 'login-email', limit: 1, windowSeconds: 60 };
    forgetting.countsPerAccount('user', [perUser]);
    forgetting.countsPerAccount('email', [perEmail]);
    await expect(forgetting.forgetAccount('u1', ' Jane@Example.com ')).resolves.toBe(3);
    expect(deleteKeys).toHaveBeenCalledWith([keyOf(perUser, 'u1'), keyOf(perEmail, 'jane@example.com')]);
  });
});
