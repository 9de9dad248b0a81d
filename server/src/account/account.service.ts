import { Injectable, Logger } from '@nestjs/common';
import { AbTestService } from '../ab-test/ab-test.service';
import { AnalyticsService } from '../analytics/analytics.service';
import { ProfileService } from '../auth/profile.service';
import { PaymentsService } from '../billing/payments.service';
import { Mailer } from '../mail/mail.types';
import { MonitoringService } from '../monitoring/monitoring.service';
import { RequestsService } from '../requests/requests.service';
import { BreachLookupCache } from '../scans/breaches/breach-lookup-cache.service';
import { ScanHistoryService } from '../scans/scan-history.service';
import type { AccountExportDto } from './account.dto';

/**
 * The account as a whole, above every module that keeps a person's data: the export asks each of
 * them for its part, and deletion removes the user (its rows go by ON DELETE CASCADE), the mail
 * kept for the address and the breach answers cached for it.
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
  ) {}

  /** Everything kept about the account, without secrets or their hashes. */
  async export(userId: string): Promise<AccountExportDto> {
    const now = new Date();
    const [auth, scans, payments, analyticsEvents, abTests, monitors] = await Promise.all([
      this.profiles.exportOf(userId, now),
      this.scans.exportOf(userId),
      this.payments.exportOf(userId),
      this.analytics.exportOf(userId),
      this.abTests.exportOf(userId),
      this.monitoring.exportOf(userId),
    ]);
    // Privacy-rights requests (issue 40), with the identifiers their letters hold; deleting the
    // account deletes them (rights_requests.user_id ON DELETE CASCADE).
    const rightsRequests = await this.rightsRequests.exportOf(userId);
    return { exportedAt: now.toISOString(), ...auth, scans, payments, analyticsEvents, abTests, monitors, rightsRequests };
  }

  /** Deletes the account (confirmed by its password when it has one) and everything of it. */
  async delete(userId: string, password: string | undefined): Promise<void> {
    const { email } = await this.profiles.deleteUser(userId, password);
    // Mail we kept for the address (verification and reset links included) goes with the account.
    const forgotten = await this.mailer.forgetRecipient(email);
    try {
      // The breach answers this account read, keyed by a hash of addresses (no row of the user's).
      const answersDeleted = await this.breachCache.forgetAccount(userId, email);
      this.logger.log(`breach cache emptied for a deleted account: userId=${userId} answersDeleted=${answersDeleted}`);
    } catch (err) {
      // The account is gone already; the cached answers expire by themselves. Never the address in the log.
      this.logger.error(`account deletion step failed: step=breach-lookup-cache userId=${userId} error=${err instanceof Error ? err.name : 'unknown'}`);
    }
    this.logger.log(`account deleted: userId=${userId} outboxMessagesDeleted=${forgotten}`);
  }
}
