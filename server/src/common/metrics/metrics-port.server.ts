import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { createServer, Server } from 'node:http';
import { AppConfig } from '../config/app.config';
import { APP_CONFIG } from '../config/config.module';
import { MetricsService } from './metrics.service';

/** Only this machine (or a sidecar sharing its network namespace) can reach METRICS_PORT. */
export const METRICS_HOST = '127.0.0.1';

/**
 * With METRICS_PORT set, serves GET /metrics (and /api/metrics) without a token on 127.0.0.1 only,
 * for a Prometheus agent or sidecar on the same host; nothing else answers there.
 */
@Injectable()
export class MetricsPortServer implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(MetricsPortServer.name);
  private server?: Server;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly metrics: MetricsService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const port = this.config.metrics.port;
    if (port === undefined) return;
    const server = createServer((req, res) => {
      const path = (req.url ?? '').split('?')[0];
      if ((req.method !== 'GET' && req.method !== 'HEAD') || (path !== '/metrics' && path !== '/api/metrics')) {
        res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found: the metrics are at /metrics\n');
        return;
      }
      this.metrics.scrape().then(
        ({ contentType, body }) => res.writeHead(200, { 'Content-Type': contentType, 'Cache-Control': 'no-store' }).end(req.method === 'HEAD' ? undefined : body),
        () => res.writeHead(500, { 'Content-Type': 'text/plain' }).end('The metrics could not be collected.\n'),
      );
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, METRICS_HOST, () => {
        server.off('error', reject);
        resolve();
      });
    });
    this.server = server;
    this.logger.log(`metrics on http://${METRICS_HOST}:${port}/metrics (this machine only)`);
  }

  async beforeApplicationShutdown(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
