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
    // Read before the scrape's own queries take connections, so they are not counted.
    let counts: PgPoolCounts | undefined;
    this.metrics.captureBeforeScrape(() => {
      const master = (this.dataSource.driver as unknown as { master?: PgPoolCounts }).master;
      counts = this.dataSource.isInitialized && master ? { totalCount: master.totalCount, idleCount: master.idleCount, waitingCount: master.waitingCount, options: { max: master.options?.max } } : undefined;
    });
    const pool = () => {
      if (!counts) throw new Error('no connection pool');
      return counts;
    };
    this.metrics.sourcedGauge('db_pool_connections', "Connections of this instance's database pool, by state: in_use (lent to a query or transaction) or idle.", ['state'] as const, () => {
      const p = pool();
      return [
        { labels: { state: 'in_use' }, value: p.totalCount - p.idleCount },
        { labels: { state: 'idle' }, value: p.idleCount },
      ];
    });
    this.metrics.sourcedGauge('db_pool_waiting_requests', 'Requests of this instance waiting for a free database connection.', [], () => [{ value: pool().waitingCount }]);
    this.metrics.sourcedGauge('db_pool_max_connections', "The most connections this instance's pool opens.", [], () => {
      const max = pool().options?.max;
      return max === undefined ? [] : [{ value: max }];
    });
  }
}
