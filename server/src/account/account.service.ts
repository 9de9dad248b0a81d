import { Injectable, Logger } from '@nestjs/common';
import { AbTestService } from '../ab-test/ab-test.service';
import { AnalyticsService } from '../analytics/analytics.service';
import { ProfileService } from '../auth/profile.service';
import { AUTH_RATE_LIMITS } from '../auth/rate-limits.catalogue';
import { ANALYTICS_RATE_LIMITS } from '../analytics/analytics-rate-limits.catalogue';
import { BILLING_RATE_LIMITS } from '../billing/billing-rate-limits.catalogue';
import { RateLimiter, type RateLimitRule } from '../common/security/rate-limiter.service';
import { MONITORING_RATE_LIMITS } from '../monitoring/monitoring-rate-limits.catalogue';
import { PaymentsService } from '../billing/payments.service';
import { Mailer } from '../mail/mail.types';
import { MonitoringService } from '../monitoring/monitoring.service';
import { RequestsService } from '../requests/requests.service';
import { BreachLookupCache } from '../scans/breaches/breach-lookup-cache.service';
import { ScanHistoryService } from '../scans/scan-history.service';
import type { AccountExportDto } from './account.dto';

/** Limits counted per address: their keys are hashes of the account's address. */
const PER_EMAIL_RULES: readonly RateLimitRule[] = [AUTH_RATE_LIMITS.loginPerEmail, AUTH_RATE_LIMITS.resetPerEmail];
/** Limits counted per account id (the reports module declares its own: it sits beside this one). */
const PER_USER_RULES: readonly RateLimitRule[] = [
  AUTH_RATE_LIMITS.verifyResendPerUser,
  AUTH_RATE_LIMITS.deleteAccountPerUser,
  MONITORING_RATE_LIMITS.createPerUser,
  MONITORING_RATE_LIMITS.verificationEmailsPerUser,
  MONITORING_RATE_LIMITS.domainProofPerUser,
  BILLING_RATE_LIMITS.paymentIntentPerUser,
  ANALYTICS_RATE_LIMITS.trackPerUser,
];

/**
 * The account as a whole, above every module that keeps a person's data: the export asks each of
 * them for its part, and deletion removes the user (its rows go by ON DELETE CASCADE), the mail
 * kept for the address and for the addresses its monitors watched (unless another account's
 * monitor watches one too), the rate-limit counters keyed by its address or id, and the breach
 * answers cached for it.
 */
@Injectable()
export class AccountService {
  private readonly logger = new Logger(AccountService.name);

  constructor(
    private readonly profiles: ProfileService,
    private readonly scans: ScanHistoryService,
    private readonly payments: PaymentsService,
    private readonly analytics: AnalyticsService,
    private readonly abTests: AbTestService,
    private readonly monitoring: MonitoringService,
    private readonly mailer: Mailer,
    private readonly breachCache: BreachLookupCache,
    private readonly rightsRequests: RequestsService,
    private readonly limiter: RateLimiter,
  ) {
    limiter.countsPerAccount('email', PER_EMAIL_RULES);
    limiter.countsPerAccount('user', PER_USER_RULES);
  }

  /** Everything kept about the account, without secrets or their hashes. */
  async export(userId: string): Promise<AccountExportDto> {
    const now = new Date();
    const [auth, scans, payments, analyticsEvents, abTests, monitors, scanNotices] = await Promise.all([
      this.profiles.exportOf(userId, now),
      this.scans.exportOf(userId),
      this.payments.exportOf(userId),
      this.analytics.exportOf(userId),
      this.abTests.exportOf(userId),
      this.monitoring.exportOf(userId),
      this.monitoring.scanNoticesExportOf(userId),
    ]);
    // Privacy-rights requests (issue 40), with the identifiers their letters hold; deleting the
    // account deletes them (rights_requests.user_id ON DELETE CASCADE).
    const rightsRequests = await this.rightsRequests.exportOf(userId);
    const mails = await this.mailer.sentTo(auth.profile.email);
    // The cache is keyed by a hash of the address: the answers about the account's own address and
    // its monitors' addresses are its own too, whoever's lookup stored them.
    const monitored = await this.monitoring.monitoredEmailsOf(userId);
    const breachAnswers = await this.breachCache.exportOf(userId, [auth.profile.email, ...monitored]);
    return { exportedAt: now.toISOString(), ...auth, scans, payments, analyticsEvents, abTests, monitors, scanNotices, rightsRequests, mails, breachAnswers };
  }

  /** Deletes the account (confirmed by its password when it has one) and everything of it. */
  async delete(userId: string, password: string | undefined): Promise<void> {
    // Read before the monitors go with the user (ON DELETE CASCADE).
    const monitored = await this.monitoring.monitoredEmailsOf(userId);
    const { email } = await this.profiles.deleteUser(userId, password);
    // Mail we kept for the address (verification and reset links included) goes with the account,
    // and so does mail queued for an address one of its monitors watched (its verification
    // request), unless a monitor of another account watches that address too.
    let forgotten = await this.mailer.forgetRecipient(email);
    const others = await this.monitoring.unmonitoredEmails(monitored.filter((address) => address !== email.toLowerCase()));
    for (const address of others) forgotten += await this.mailer.forgetRecipient(address);
    // Every module's counters keyed by the account's id or address (each declared its rules).
    const countersDeleted = await this.limiter.forgetAccount(userId, email);
    try {
      // The breach answers this account read, and those about its address and its monitors' addresses
      // (keyed by a keyed hash of the address, no row of the user's).
      const answersDeleted = await this.breachCache.forgetAccount(userId, [email, ...monitored]);
      this.logger.log(`breach cache emptied for a deleted account: userId=${userId} answersDeleted=${answersDeleted}`);
    } catch (err) {
      // The account is gone already; the cached answers expire by themselves. Never the address in the log.
      this.logger.error(`account deletion step failed: step=breach-lookup-cache userId=${userId} error=${err instanceof Error ? err.name : 'unknown'}`);
    }
    this.logger.log(`account deleted: userId=${userId} outboxMessagesDeleted=${forgotten} rateLimitCountersDeleted=${countersDeleted}`);
  }
}
