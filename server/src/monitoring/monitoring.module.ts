import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AnalyticsModule } from '../analytics/analytics.module';
import { AuthModule } from '../auth/auth.module';
import { BrowserAuditModule } from '../browser-audit/browser-audit.module';
import { ScansModule } from '../scans/scans.module';
import { dnsResolverProvider } from '../scans/sources/email-dns.source';
import { DomainProofService } from './domain/domain-proof.service';
import { DomainProofSource } from './domain/domain-proof.source';
import { DomainSearchService } from './domain/domain-search.service';
import { DomainWatcher } from './domain/domain-watcher.service';
import { HibpDomainSource } from './domain/hibp-domain.source';
import { MonitorWatchController } from './monitor-watch.controller';
import { MonitorWatchService } from './monitor-watch.service';
import { WebsiteWatcher } from './website/website-watcher.service';
import { MonitorKnownItemEntity } from './monitor-known-item.entity';
import { MonitorNoticeEntity } from './monitor-notice.entity';
import { MonitorRunEntity } from './monitor-run.entity';
import { MonitorRunner } from './monitor-runner.service';
import { MonitorScheduler } from './monitor-scheduler.service';
import { MonitorTargetEntity } from './monitor-target.entity';
import { MonitorEntity } from './monitor.entity';
import { MonitorRepository } from './monitor.repository';
import { MonitoringController } from './monitoring.controller';
import { MonitoringService } from './monitoring.service';
import { QueuedScanRunner } from './queued-scan-runner.service';

/**
 * Monitors: the CRUD API with the plan limits, verification of monitored addresses and proof of
 * control of watched domains, and the scheduler that claims due monitors (safely across instances),
 * re-runs their scans (emails, handles, websites) or domain searches, works out what is new and
 * alerts by email and in the app; and the runner of scans people queued while the breach sources
 * were at their limit (its notices and emails are the monitors' kind).
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([MonitorEntity, MonitorTargetEntity, MonitorRunEntity, MonitorKnownItemEntity, MonitorNoticeEntity]),
    AuthModule,
    ScansModule,
    AnalyticsModule,
    BrowserAuditModule,
  ],
  controllers: [MonitoringController, MonitorWatchController],
  providers: [
    MonitorRepository,
    MonitoringService,
    MonitorRunner,
    MonitorScheduler,
    MonitorWatchService,
    WebsiteWatcher,
    DomainWatcher,
    DomainProofService,
    DomainProofSource,
    DomainSearchService,
    HibpDomainSource,
    dnsResolverProvider,
    QueuedScanRunner,
  ],
  exports: [MonitorScheduler, MonitoringService, QueuedScanRunner],
})
export class MonitoringModule {}
