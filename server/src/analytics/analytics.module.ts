import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthModule } from '../auth/auth.module';
import { AbTestAssignmentEntity } from './ab-test-assignment.entity';
import { AbTestAssignmentRepository } from './ab-test-assignment.repository';
import { AbTestController } from './ab-test.controller';
import { AbTestService } from './ab-test.service';
import { AnalyticsController } from './analytics.controller';
import { AnalyticsEventEntity } from './analytics-event.entity';
import { AnalyticsEventRepository } from './analytics-event.repository';
import { AnalyticsService } from './analytics.service';
import { OperatorTokenGuard } from './operator-token.guard';
import { VisitorCookie } from './visitor-cookie.service';

/**
 * First-party analytics (events of signed-in users, per-day counts for operators) and sticky A/B
 * variants. Other modules record server-side events with AnalyticsService.record().
 */
@Module({
  imports: [TypeOrmModule.forFeature([AnalyticsEventEntity, AbTestAssignmentEntity]), AuthModule],
  controllers: [AnalyticsController, AbTestController],
  providers: [AnalyticsEventRepository, AnalyticsService, OperatorTokenGuard, AbTestAssignmentRepository, AbTestService, VisitorCookie],
  exports: [AnalyticsService],
})
export class AnalyticsModule {}
