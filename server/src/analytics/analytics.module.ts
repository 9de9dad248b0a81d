import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthModule } from '../auth/auth.module';
import { AnalyticsController } from './analytics.controller';
import { AnalyticsEventEntity } from './analytics-event.entity';
import { AnalyticsEventRepository } from './analytics-event.repository';
import { AnalyticsRetentionService } from './analytics-retention.service';
import { AnalyticsService } from './analytics.service';
import { OperatorTokenGuard } from '../common/security/operator-token.guard';

/**
 * First-party analytics (events of signed-in users, per-day counts for operators, deleted after 90
 * days). Other modules record server-side events with AnalyticsService.record().
 */
@Module({
  imports: [TypeOrmModule.forFeature([AnalyticsEventEntity]), AuthModule],
  controllers: [AnalyticsController],
  providers: [AnalyticsEventRepository, AnalyticsService, OperatorTokenGuard, AnalyticsRetentionService],
  exports: [AnalyticsService, AnalyticsRetentionService],
})
export class AnalyticsModule {}
