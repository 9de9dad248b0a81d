import { ConflictException, Injectable, Logger, OnModuleInit, UnauthorizedException } from '@nestjs/common';
import { Clock } from '../common/clock/clock.service';
import { ServiceBusyException } from '../common/http/service-busy.exception';
import { RateLimiter } from '../common/security/rate-limiter.service';
import { AccessTokenService } from './access-token.service';
import { AUTH_MESSAGES, AuthSessionDto, LoginDto, SignupDto, UserDto } from './auth.dto';
import { normalizeEmail } from './email-address.util';
import { EmailVerificationService } from './email-verification.service';
import { PasswordHashPool } from './password-hash.pool';
import { AUTH_RATE_LIMITS } from './rate-limits.catalogue';
import { RefreshGrant, SessionService } from './session.service';
import { UserEntity } from './user.entity';
import { EmailTakenError, UserRepository } from './user.repository';

/** What a successful sign-up, sign-in or refresh gives: the response body and the next cookie. */
export interface SignedIn {
  session: AuthSessionDto;
  refresh: RefreshGrant;
}

/**
 * Sign-up, sign-in, refresh and sign-out. Sign-in answers unknown emails and wrong passwords the
 * same way and at the same cost (a real scrypt verification either way).
 */
@Injectable()
export class AuthService implements OnModuleInit {
  private readonly logger = new Logger(AuthService.name);

  constructor(
    private readonly users: UserRepository,
    private readonly sessions: SessionService,
    private readonly accessTokens: AccessTokenService,
    private readonly verification: EmailVerificationService,
    private readonly limiter: RateLimiter,
    private readonly clock: Clock,
    private readonly passwords: PasswordHashPool,
  ) {}

  onModuleInit() {
    // Computed once at start, so the first sign-in with an unknown email is not slower than others.
    this.passwords.dummyHash().catch(() => undefined); // computed again on first use if this failed
  }

  async signUp(dto: SignupDto, ip: string): Promise<SignedIn> {
    await this.limiter.consume(AUTH_RATE_LIMITS.signupPerIp, ip);
    const email = normalizeEmail(dto.email);
    if (await this.users.findByEmail(email)) throw new ConflictException(AUTH_MESSAGES.emailTaken);
    let user: UserEntity;
    try {
      user = await this.users.create({ email, passwordHash: await this.passwords.hash(dto.password), displayName: dto.firstName || null });
    } catch (err) {
      if (err instanceof EmailTakenError) throw new ConflictException(AUTH_MESSAGES.emailTaken);
      throw err;
    }
    this.logger.log(`account created: userId=${user.id}`);
    this.verification.sendInBackground(user);
    return this.signIn(user, true);
  }

  async logIn(dto: LoginDto, ip: string): Promise<SignedIn> {
    // A full hashing queue refuses before the limits count the attempt or the database is asked: a cheap 503.
    this.passwords.assertCapacity();
    const undoIp = await this.limiter.consume(AUTH_RATE_LIMITS.loginPerIp, ip);
    const email = normalizeEmail(dto.email);
    const undoEmail = await this.limiter.consume(AUTH_RATE_LIMITS.loginPerEmail, email.toLowerCase());
    const user = await this.users.findByEmail(email);
    let matches: boolean;
    try {
      matches = await this.passwords.verify(dto.password, user?.passwordHash ?? (await this.passwords.dummyHash()));
    } catch (err) {
      // Refused by the hashing queue (503): the attempt was never checked, so it does not count.
      if (err instanceof ServiceBusyException) await Promise.all([undoIp(), undoEmail()]).catch(() => undefined);
      throw err;
    }
    if (!user || !user.passwordHash || !matches) {
      const reason = !user ? 'unknown_email' : !user.passwordHash ? 'no_password' : 'wrong_password';
      this.logger.warn(`sign-in failed: reason=${reason}${user ? ` userId=${user.id}` : ''}`);
      throw new UnauthorizedException(AUTH_MESSAGES.invalidCredentials);
    }
    return this.signIn(user, dto.rememberMe === true);
  }

  /** Rotates the refresh token (see SessionService) and issues a new access token. */
  async refresh(refreshToken: string | undefined): Promise<SignedIn> {
    if (!refreshToken) throw new UnauthorizedException(AUTH_MESSAGES.sessionExpired);
    const { userId, grant } = await this.sessions.rotate(refreshToken);
    const user = await this.users.findById(userId);
    if (!user) throw new UnauthorizedException(AUTH_MESSAGES.sessionExpired);
    return { session: await this.sessionFor(user, grant.sessionId), refresh: grant };
  }

  async logOut(refreshToken: string | undefined): Promise<void> {
    if (refreshToken) await this.sessions.end(refreshToken);
  }

  /** A new session for a user who proved who they are another way (a changed password). */
  startSession(user: UserEntity, persistent: boolean): Promise<SignedIn> {
    return this.signIn(user, persistent);
  }

  private async signIn(user: UserEntity, persistent: boolean): Promise<SignedIn> {
    const refresh = await this.sessions.start(user.id, persistent);
    return { session: await this.sessionFor(user, refresh.sessionId), refresh };
  }

  private async sessionFor(user: UserEntity, sessionId: string): Promise<AuthSessionDto> {
    const { accessToken, expiresIn } = await this.accessTokens.issue(user.id, sessionId);
    return { accessToken, tokenType: 'Bearer', expiresIn, user: UserDto.from(user, this.clock.now()) };
  }
}
