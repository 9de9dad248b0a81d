import { Module } from '@nestjs/common';
import { AbTestModule } from '../ab-test/ab-test.module';
import { AnalyticsModule } from '../analytics/analytics.module';
import { AuthModule } from '../auth/auth.module';
import { BillingModule } from '../billing/billing.module';
import { RequestsModule } from '../requests/requests.module';
import { MonitoringModule } from '../monitoring/monitoring.module';
import { ScansModule } from '../scans/scans.module';
import { AccountController } from './account.controller';
import { AccountService } from './account.service';

/**
 * The account as a whole: the data export and the account deletion. It sits above scans,
 * monitoring, billing, analytics and the A/B test, and asks each for its part; none of them
 * knows about it.
 */
@Module({
  imports: [AuthModule, ScansModule, MonitoringModule, BillingModule, AnalyticsModule, AbTestModule, RequestsModule],
  controllers: [AccountController],
  providers: [AccountService],
})
export class AccountModule {}
