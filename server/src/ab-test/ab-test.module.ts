import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthModule } from '../auth/auth.module';
import { AbTestAssignmentEntity } from './ab-test-assignment.entity';
import { AbTestAssignmentRepository } from './ab-test-assignment.repository';
import { AbTestController } from './ab-test.controller';
import { AbTestService } from './ab-test.service';
import { VisitorCookie } from './visitor-cookie.service';

/**
 * Sticky A/B variants (the pricing headline test): drawn once per user, or per visitor cookie, and
 * kept. Served under /api/analytics/ab-test, where the spec's client asks for them.
 */
@Module({
  imports: [TypeOrmModule.forFeature([AbTestAssignmentEntity]), AuthModule],
  controllers: [AbTestController],
  providers: [AbTestAssignmentRepository, AbTestService, VisitorCookie],
  exports: [AbTestService],
})
export class AbTestModule {}
