import { ConflictException, NotFoundException } from '@nestjs/common';
import { Clock } from '../common/clock/clock.service';
import { ApiTokenEntity } from './api-token.entity';
import { ApiTokenRepository } from './api-token.repository';
import { ApiTokensService } from './api-tokens.service';
import { hashSecret } from './secret-token.util';

type Repo = jest.Mocked<Pick<ApiTokenRepository, 'insert' | 'countActiveOfUser' | 'listActiveOfUser' | 'findUnrevokedByHash' | 'revoke' | 'touch'>>;

const NOW = new Date('2026-03-01T12:00:00Z');
const DAY = 24 * 3600_000;

describe('ApiTokensService', () => {
  let repo: Repo;
  let service: ApiTokensService;
  const clock = { now: () => NOW } as Clock;
  beforeEach(() => {
    repo = {
      insert: jest.fn(async (fields) => ({ ...fields, id: 'tok-1', createdAt: NOW, lastUsedAt: null, revokedAt: null }) as ApiTokenEntity),
      countActiveOfUser: jest.fn().mockResolvedValue(0),
      listActiveOfUser: jest.fn().mockResolvedValue([[], 0]),
      findUnrevokedByHash: jest.fn(),
      revoke: jest.fn().mockResolvedValue(true),
      touch: jest.fn().mockResolvedValue(undefined),
    };
    service = new ApiTokensService(repo as unknown as ApiTokenRepository, clock);
  });

  it('creates fp_<prefix>_<secret>, storing only the SHA-256 of the whole token; read-write and never expiring by default', async () => {
    const created = await service.create('user-1', { name: 'ci' });
    expect(created.token).toMatch(new RegExp(`^fp_${created.prefix}_[A-Za-z0-9_-]{43}$`));
    const stored = repo.insert.mock.calls[0][0];
    expect(stored).toEqual({ userId: 'user-1', name: 'ci', prefix: created.prefix, tokenHash: hashSecret(created.token), scope: 'read-write', expiresAt: null });
    expect(created).toMatchObject({ scope: 'read-write', expiresAt: null });
  });

  it('creates a read-only token expiring after the days asked for', async () => {
    const created = await service.create('user-1', { name: 'dashboards', scope: 'read-only', expiresInDays: 30 });
    expect(repo.insert.mock.calls[0][0]).toMatchObject({ scope: 'read-only', expiresAt: new Date(NOW.getTime() + 30 * DAY) });
    expect(created).toMatchObject({ scope: 'read-only', expiresAt: '2026-03-31T12:00:00.000Z' });
  });

  it('refuses a 26th active token (expired ones do not count: the repository is asked as of now)', async () => {
    repo.countActiveOfUser.mockResolvedValue(25);
    await expect(service.create('user-1', { name: 'x' })).rejects.toBeInstanceOf(ConflictException);
    expect(repo.countActiveOfUser).toHaveBeenCalledWith('user-1', NOW);
    expect(repo.insert).not.toHaveBeenCalled();
  });

  it('lists one page of the active tokens with the total', async () => {
    const row = { id: 'tok-3', name: 'n', prefix: 'abcd0123', scope: 'read-only', createdAt: NOW, expiresAt: null, lastUsedAt: null } as ApiTokenEntity;
    repo.listActiveOfUser.mockResolvedValue([[row], 21]);
    await expect(service.list('user-1', { page: 2, pageSize: 10 })).resolves.toEqual({
      tokens: [{ id: 'tok-3', name: 'n', prefix: 'abcd0123', scope: 'read-only', createdAt: NOW.toISOString(), expiresAt: null, lastUsedAt: null }],
      total: 21,
      page: 2,
      pageSize: 10,
    });
    expect(repo.listActiveOfUser).toHaveBeenCalledWith('user-1', NOW, { offset: 10, limit: 10 });
  });

  it("answers 'not found' when the repository revoked nothing", async () => {
    repo.revoke.mockResolvedValue(false);
    await expect(service.revoke('user-1', 'other-users-token')).rejects.toBeInstanceOf(NotFoundException);
  });

  it('does not look up tokens of the wrong shape', async () => {
    for (const bad of ['', 'fp_', 'fp_zzzzzzzz_' + 'a'.repeat(43), 'fp_00000000_' + 'a'.repeat(42), 'eyJhbGciOi.x.y']) {
      await expect(service.authenticate(bad)).resolves.toBeNull();
    }
    expect(repo.findUnrevokedByHash).not.toHaveBeenCalled();
  });

  const token = `fp_0123abcd_${'A'.repeat(43)}`;
  const found = (fields: Partial<ApiTokenEntity>) => ({ id: 'tok-1', userId: 'user-1', lastUsedAt: null, scope: 'read-write', expiresAt: null, ...fields }) as ApiTokenEntity;

  it('authenticates by hash and records the use at most once a minute', async () => {
    repo.findUnrevokedByHash.mockResolvedValueOnce(found({}));
    await expect(service.authenticate(token)).resolves.toEqual({ user: { userId: 'user-1', method: 'api-token', readOnly: false } });
    expect(repo.findUnrevokedByHash).toHaveBeenCalledWith(hashSecret(token));
    expect(repo.touch).toHaveBeenCalledTimes(1);
    repo.findUnrevokedByHash.mockResolvedValueOnce(found({ lastUsedAt: new Date(NOW.getTime() - 30_000) }));
    await service.authenticate(token);
    expect(repo.touch).toHaveBeenCalledTimes(1);
    repo.findUnrevokedByHash.mockResolvedValueOnce(found({ lastUsedAt: new Date(NOW.getTime() - 61_000) }));
    await service.authenticate(token);
    expect(repo.touch).toHaveBeenCalledTimes(2);
    repo.findUnrevokedByHash.mockResolvedValueOnce(null);
    await expect(service.authenticate(token)).resolves.toBeNull();
  });

  it('marks a read-only token read-only', async () => {
    repo.findUnrevokedByHash.mockResolvedValueOnce(found({ scope: 'read-only' }));
    await expect(service.authenticate(token)).resolves.toEqual({ user: { userId: 'user-1', method: 'api-token', readOnly: true } });
  });

  it("says 'expired' from the instant of expiry on, without recording a use", async () => {
    repo.findUnrevokedByHash.mockResolvedValueOnce(found({ expiresAt: new Date(NOW.getTime() + 1000) }));
    await expect(service.authenticate(token)).resolves.toMatchObject({ user: { userId: 'user-1' } });
    repo.touch.mockClear();
    repo.findUnrevokedByHash.mockResolvedValueOnce(found({ expiresAt: NOW }));
    await expect(service.authenticate(token)).resolves.toBe('expired');
    repo.findUnrevokedByHash.mockResolvedValueOnce(found({ expiresAt: new Date(NOW.getTime() - DAY) }));
    await expect(service.authenticate(token)).resolves.toBe('expired');
    expect(repo.touch).not.toHaveBeenCalled();
  });
});
