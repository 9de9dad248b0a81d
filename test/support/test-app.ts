import type { NestExpressApplication } from '@nestjs/platform-express';
import { globalAgent } from 'node:http';
import pino, { Logger } from 'pino';
import request from 'supertest';
import { createApp } from '../../server/src/bootstrap';
import { AppConfig, loadConfig } from '../../server/src/common/config/app.config';
import { migrationDataSource } from '../../server/src/common/database/migrations.data-source';
import { runPendingMigrations } from '../../server/src/common/database/schema-migrations.runner';
import { TEST_SOURCE_DEFAULTS } from './source-defaults';
import { createMigratedTestDatabase, createTestDatabase, TestDatabase } from './test-database';

export interface TestApp {
  app: NestExpressApplication;
  config: AppConfig;
  database: TestDatabase;
  http(): ReturnType<typeof request>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Where the built client lives (see CreateAppOptions). */
  clientDir?: string;
  /** The app's logger; silent by default. Use captureLogs() to read what the app logs. */
  logger?: Logger;
  /** Another app's database, to run a second instance on it (its owner drops it). */
  database?: TestDatabase;
  /** Starts on an empty database of its own, which the app migrates as it starts (by default its database is already migrated). */
  emptyDatabase?: boolean;
  /** Changes the loaded config before the app starts: for the fixed tuning (TUNING), which has no setting. */
  configure?: (config: AppConfig) => void;
}

/** Migrates in this process, as the app does at start (the test file has the app's modules loaded anyway). */
async function migrateHere(url: string): Promise<void> {
  const dataSource = await migrationDataSource(url).initialize();
  try {
    await runPendingMigrations(dataSource);
  } finally {
    await dataSource.destroy();
  }
}

/** The whole Nest app, initialised on its own fresh (migrated) database, for supertest. */
export async function createTestApp(env: Record<string, string> = {}, options: TestAppOptions = {}): Promise<TestApp> {
  const { logger = pino({ level: 'silent' }), database: shared, configure, emptyDatabase, ...appOptions } = options;
  const database = shared ?? (await (emptyDatabase ? createTestDatabase() : createMigratedTestDatabase(migrateHere)));
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...TEST_SOURCE_DEFAULTS, ...env, DATABASE_URL: database.url });
  configure?.(config);
  const app = await createApp(config, logger, appOptions);
  await app.init();
  return {
    app,
    config,
    database,
    http: () => request(app.getHttpServer()),
    async close() {
      await app.close();
      // supertest's requests keep their connections alive in Node's global agent; closed here, they
      // do not hold the test worker open after its last file.
      globalAgent.destroy();
      if (!shared) await database.drop();
    },
  };
}

export interface CapturedLogs {
  /** A logger at level trace that keeps every line it writes. */
  logger: Logger;
  /** Every JSON line written so far. */
  lines: string[];
  /** The lines, parsed. */
  entries(): Record<string, unknown>[];
}

/** A pino logger writing into memory, for tests that check what (and what not) is logged. */
export function captureLogs(): CapturedLogs {
  const lines: string[] = [];
  const logger = pino({ level: 'trace' }, { write: (line: string) => void lines.push(line.trimEnd()) });
  return { logger, lines, entries: () => lines.map((l) => JSON.parse(l) as Record<string, unknown>) };
}
