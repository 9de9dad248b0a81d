import { Global, Module } from '@nestjs/common';
import { OperatorTokenGuard } from '../security/operator-token.guard';
import { MetricsPortServer } from './metrics-port.server';
import { MetricsController } from './metrics.controller';
import { MetricsService } from './metrics.service';

/**
 * Prometheus metrics: GET /api/metrics for operators (OPERATOR_TOKEN), and METRICS_PORT on loopback.
 * Every module may define its metrics on the MetricsService (global).
 */
@Global()
@Module({
  controllers: [MetricsController],
  providers: [MetricsService, MetricsPortServer, OperatorTokenGuard],
  exports: [MetricsService],
})
export class MetricsModule {}
