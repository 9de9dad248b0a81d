import { UnauthorizedException } from '@nestjs/common';
import { RefreshTokenEntity } from './refresh-token.entity';
import { RefreshTokenRepository } from './refresh-token.repository';
import { hashSecret } from './secret-token.util';
import { SessionService } from './session.service';

type Repo = jest.Mocked<Pick<RefreshTokenRepository, 'insert' | 'findByHash' | 'markUsed' | 'revokeFamily' | 'revokeAllOfUser' | 'deleteExpiredBefore'>>;

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
      markUsed: jest.fn().mockResolvedValue(true),
      revokeFamily: jest.fn().mockResolvedValue(undefined),
      revokeAllOfUser: jest.fn().mockResolvedValue(undefined),
      deleteExpiredBefore: jest.fn().mockResolvedValue(undefined),
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

  it('rotates an unused token within its family', async () => {
    repo.findByHash.mockResolvedValue(row({ persistent: false }));
    const { userId, grant } = await sessions.rotate('presented');
    expect(repo.findByHash).toHaveBeenCalledWith(hashSecret('presented'));
    expect(repo.markUsed).toHaveBeenCalledWith('row-1', expect.any(Date));
    expect(userId).toBe('user-1');
    expect(grant.persistent).toBe(false);
    expect(repo.insert).toHaveBeenCalledWith(expect.objectContaining({ familyId: 'family-1', persistent: false }));
    expect(repo.revokeFamily).not.toHaveBeenCalled();
  });

  it('revokes the family when a used token is presented again', async () => {
    repo.findByHash.mockResolvedValue(row({ usedAt: new Date() }));
    await expect(sessions.rotate('copied')).rejects.toBeInstanceOf(UnauthorizedException);
    expect(repo.revokeFamily).toHaveBeenCalledWith('family-1', expect.any(Date));
    expect(repo.insert).not.toHaveBeenCalled();
  });

  it('revokes the family when a concurrent request used the token first', async () => {
    repo.findByHash.mockResolvedValue(row());
    repo.markUsed.mockResolvedValue(false);
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
    expect(repo.markUsed).not.toHaveBeenCalled();
  });
});
