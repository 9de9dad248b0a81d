import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { MonitoringModule } from '../monitoring/monitoring.module';
import { RequestsModule } from '../requests/requests.module';
import { ScansModule } from '../scans/scans.module';
import { DashboardController } from './dashboard.controller';
import { DashboardService } from './dashboard.service';
import { ReportsController } from './reports.controller';
import { ReportsService } from './reports.service';

/**
 * The dashboard's overview and the user's report (JSON, PDF, CSV). It owns no table: it reads the
 * stored scans through ScanHistoryService, findings in the one stored shape, and the person's
 * privacy-rights requests through RequestsService.
 */
@Module({
  imports: [AuthModule, ScansModule, RequestsModule, MonitoringModule],
  controllers: [DashboardController, ReportsController],
  providers: [DashboardService, ReportsService],
})
export class ReportsModule {}
