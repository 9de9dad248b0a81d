import 'reflect-metadata';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { MIGRATIONS_GLOB } from './database.module';

/**
 * For the TypeORM CLI only (`npm run migration:generate -- server/src/common/database/migrations/Name`
 * and `npm run migration:check`): the same entities and migrations the app uses, on DATABASE_URL.
 */
export default new DataSource({
  type: 'postgres',
  url: process.env.DATABASE_URL,
  entities: [join(__dirname, '..', '..', '**', '*.entity.{js,ts}')],
  migrations: [MIGRATIONS_GLOB],
  synchronize: false,
});
