import { UnauthorizedException } from '@nestjs/common';
import { RefreshTokenEntity } from './refresh-token.entity';
import { RefreshTokenRepository } from './refresh-token.repository';
import { hashSecret } from './secret-token.util';
import { REFRESH_REUSE_GRACE_MS, REFRESH_REUSE_GRACE_RENEWALS, SESSION_CHECK_CACHE_MS, SessionService } from './session.service';

type Repo = jest.Mocked<
  Pick<
    RefreshTokenRepository,
    'insert' | 'findByHash' | 'rotate' | 'renewInGrace' | 'revokeFamily' | 'revokeAllOfUser' | 'deleteExpiredBefore' | 'sessionOfUser'
  >
>;

function row(overrides: Partial<RefreshTokenEntity> = {}): RefreshTokenEntity {
  return {
    id: 'row-1',
    userId: 'user-1',
    familyId: 'family-1',
    tokenHash: 'h',
    persistent: true,
    expiresAt: new Date(Date.now() + 60_000),
    createdAt: new Date(),
    usedAt: null,
    revokedAt: null,
    predecessorId: null,
    ...overrides,
  };
}

describe('SessionService', () => {
  let repo: Repo;
  let sessions: SessionService;
  beforeEach(() => {
    repo = {
      insert: jest.fn().mockResolvedValue(undefined),
      findByHash: jest.fn(),
      rotate: jest.fn().mockResolvedValue(true),
      renewInGrace: jest.fn().mockResolvedValue(true),
      revokeFamily: jest.fn().mockResolvedValue(undefined),
      revokeAllOfUser: jest.fn().mockResolvedValue(undefined),
      deleteExpiredBefore: jest.fn().mockResolvedValue(undefined),
      sessionOfUser: jest.fn().mockResolvedValue({ live: true, sessionsRevokedAt: null }),
    };
    sessions = new SessionService(repo as unknown as RefreshTokenRepository);
  });

  it('starts a family with a random token stored only as its hash: 30 days persistent, 1 day otherwise', async () => {
    const persistent = await sessions.start('user-1', true);
    const browser = await sessions.start('user-1', false);
    expect(persistent.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [first, second] = repo.insert.mock.calls.map((c) => c[0]);
    expect(first).toMatchObject({ userId: 'user-1', tokenHash: hashSecret(persistent.token), persistent: true });
    expect(JSON.stringify(first)).not.toContain(persistent.token);
    expect(first.familyId).not.toEqual(second.familyId);
    const days = (d: Date) => (d.getTime() - Date.now()) / 86_400_000;
    expect(days(persistent.expiresAt)).toBeCloseTo(30, 2);
    expect(days(browser.expiresAt)).toBeCloseTo(1, 2);
  });

  it('rotates an unused token within its family, in one repository call that uses it up and stores the next', async () => {
    repo.findByHash.mockResolvedValue(row({ persistent: false }));
    const { userId, grant } = await sessions.rotate('presented');
    expect(repo.findByHash).toHaveBeenCalledWith(hashSecret('presented'));
    expect(repo.rotate).toHaveBeenCalledWith(
      'row-1',
      { userId: 'user-1', familyId: 'family-1', tokenHash: hashSecret(grant.token), persistent: false, expiresAt: grant.expiresAt },
      expect.any(Date),
    );
    expect(userId).toBe('user-1');
    expect(grant).toMatchObject({ sessionId: 'family-1', persistent: false });
    expect(repo.renewInGrace).not.toHaveBeenCalled();
    expect(repo.revokeFamily).not.toHaveBeenCalled();
  });

  describe('a used token presented again', () => {
    const usedAgo = (ms: number) => row({ usedAt: new Date(Date.now() - ms) });

    it('is renewed within the grace when its successor was never used (the answer was lost): same family and persistence', async () => {
      repo.findByHash.mockResolvedValue(row({ usedAt: new Date(Date.now() - 5_000), persistent: false }));
      const { userId, grant } = await sessions.rotate('lost-answer');
      expect(userId).toBe('user-1');
      expect(grant).toMatchObject({ sessionId: 'family-1', persistent: false });
      expect((grant.expiresAt.getTime() - Date.now()) / 86_400_000).toBeCloseTo(1, 2);
      const [id, stored, now, graceFrom, max] = repo.renewInGrace.mock.calls[0];
      expect(id).toBe('row-1');
      expect(stored).toEqual({ userId: 'user-1', familyId: 'family-1', tokenHash: hashSecret(grant.token), persistent: false, expiresAt: grant.expiresAt });
      expect(now.getTime() - graceFrom.getTime()).toBe(REFRESH_REUSE_GRACE_MS);
      expect(max).toBe(REFRESH_REUSE_GRACE_RENEWALS);
      expect(repo.rotate).not.toHaveBeenCalled();
      expect(repo.revokeFamily).not.toHaveBeenCalled();
    });

    it('revokes the family within the grace when the repository finds its successor used (or the grace spent)', async () => {
      repo.findByHash.mockResolvedValue(usedAgo(5_000));
      repo.renewInGrace.mockResolvedValue(false);
      await expect(sessions.rotate('copied')).rejects.toBeInstanceOf(UnauthorizedException);
      expect(repo.revokeFamily).toHaveBeenCalledWith('family-1', expect.any(Date));
    });

    it('revokes the family after the grace, without trying to renew', async () => {
      repo.findByHash.mockResolvedValue(usedAgo(REFRESH_REUSE_GRACE_MS + 1_000));
      await expect(sessions.rotate('copied')).rejects.toBeInstanceOf(UnauthorizedException);
      expect(repo.renewInGrace).not.toHaveBeenCalled();
      expect(repo.revokeFamily).toHaveBeenCalledWith('family-1', expect.any(Date));
      expect(repo.insert).not.toHaveBeenCalled();
    });

    it('revokes the family when it has expired, even within the grace', async () => {
      repo.findByHash.mockResolvedValue(row({ usedAt: new Date(Date.now() - 5_000), expiresAt: new Date(Date.now() - 1) }));
      await expect(sessions.rotate('copied')).rejects.toBeInstanceOf(UnauthorizedException);
      expect(repo.renewInGrace).not.toHaveBeenCalled();
      expect(repo.revokeFamily).toHaveBeenCalledWith('family-1', expect.any(Date));
    });

    it('renews only one of two replays at once: the other revokes the family', async () => {
      repo.findByHash.mockResolvedValue(usedAgo(5_000));
      repo.renewInGrace.mockResolvedValueOnce(true).mockResolvedValueOnce(false); // the successor's row lock decides
      const outcomes = await Promise.allSettled([sessions.rotate('replayed'), sessions.rotate('replayed')]);
      expect(outcomes.map((o) => o.status).sort()).toEqual(['fulfilled', 'rejected']);
      expect(outcomes.find((o) => o.status === 'rejected')).toMatchObject({ reason: expect.any(UnauthorizedException) });
      expect(repo.revokeFamily).toHaveBeenCalledTimes(1);
    });
  });

  it('renews a token a concurrent request used first when the grace allows it, else revokes the family', async () => {
    repo.findByHash.mockResolvedValue(row());
    repo.rotate.mockResolvedValue(false);
    await expect(sessions.rotate('raced')).resolves.toMatchObject({ userId: 'user-1' });
    expect(repo.renewInGrace).toHaveBeenCalledWith('row-1', expect.any(Object), expect.any(Date), expect.any(Date), REFRESH_REUSE_GRACE_RENEWALS);
    expect(repo.revokeFamily).not.toHaveBeenCalled();

    repo.renewInGrace.mockResolvedValue(false);
    await expect(sessions.rotate('raced')).rejects.toBeInstanceOf(UnauthorizedException);
    expect(repo.revokeFamily).toHaveBeenCalledWith('family-1', expect.any(Date));
  });

  it.each([
    ['unknown', null],
    ['revoked', row({ revokedAt: new Date() })],
    ['expired', row({ expiresAt: new Date(Date.now() - 1) })],
  ])('refuses an %s token without issuing another', async (_label, found) => {
    repo.findByHash.mockResolvedValue(found);
    await expect(sessions.rotate('x')).rejects.toThrow('Your session has expired. Please sign in again.');
    expect(repo.insert).not.toHaveBeenCalled();
    expect(repo.rotate).not.toHaveBeenCalled();
    expect(repo.renewInGrace).not.toHaveBeenCalled();
  });

  describe('the session check of access tokens (isLive), cached briefly', () => {
    const iat = Math.floor(Date.now() / 1000);
    afterEach(() => jest.useRealTimers());

    it('asks the database once per few seconds for a live session, again when that time is up', async () => {
      jest.useFakeTimers({ now: Date.now(), doNotFake: ['nextTick', 'setImmediate'] });
      await expect(sessions.isLive('user-1', 'family-1', iat)).resolves.toBe(true);
      await expect(sessions.isLive('user-1', 'family-1', iat)).resolves.toBe(true);
      expect(repo.sessionOfUser).toHaveBeenCalledTimes(1);
      expect(repo.sessionOfUser).toHaveBeenCalledWith('family-1', 'user-1');
      jest.advanceTimersByTime(SESSION_CHECK_CACHE_MS);
      repo.sessionOfUser.mockResolvedValue({ live: false, sessionsRevokedAt: null }); // signed out on another instance
      await expect(sessions.isLive('user-1', 'family-1', iat)).resolves.toBe(false);
      expect(repo.sessionOfUser).toHaveBeenCalledTimes(2);
    });

    it.each([
      ['a deleted user', null],
      ['a signed-out session', { live: false, sessionsRevokedAt: null }],
    ])('refuses %s, and never keeps a refusal', async (_label, found) => {
      repo.sessionOfUser.mockResolvedValue(found);
      await expect(sessions.isLive('user-1', 'family-1', iat)).resolves.toBe(false);
      repo.sessionOfUser.mockResolvedValue({ live: true, sessionsRevokedAt: null });
      await expect(sessions.isLive('user-1', 'family-1', iat)).resolves.toBe(true);
      expect(repo.sessionOfUser).toHaveBeenCalledTimes(2);
    });

    it("refuses tokens issued before the user's sessions were revoked, not those issued after, cached or not", async () => {
      repo.sessionOfUser.mockResolvedValue({ live: true, sessionsRevokedAt: new Date((iat - 10) * 1000 + 500) });
      await expect(sessions.isLive('user-1', 'family-1', iat - 11)).resolves.toBe(false);
      await expect(sessions.isLive('user-1', 'family-1', iat)).resolves.toBe(true);
      await expect(sessions.isLive('user-1', 'family-1', iat - 11)).resolves.toBe(false);
      expect(repo.sessionOfUser).toHaveBeenCalledTimes(1); // the user's revocation instant is kept with the check
    });

    const signedOutNow = async () => {
      repo.sessionOfUser.mockResolvedValue({ live: false, sessionsRevokedAt: null });
      return sessions.isLive('user-1', 'family-1', iat);
    };

    it('forgets the session at once when it signs out', async () => {
      await sessions.isLive('user-1', 'family-1', iat);
      repo.findByHash.mockResolvedValue(row());
      await sessions.end('refresh-token');
      expect(repo.revokeFamily).toHaveBeenCalledWith('family-1', expect.any(Date));
      await expect(signedOutNow()).resolves.toBe(false);
      expect(repo.sessionOfUser).toHaveBeenCalledTimes(2);
    });

    it('keeps the other sessions cached when one signs out', async () => {
      await sessions.isLive('user-1', 'family-2', iat);
      repo.findByHash.mockResolvedValue(row());
      await sessions.end('refresh-token');
      await expect(sessions.isLive('user-1', 'family-2', iat)).resolves.toBe(true);
      expect(repo.sessionOfUser).toHaveBeenCalledTimes(1);
    });

    it('forgets the session at once when a reused refresh token revokes it', async () => {
      await sessions.isLive('user-1', 'family-1', iat);
      repo.findByHash.mockResolvedValue(row({ usedAt: new Date() }));
      repo.renewInGrace.mockResolvedValue(false);
      await expect(sessions.rotate('copied')).rejects.toBeInstanceOf(UnauthorizedException);
      await expect(signedOutNow()).resolves.toBe(false);
    });

    it('keeps the check of a session whose lost answer was renewed within the grace: it is still signed in', async () => {
      await sessions.isLive('user-1', 'family-1', iat);
      repo.findByHash.mockResolvedValue(row({ usedAt: new Date(Date.now() - 1_000) }));
      await sessions.rotate('lost-answer');
      await expect(sessions.isLive('user-1', 'family-1', iat)).resolves.toBe(true);
      expect(repo.sessionOfUser).toHaveBeenCalledTimes(1);
    });

    it("forgets every session of the user, and only that user's, when all are signed out (password reset) or the user is deleted", async () => {
      await sessions.isLive('user-1', 'family-1', iat);
      await sessions.isLive('user-2', 'family-9', iat);
      await sessions.endAll('user-1');
      expect(repo.revokeAllOfUser).toHaveBeenCalledWith('user-1', expect.any(Date));
      await expect(signedOutNow()).resolves.toBe(false);
      await expect(sessions.isLive('user-2', 'family-9', iat)).resolves.toBe(true); // still cached
      expect(repo.sessionOfUser).toHaveBeenCalledTimes(3);

      repo.sessionOfUser.mockResolvedValue({ live: true, sessionsRevokedAt: null });
      await sessions.isLive('user-1', 'family-1', iat);
      sessions.forgetUser('user-1');
      await expect(signedOutNow()).resolves.toBe(false);
    });

    it('does not keep an answer that was on its way while the session signed out', async () => {
      let answer!: (found: { live: boolean; sessionsRevokedAt: null }) => void;
      repo.sessionOfUser.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
      const checking = sessions.isLive('user-1', 'family-1', iat);
      repo.findByHash.mockResolvedValue(row());
      await sessions.end('refresh-token');
      answer({ live: true, sessionsRevokedAt: null }); // read before the sign-out committed
      await checking;
      await expect(signedOutNow()).resolves.toBe(false);
    });
  });
});
