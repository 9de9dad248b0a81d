import { Module } from '@nestjs/common';
import { JwtModule } from '@nestjs/jwt';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AccessTokenService } from './access-token.service';
import { ApiTokenEntity } from './api-token.entity';
import { ApiTokenRepository } from './api-token.repository';
import { ApiTokensController } from './api-tokens.controller';
import { ApiTokensService } from './api-tokens.service';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { BackgroundTasks } from './background-tasks.service';
import { BearerAuthGuard, OptionalBearerAuthGuard } from './bearer-auth.guard';
import { EmailTokenEntity } from './email-token.entity';
import { EmailTokenRepository } from './email-token.repository';
import { EmailVerificationService } from './email-verification.service';
import { GoogleSignInController } from './google-sign-in.controller';
import { GoogleSignInService } from './google-sign-in.service';
import { JwtStrategy } from './jwt.strategy';
import { OidcLoginAttemptEntity } from './oidc-login-attempt.entity';
import { OidcLoginAttemptRepository } from './oidc-login-attempt.repository';
import { OidcProviderSource } from './oidc-provider.source';
import { PasswordHashPool } from './password-hash.pool';
import { PasswordResetService } from './password-reset.service';
import { ProfileController } from './profile.controller';
import { AccountChangesService } from './account-changes.service';
import { ProfileService } from './profile.service';
import { RefreshCookie } from './refresh-cookie.service';
import { RefreshTokenEntity } from './refresh-token.entity';
import { RefreshTokenRepository } from './refresh-token.repository';
import { SessionService } from './session.service';
import { UserEntity } from './user.entity';
import { UserRepository } from './user.repository';

/**
 * Who is asking: sign-up, sign-in, sessions (access JWT + rotating refresh cookie), email
 * verification, password reset, Google sign-in, the profile with its plan, and personal API tokens.
 * It sits near the bottom: other modules protect their routes with @Authenticated()
 * (bearer-auth.guard.ts), which needs this module imported, and read the plan from ProfileService.
 * The whole account (export, deletion) is the account module's, above every capability.
 */
@Module({
  imports: [TypeOrmModule.forFeature([UserEntity, RefreshTokenEntity, EmailTokenEntity, ApiTokenEntity, OidcLoginAttemptEntity]), JwtModule.register({})],
  controllers: [AuthController, GoogleSignInController, ProfileController, ApiTokensController],
  providers: [
    UserRepository,
    RefreshTokenRepository,
    EmailTokenRepository,
    ApiTokenRepository,
    AccessTokenService,
    SessionService,
    AuthService,
    EmailVerificationService,
    PasswordResetService,
    PasswordHashPool,
    ProfileService,
    AccountChangesService,
    ApiTokensService,
    BackgroundTasks,
    RefreshCookie,
    JwtStrategy,
    BearerAuthGuard,
    OptionalBearerAuthGuard,
    OidcLoginAttemptRepository,
    OidcProviderSource,
    GoogleSignInService,
  ],
  exports: [BearerAuthGuard, OptionalBearerAuthGuard, ApiTokensService, AccessTokenService, ProfileService, RefreshCookie],
})
export class AuthModule {}
