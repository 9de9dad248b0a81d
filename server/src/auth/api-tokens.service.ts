import { ConflictException, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { Clock } from '../common/clock/clock.service';
import { pageOf, PageQueryDto } from '../common/http/pagination.dto';
import { API_TOKEN_MESSAGES, ApiTokenDto, ApiTokenListDto, CreateApiTokenDto, CreatedApiTokenDto } from './api-token.dto';
import { ApiTokenRepository } from './api-token.repository';
import { AuthenticatedUser } from './current-user.decorator';
import { hashSecret, randomSecret } from './secret-token.util';

export const API_TOKEN_PREFIX = 'fp_';
export const MAX_ACTIVE_API_TOKENS = 25;
/** last_used_at is written at most this often per token. */
const LAST_USED_PRECISION_MS = 60_000;
const TOKEN_SHAPE = /^fp_[0-9a-f]{8}_[A-Za-z0-9_-]{43}$/;
const DAY_MS = 24 * 3600_000;

/** What a presented API token is: its owner (with the token's scope), expired, or nothing usable. */
export type ApiTokenCheck = { user: AuthenticatedUser } | 'expired' | null;

/**
 * Personal API tokens for integrators: `fp_<8 hex prefix>_<32 random bytes, base64url>`. The token
 * is shown once; only its SHA-256 is stored, and a presented token is found by that hash, so no
 * comparison of secrets happens in code that could leak timing.
 */
@Injectable()
export class ApiTokensService {
  private readonly logger = new Logger(ApiTokensService.name);

  constructor(
    private readonly tokens: ApiTokenRepository,
    private readonly clock: Clock,
  ) {}

  async create(userId: string, dto: CreateApiTokenDto): Promise<CreatedApiTokenDto> {
    const now = this.clock.now();
    if ((await this.tokens.countActiveOfUser(userId, now)) >= MAX_ACTIVE_API_TOKENS) {
      throw new ConflictException(API_TOKEN_MESSAGES.tooMany);
    }
    const prefix = randomBytes(4).toString('hex');
    const token = `${API_TOKEN_PREFIX}${prefix}_${randomSecret()}`;
    const expiresAt = dto.expiresInDays ? new Date(now.getTime() + dto.expiresInDays * DAY_MS) : null;
    const scope = dto.scope ?? 'read-write';
    const row = await this.tokens.insert({ userId, name: dto.name, prefix, tokenHash: hashSecret(token), scope, expiresAt });
    this.logger.log(`API token created: userId=${userId} tokenId=${row.id} scope=${scope} expires=${expiresAt ? 'yes' : 'never'}`);
    return { ...ApiTokenDto.from(row), token };
  }

  /** One page of the user's active tokens (revoked and expired ones are left out). */
  async list(userId: string, query: PageQueryDto = {}): Promise<ApiTokenListDto> {
    const { page, pageSize, offset } = pageOf(query);
    const [rows, total] = await this.tokens.listActiveOfUser(userId, this.clock.now(), { offset, limit: pageSize });
    return { tokens: rows.map(ApiTokenDto.from), total, page, pageSize };
  }

  /** Revokes one of the user's tokens; another user's token is "not found". */
  async revoke(userId: string, tokenId: string): Promise<void> {
    if (!(await this.tokens.revoke(tokenId, userId, new Date()))) throw new NotFoundException(API_TOKEN_MESSAGES.notFound);
    this.logger.log(`API token revoked: userId=${userId} tokenId=${tokenId}`);
  }

  /** Revokes every token of the user (a password reset: whoever held the account loses its tokens too). */
  async revokeAll(userId: string): Promise<number> {
    const revoked = await this.tokens.revokeAllOfUser(userId, new Date());
    if (revoked > 0) this.logger.log(`API tokens revoked: userId=${userId} count=${revoked}`);
    return revoked;
  }

  /**
   * The owner of an active token, 'expired' for a token past its expiry, or null (unknown,
   * revoked, malformed). Records the use of an active token (at most once a minute).
   */
  async authenticate(token: string): Promise<ApiTokenCheck> {
    if (!TOKEN_SHAPE.test(token)) return null;
    const row = await this.tokens.findUnrevokedByHash(hashSecret(token));
    if (!row) return null;
    const now = this.clock.now();
    if (row.expiresAt && row.expiresAt.getTime() <= now.getTime()) return 'expired';
    if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() >= LAST_USED_PRECISION_MS) {
      await this.tokens.touch(row.id, now);
    }
    return { user: { userId: row.userId, method: 'api-token', readOnly: row.scope === 'read-only' } };
  }
}
