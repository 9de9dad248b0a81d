import 'reflect-metadata';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { INestApplicationContext } from '@nestjs/common';
import { createApp, createBrowserWorker } from './bootstrap';
import { AppConfig, ConfigError, loadConfig } from './common/config/app-config';
import { EmbeddedDatabase } from './common/database/embedded-database';
import { createRootLogger } from './common/logging/logger';

async function main() {
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(78); // EX_CONFIG
    }
    throw err;
  }
  const logger = createRootLogger(config.logLevel);
  const started = Date.now();

  let embedded: EmbeddedDatabase | undefined;
  let app: NestExpressApplication | undefined;
  let worker: INestApplicationContext | undefined;
  let stopping = false;

  // Finish in-flight requests, close the pool, then stop the database we started.
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      logger.error('shutdown timed out; exiting');
      process.exit(1);
    }, config.shutdownTimeoutMs);
    force.unref();
    try {
      if (app) {
        const server = app.getHttpServer() as import('node:http').Server;
        server.closeIdleConnections();
        await app.close();
      }
      await worker?.close();
      await embedded?.stop();
      logger.info('stopped');
      process.exit(0);
    } catch (err) {
      logger.error({ err }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  try {
    if (!config.databaseUrl) {
      embedded = new EmbeddedDatabase(config.dataDir, logger.child({ component: 'embedded-postgres' }), config.embeddedPgPort);
      config = { ...config, databaseUrl: await embedded.start() };
    }
    if (config.role === 'browser-worker') {
      worker = await createBrowserWorker(config, logger);
      logger.info(
        { database: embedded ? 'embedded' : 'external', concurrency: config.browserAudit.concurrency, ms: Date.now() - started },
        'Footprint browser worker is ready (no HTTP; it loads pages for website scans of the instances on this database)',
      );
      return;
    }
    app = await createApp(config, logger);
    await app.listen(config.port, config.host);
    logger.info(
      { port: config.port, host: config.host, database: embedded ? 'embedded' : 'external', ms: Date.now() - started },
      `Footprint is ready on ${config.publicUrl}`,
    );
  } catch (err) {
    logger.fatal({ err: err instanceof Error ? { message: err.message, stack: err.stack } : err }, 'failed to start');
    await app?.close().catch(() => undefined);
    await worker?.close().catch(() => undefined);
    await embedded?.stop().catch(() => undefined);
    process.exit(1);
  }
}

void main();
