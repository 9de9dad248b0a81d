import 'reflect-metadata';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { MIGRATIONS_GLOB } from './database.module';

/** Every entity of the app (each lives in a `*.entity.ts` file). */
export const ENTITIES_GLOB = join(__dirname, '..', '..', '**', '*.entity.{js,ts}');

/**
 * The app's entities and migrations on one database, for the migration commands (migrate-cli.ts):
 * the same schema the app's own connection sees, without the rest of the app.
 */
export function migrationDataSource(url: string): DataSource {
  return new DataSource({
    type: 'postgres',
    url,
    entities: [ENTITIES_GLOB],
    migrations: [MIGRATIONS_GLOB],
    migrationsTransactionMode: 'each',
    synchronize: false,
    logging: false,
    extra: { max: 2, connectionTimeoutMillis: 10_000 },
  });
}
