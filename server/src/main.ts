import 'reflect-metadata';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { INestApplicationContext } from '@nestjs/common';
import type { Server } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { createApp, createBrowserWorker } from './bootstrap';
import { AppConfig, ConfigError, loadConfig } from './common/config/app.config';
import { EmbeddedDatabase } from './common/database/embedded-database.supervisor';
import { DrainState, HttpDrain } from './common/http/http.drain';
import { createRootLogger } from './common/logging/json.logger';
import { ScansService } from './scans/scans.service';

/** Of SHUTDOWN_TIMEOUT_MS, kept back to mark the scans still running failed before the forced exit. */
const FORCED_EXIT_RESERVE_MS = 1_500;

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
  let drain: HttpDrain | undefined;
  let stopping = false;

  // Drain HTTP (not ready first, stop accepting, Connection: close, in-flight requests and scans
  // finish), then stop the scheduler, the browser and the pool (Nest's shutdown hooks), then the
  // database we started. Within SHUTDOWN_TIMEOUT_MS; what is still running then is cut, but a
  // reserved scan is first marked failed so that it uses no quota.
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    const begun = Date.now();
    logger.info({ signal, ...drain?.stats }, 'shutting down');
    const forceAt = Math.max(0, config.shutdownTimeoutMs - FORCED_EXIT_RESERVE_MS);
    let forced = false;
    const forcedExit = async () => {
      if (forced) return;
      forced = true;
      logger.error({ ...drain?.stats, ms: Date.now() - begun }, 'shutdown timed out; cutting what is still running');
      const abandoned = await Promise.race([
        app ? app.get(ScansService).abandonInFlight().catch(() => -1) : Promise.resolve(0),
        sleep(FORCED_EXIT_RESERVE_MS - 200, -1, { ref: false }),
      ]);
      if (abandoned !== 0) logger.error({ scans: abandoned }, abandoned < 0 ? 'running scans could not be marked failed' : 'running scans marked failed (no quota used)');
      await embedded?.stop().catch(() => undefined);
      process.exit(1);
    };
    let force = setTimeout(() => void forcedExit(), forceAt);
    force.unref();
    try {
      if (app && drain) {
        app.get(DrainState).begin();
        const drained = await drain.drain(forceAt);
        if (!drained) return await forcedExit();
        logger.info({ ms: Date.now() - begun }, 'HTTP drained');
        // No scan is left to mark failed: the rest (scheduler, browser, pool) may use the whole timeout.
        clearTimeout(force);
        force = setTimeout(() => void forcedExit(), Math.max(0, config.shutdownTimeoutMs - (Date.now() - begun)));
        force.unref();
        await app.close();
      }
      await worker?.close();
      await embedded?.stop();
      clearTimeout(force);
      logger.info({ ms: Date.now() - begun }, 'stopped');
      process.exit(0);
    } catch (err) {
      logger.error({ err }, 'error during shutdown');
      await embedded?.stop().catch(() => undefined);
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
    drain = new HttpDrain(app.getHttpServer() as Server);
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
