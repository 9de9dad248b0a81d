import { defineSettings, setting, text, trueOrFalse, urlWith, wholeNumber } from '../setting.schema';

/** The PostgreSQL connection, migrations and the embedded server (common/database). */
export const databaseSettings = defineSettings({
  module: 'common/database',
  title: 'Database',
  settings: {
    DATABASE_URL: setting(urlWith('postgres', 'postgresql'), {
      example: 'postgres://footprint@127.0.0.1:5432/footprint',
      doc: 'PostgreSQL connection URL (postgres:// or postgresql://). Unset: the server starts its own embedded PostgreSQL under DATA_DIR. Compose builds it from POSTGRES_USER and POSTGRES_DB.',
      message: 'DATABASE_URL must be a postgres:// or postgresql:// URL',
    }),
    DATABASE_PASSWORD: setting(text(), {
      secret: true,
      doc: "The password of DATABASE_URL's user, when the URL carries none; the server percent-encodes it, so any character works. Compose passes its POSTGRES_PASSWORD (or POSTGRES_PASSWORD_FILE) here.",
      message: 'DATABASE_PASSWORD must not be empty',
    }),
    MIGRATE_ON_START: setting(trueOrFalse(), {
      default: 'true',
      doc: 'true: at start, the instance applies pending migrations (one instance at a time, under a PostgreSQL advisory lock). false: migrations are a separate rollout step (npm run migration:run, or node dist/server/migrate-cli.js run in the image) and the instance refuses to start while any is pending. docs/OPERATIONS.md "Rollout and rollback".',
      message: 'MIGRATE_ON_START must be true or false',
    }),
    DATA_DIR: setting(text(), {
      default: './data',
      doc: "Folder for the embedded PostgreSQL's data (used only when DATABASE_URL is unset), relative to the working directory.",
      message: 'DATA_DIR must be a folder',
    }),
    EMBEDDED_PG_PORT: setting(wholeNumber(1, 65535), {
      doc: 'Port of the embedded PostgreSQL (127.0.0.1 only). Unset: a free port is picked at each start.',
      example: '5433',
      message: 'EMBEDDED_PG_PORT must be a whole number between 1 and 65535',
    }),
    DB_POOL_SIZE: setting(wholeNumber(1, 200), {
      default: '10',
      doc: 'Database connections of this instance (two instances and the embedded PostgreSQL fit 2 cores). A request that finds none free within 3 s is answered 503 with Retry-After, never 500.',
      message: 'DB_POOL_SIZE must be a whole number between 1 and 200',
    }),
  },
});
