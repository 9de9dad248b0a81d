import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AppSecretEntity } from './app-secret.entity';
import { AppSecretRepository } from './app-secret.repository';
import { AppSecrets } from './app-secrets.service';
import { CsrfGuard } from './csrf.guard';
import { RateLimitCounterEntity } from './rate-limit-counter.entity';
import { RateLimitRepository } from './rate-limit.repository';
import { RateLimiter } from './rate-limiter.service';
import { SsrfModule } from './ssrf/ssrf.module';

/** Rate limits, generated app secrets, the CSRF guard and the SSRF-safe fetcher, for every module. */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature([RateLimitCounterEntity, AppSecretEntity]), SsrfModule],
  providers: [RateLimitRepository, RateLimiter, AppSecretRepository, AppSecrets, CsrfGuard],
  exports: [RateLimiter, AppSecrets, CsrfGuard, SsrfModule],
})
export class SecurityModule {}
