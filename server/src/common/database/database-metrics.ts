import { Injectable, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { MetricsService } from '../metrics/metrics.service';

/** What pg's Pool tells about itself (node-postgres keeps these counts). */
interface PgPoolCounts {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
  options?: { max?: number };
}

/** The database connection pool of this instance, read at each scrape. */
@Injectable()
export class DatabaseMetrics implements OnModuleInit {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly metrics: MetricsService,
  ) {}

  onModuleInit(): void {
    const pool = () => {
      const master = (this.dataSource.driver as unknown as { master?: PgPoolCounts }).master;
      if (!this.dataSource.isInitialized || !master) throw new Error('no connection pool');
      return master;
    };
    this.metrics.sourcedGauge('db_pool_connections', 'Connections of this instance\'s database pool, by state: in_use (lent to a query or transaction) or idle.', ['state'] as const, () => {
      const p = pool();
      return [
        { labels: { state: 'in_use' }, value: p.totalCount - p.idleCount },
        { labels: { state: 'idle' }, value: p.idleCount },
      ];
    });
    this.metrics.sourcedGauge('db_pool_waiting_requests', 'Requests of this instance waiting for a free database connection.', [], () => [{ value: pool().waitingCount }]);
    this.metrics.sourcedGauge('db_pool_max_connections', 'The most connections this instance\'s pool opens.', [], () => [{ value: pool().options?.max ?? Number.NaN }]);
  }
}
