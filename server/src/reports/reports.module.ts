import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AnalyticsEventEntity } from '../analytics/analytics-event.entity';
import { AnalyticsEventRepository } from '../analytics/analytics-event.repository';
import { AuthModule } from '../auth/auth.module';
import { ScanEntity } from '../scans/scan.entity';
import { ScansModule } from '../scans/scans.module';
import { DashboardController } from './dashboard.controller';
import { DashboardService } from './dashboard.service';
import { ReportsController } from './reports.controller';
import { ReportsRepository } from './reports.repository';
import { ReportsService } from './reports.service';
import { RetentionService } from './retention.service';

/**
 * The dashboard's overview, the user's report (JSON, PDF, CSV) and the retention job that
 * deletes scan results and analytics events past their time.
 */
@Module({
  imports: [TypeOrmModule.forFeature([ScanEntity, AnalyticsEventEntity]), AuthModule, ScansModule],
  controllers: [DashboardController, ReportsController],
  providers: [ReportsRepository, DashboardService, ReportsService, RetentionService, AnalyticsEventRepository],
  exports: [RetentionService],
})
export class ReportsModule {}
