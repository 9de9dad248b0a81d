import { ConflictException, NotFoundException } from '@nestjs/common';
import { ApiTokenEntity } from './api-token.entity';
import { ApiTokenRepository } from './api-token.repository';
import { ApiTokensService } from './api-tokens.service';
import { hashSecret } from './secret-token.util';

type Repo = jest.Mocked<Pick<ApiTokenRepository, 'insert' | 'countActiveOfUser' | 'findActiveByHash' | 'revoke' | 'touch'>>;

describe('ApiTokensService', () => {
  let repo: Repo;
  let service: ApiTokensService;
  beforeEach(() => {
    repo = {
      insert: jest.fn(async (fields) => ({ ...fields, id: 'tok-1', createdAt: new Date(), lastUsedAt: null, revokedAt: null }) as ApiTokenEntity),
      countActiveOfUser: jest.fn().mockResolvedValue(0),
      findActiveByHash: jest.fn(),
      revoke: jest.fn().mockResolvedValue(true),
      touch: jest.fn().mockResolvedValue(undefined),
    };
    service = new ApiTokensService(repo as unknown as ApiTokenRepository);
  });

  it('creates fp_<prefix>_<secret>, storing only the SHA-256 of the whole token', async () => {
    const created = await service.create('user-1', 'ci');
    expect(created.token).toMatch(new RegExp(`^fp_${created.prefix}_[A-Za-z0-9_-]{43}$`));
    const stored = repo.insert.mock.calls[0][0];
    expect(stored).toEqual({ userId: 'user-1', name: 'ci', prefix: created.prefix, tokenHash: hashSecret(created.token) });
  });

  it('refuses a 26th active token', async () => {
    repo.countActiveOfUser.mockResolvedValue(25);
    await expect(service.create('user-1', 'x')).rejects.toBeInstanceOf(ConflictException);
    expect(repo.insert).not.toHaveBeenCalled();
  });

  it("answers 'not found' when the repository revoked nothing", async () => {
    repo.revoke.mockResolvedValue(false);
    await expect(service.revoke('user-1', 'other-users-token')).rejects.toBeInstanceOf(NotFoundException);
  });

  it('does not look up tokens of the wrong shape', async () => {
    for (const bad of ['', 'fp_', 'fp_zzzzzzzz_' + 'a'.repeat(43), 'fp_00000000_' + 'a'.repeat(42), 'eyJhbGciOi.x.y']) {
      await expect(service.authenticate(bad)).resolves.toBeNull();
    }
    expect(repo.findActiveByHash).not.toHaveBeenCalled();
  });

  it('authenticates by hash and records the use at most once a minute', async () => {
    const token = `fp_0123abcd_${'A'.repeat(43)}`;
    const found = (lastUsedAt: Date | null) => ({ id: 'tok-1', userId: 'user-1', lastUsedAt }) as ApiTokenEntity;
    repo.findActiveByHash.mockResolvedValueOnce(found(null));
    await expect(service.authenticate(token)).resolves.toEqual({ userId: 'user-1', method: 'api-token' });
    expect(repo.findActiveByHash).toHaveBeenCalledWith(hashSecret(token));
    expect(repo.touch).toHaveBeenCalledTimes(1);
    repo.findActiveByHash.mockResolvedValueOnce(found(new Date(Date.now() - 30_000)));
    await service.authenticate(token);
    expect(repo.touch).toHaveBeenCalledTimes(1);
    repo.findActiveByHash.mockResolvedValueOnce(found(new Date(Date.now() - 61_000)));
    await service.authenticate(token);
    expect(repo.touch).toHaveBeenCalledTimes(2);
    repo.findActiveByHash.mockResolvedValueOnce(null);
    await expect(service.authenticate(token)).resolves.toBeNull();
  });
});
