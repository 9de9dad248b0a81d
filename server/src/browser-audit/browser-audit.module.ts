import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { BrowserAuditExporter } from './browser-audit.exporter';
import { BrowserAuditMetrics } from './browser-audit.metrics';
import { BrowserAuditService } from './browser-audit.service';
import { BrowserJobEntity, BrowserWorkerEntity } from './browser-job.entity';
import { BrowserJobListener } from './browser-job.listener';
import { BrowserJobRepository } from './browser-job.repository';
import { BrowserWorker } from './browser-worker.service';
import { ChromiumLauncher } from './chromium.launcher';
import { RenderedAuditRunner } from './rendered-audit.runner';

/**
 * The rendered website audit's browser: Chromium behind the SSRF forward proxy, the shared work
 * queue in PostgreSQL, and this instance's worker. Scans use BrowserAuditService; a browser-worker
 * instance (INSTANCE_ROLE=browser-worker) runs this module alone.
 */
@Module({
  imports: [TypeOrmModule.forFeature([BrowserJobEntity, BrowserWorkerEntity])],
  providers: [ChromiumLauncher, RenderedAuditRunner, BrowserJobRepository, BrowserJobListener, BrowserAuditMetrics, BrowserAuditExporter, BrowserAuditService, BrowserWorker],
  exports: [BrowserAuditService, BrowserAuditMetrics],
})
export class BrowserAuditModule {}
