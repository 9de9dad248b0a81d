import { DynamicModule, Module } from '@nestjs/common';
import { ScheduleModule } from '@nestjs/schedule';
import { AbTestModule } from './ab-test/ab-test.module';
import { AccountModule } from './account/account.module';
import { AnalyticsModule } from './analytics/analytics.module';
import { AuthModule } from './auth/auth.module';
import { BillingModule } from './billing/billing.module';
import { BrowserAuditModule } from './browser-audit/browser-audit.module';
import { ClockModule } from './common/clock/clock.module';
import { AppConfig } from './common/config/app.config';
import { ConfigModule } from './common/config/config.module';
import { DatabaseModule } from './common/database/database.module';
import { MetricsModule } from './common/metrics/metrics.module';
import { OutboundModule } from './common/outbound/outbound.module';
import { SecurityModule } from './common/security/security.module';
import { HealthModule } from './health/health.module';
import { MailModule } from './mail/mail.module';
import { MonitoringModule } from './monitoring/monitoring.module';
import { ReportsModule } from './reports/reports.module';
import { ExifModule } from './images/exif.module';
import { RequestsModule } from './requests/requests.module';
import { ScansModule } from './scans/scans.module';
import { SiteModule } from './site/site.module';

@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        ClockModule,
        ScheduleModule.forRoot(),
        MetricsModule,
        DatabaseModule,
        SecurityModule,
        OutboundModule,
        MailModule,
        HealthModule,
        SiteModule,
        BillingModule,
        AuthModule,
        ScansModule,
        AnalyticsModule,
        AbTestModule,
        ExifModule,
        MonitoringModule,
        RequestsModule,
        ReportsModule,
        AccountModule,
      ],
    };
  }
}

/** What a browser-worker instance runs: configuration, the database, the SSRF guard and the audit browser. */
@Module({})
export class BrowserWorkerModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: BrowserWorkerModule,
      // Metrics too: a worker has no HTTP API, but METRICS_PORT serves its metrics on loopback.
      imports: [ConfigModule.forRoot(config), ClockModule, MetricsModule, DatabaseModule, SecurityModule, BrowserAuditModule],
    };
  }
}
