import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthModule } from '../auth/auth.module';
import { BrowserAuditModule } from '../browser-audit/browser-audit.module';
import { BreachCatalogueStateEntity } from './breach-catalogue/breach-catalogue-state.entity';
import { BreachCatalogueEntity } from './breach-catalogue/breach-catalogue.entity';
import { BreachCatalogueRepository } from './breach-catalogue/breach-catalogue.repository';
import { BreachCatalogueService } from './breach-catalogue/breach-catalogue.service';
import { BreachLookupCacheEntity, BreachLookupCacheReaderEntity } from './breaches/breach-lookup-cache.entity';
import { BreachLookupCacheRepository } from './breaches/breach-lookup-cache.repository';
import { BreachLookupCache } from './breaches/breach-lookup-cache.service';
import { BreachLookupService } from './breaches/breach-lookup.service';
import { PasswordRangeService } from './passwords/password-range.service';
import { PasswordsController } from './passwords/passwords.controller';
import { scanCheckProviders } from './checks/scan-checks.registry';
import { ScanHistoryModule } from './scan-history.module';
import { ScanPipeline } from './scan.pipeline';
import { ScansController } from './scans.controller';
import { ScansService } from './scans.service';
import { dnsResolverProvider, EmailDnsSource } from './sources/email-dns.source';
import { GravatarSource } from './sources/gravatar.source';
import { HibpSource } from './sources/hibp.source';
import { PwnedPasswordsSource } from './sources/pwned-passwords.source';
import { WebsiteSource } from './sources/website.source';
import { XposedOrNotSource } from './sources/xposedornot.source';
import { TrackerListSource } from './sources/tracker-list.source';
import { TrackerCatalogueService } from './trackers/tracker-catalogue.service';
import { TrackerListEntity } from './trackers/tracker-list.entity';
import { TrackerListRepository } from './trackers/tracker-list.repository';
import { TrackerListService } from './trackers/tracker-list.service';
import { UsernameFootprintSource } from './username/username-footprint.source';
import { UsernameSiteListSource } from './sources/username-site-list.source';
import { UsernameSiteListEntity } from './username/username-site-list.entity';
import { UsernameSiteListRepository } from './username/username-site-list.repository';
import { UsernameSiteListService } from './username/username-site-list.service';

/**
 * Privacy scans: the input rules, the analysis pipeline (checks run in parallel, each a source
 * plus a pure analyzer), scoring and recommendations, stored history, the breach catalogue and
 * the password exposure range proxy.
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([BreachCatalogueEntity, BreachCatalogueStateEntity, BreachLookupCacheEntity, BreachLookupCacheReaderEntity, UsernameSiteListEntity, TrackerListEntity]),
    AuthModule,
    ScanHistoryModule,
    BrowserAuditModule,
  ],
  controllers: [ScansController, PasswordsController],
  providers: [
    ...scanCheckProviders,
    ScanPipeline,
    ScansService,
    HibpSource,
    XposedOrNotSource,
    BreachLookupCacheRepository,
    BreachLookupCache,
    BreachLookupService,
    PwnedPasswordsSource,
    GravatarSource,
    dnsResolverProvider,
    EmailDnsSource,
    BreachCatalogueRepository,
    BreachCatalogueService,
    PasswordRangeService,
    TrackerCatalogueService,
    TrackerListSource,
    TrackerListRepository,
    TrackerListService,
    WebsiteSource,
    UsernameSiteListSource,
    UsernameSiteListRepository,
    UsernameSiteListService,
    UsernameFootprintSource,
  ],
  exports: [
    ScanHistoryModule,
    ScansService,
    HibpSource,
    XposedOrNotSource,
    PwnedPasswordsSource,
    GravatarSource,
    EmailDnsSource,
    BreachCatalogueService,
    BreachLookupService,
    BreachLookupCache,
  ],
})
export class ScansModule {}
