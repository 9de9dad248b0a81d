import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { join } from 'node:path';
import { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { DatabaseHealth } from './database-health';

export const MIGRATIONS_GLOB = join(__dirname, 'migrations', '*.{js,ts}');

/**
 * TypeORM on PostgreSQL. Migrations run at start; the schema is never synchronised from entities.
 * With `connect: false` (OpenAPI generation) no connection is attempted.
 */
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
        migrationsRun: true,
        migrationsTransactionMode: 'each' as const,
        manualInitialization: config.databaseUrl === undefined,
        // A request that finds no free connection within poolWaitMs fails with the pool's timeout,
        // which AllExceptionsFilter answers as 503 (see database-errors.ts), never 500.
        extra: { max: config.database.poolSize, connectionTimeoutMillis: config.database.poolWaitMs },
        retryAttempts: 3,
        retryDelay: 1_000,
        logging: false,
      }),
    }),
  ],
  providers: [DatabaseHealth],
  exports: [DatabaseHealth],
})
export class DatabaseModule {}
