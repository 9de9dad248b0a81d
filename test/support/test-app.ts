import type { NestExpressApplication } from '@nestjs/platform-express';
import pino from 'pino';
import request from 'supertest';
import { createApp } from '../../server/src/bootstrap';
import { AppConfig, loadConfig } from '../../server/src/common/config/app-config';
import { createTestDatabase, TestDatabase } from './test-database';

export interface TestApp {
  app: NestExpressApplication;
  config: AppConfig;
  database: TestDatabase;
  http(): ReturnType<typeof request>;
  close(): Promise<void>;
}

/** The whole Nest app, initialised on its own fresh database, for supertest. */
export async function createTestApp(env: Record<string, string> = {}, options: { clientDir?: string } = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env, DATABASE_URL: database.url });
  const app = await createApp(config, pino({ level: 'silent' }), options);
  await app.init();
  return {
    app,
    config,
    database,
    http: () => request(app.getHttpServer()),
    async close() {
      await app.close();
      await database.drop();
    },
  };
}
