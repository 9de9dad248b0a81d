import { Global, Logger, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { join } from 'node:path';
import { DataSource, DataSourceOptions } from 'typeorm';
import { AppConfig } from '../config/app.config';
import { APP_CONFIG } from '../config/config.module';
import { AdvisoryLocks } from './advisory-locks.service';
import { DatabaseHealth } from './database.health';
import { DatabaseMetrics } from './database.metrics';
import { MigrationFailedError, MigrationsPendingError, prepareSchema } from './schema-migrations.runner';

export const MIGRATIONS_GLOB = join(__dirname, 'migrations', '*.{js,ts}');

/**
 * Connects, then brings the schema up to date before anything else may use the database: pending
 * migrations run at start, one instance at a time under an advisory lock (schema-migrations.runner.ts), or
 * with MIGRATE_ON_START=false the instance only checks that none is pending. The schema is never
 * synchronised from entities. Without a database URL (OpenAPI generation) nothing connects.
 */
async function connectAndMigrate(options: DataSourceOptions): Promise<DataSource> {
  // migrationsRun carries MIGRATE_ON_START here; TypeORM itself must not run them (no lock there).
  const dataSource = new DataSource({ ...options, migrationsRun: false });
  if (options.type !== 'postgres' || options.url === undefined) return dataSource;
  await dataSource.initialize();
  const logger = new Logger('Migrations');
  try {
    await prepareSchema(dataSource, options.migrationsRun === true, {
      applied: (names) => logger.log(`applied ${names.length} migration${names.length === 1 ? '' : 's'}: ${names.join(', ')}`),
      waiting: () => logger.log('another instance is migrating the database; waiting for it'),
    });
  } catch (err) {
    await dataSource.destroy().catch(() => undefined);
    throw err;
  }
  return dataSource;
}

@Global()
@Module({
  imports: [
    TypeOrmModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({
        type: 'postgres' as const,
        url: config.databaseUrl,
        autoLoadEntities: true,
        synchronize: false,
        migrations: [MIGRATIONS_GLOB],
        // Whether connectAndMigrate applies pending migrations (under the lock) or only checks them.
        migrationsRun: config.migrateOnStart,
        migrationsTransactionMode: 'each' as const,
        manualInitialization: config.databaseUrl === undefined,
        // A request that finds no free connection within poolWaitMs fails with the pool's timeout,
        // which AllExceptionsFilter answers as 503 (see database-errors.util.ts), never 500.
        extra: { max: config.database.poolSize, connectionTimeoutMillis: config.database.poolWaitMs },
        retryAttempts: 3,
        retryDelay: 1_000,
        // Retry what a database that is still starting answers, not a migration's own failure.
        toRetry: (err: unknown) => !(err instanceof MigrationsPendingError || err instanceof MigrationFailedError),
        logging: false,
      }),
      dataSourceFactory: async (options) => connectAndMigrate(options as DataSourceOptions),
    }),
  ],
  providers: [DatabaseHealth, DatabaseMetrics, AdvisoryLocks],
  exports: [DatabaseHealth, AdvisoryLocks],
})
export class DatabaseModule {}
