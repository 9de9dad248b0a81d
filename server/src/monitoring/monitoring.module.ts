import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AnalyticsModule } from '../analytics/analytics.module';
import { AuthModule } from '../auth/auth.module';
import { ScansModule } from '../scans/scans.module';
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

/**
 * Monitors: the CRUD API with the plan limits and verification of monitored addresses, and the
 * scheduler that claims due monitors (safely across instances), re-runs their scans, works out
 * what is new and alerts by email and in the app.
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([MonitorEntity, MonitorTargetEntity, MonitorRunEntity, MonitorKnownItemEntity, MonitorNoticeEntity]),
    AuthModule,
    ScansModule,
    AnalyticsModule,
  ],
  controllers: [MonitoringController],
  providers: [MonitorRepository, MonitoringService, MonitorRunner, MonitorScheduler],
  exports: [MonitorScheduler, MonitoringService],
})
export class MonitoringModule {}
