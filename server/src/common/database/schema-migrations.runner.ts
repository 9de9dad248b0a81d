import { DataSource, Migration, MigrationExecutor } from 'typeorm';
import { ADVISORY_LOCK_KEYS } from './advisory-lock-keys.catalogue';

/**
 * The advisory lock every schema change takes ('migr' in ASCII; unique among the app's locks).
 * Session-level, held on the connection that runs the migrations, so a second instance starting at
 * the same moment waits for the first and then finds nothing left to do.
 */
export const MIGRATION_LOCK_KEY = ADVISORY_LOCK_KEYS.migrations;

/** The command an operator runs to apply migrations outside the app (MIGRATE_ON_START=false). */
export const MIGRATE_COMMAND = 'npm run migration:run (in the image: node dist/server/migrate-cli.js run)';

/** The app was told not to migrate (MIGRATE_ON_START=false) and the schema is behind the code. */
export class MigrationsPendingError extends Error {
  constructor(readonly pending: string[]) {
    super(
      `${pending.length} database migration${pending.length === 1 ? ' is' : 's are'} pending (${pending.join(', ')}) ` +
        `and MIGRATE_ON_START is false: run them first with ${MIGRATE_COMMAND}`,
    );
    this.name = 'MigrationsPendingError';
  }
}

/** A migration's SQL failed; it was rolled back (each migration runs in its own transaction). */
export class MigrationFailedError extends Error {
  constructor(cause: unknown) {
    super(`database migration failed and was rolled back: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'MigrationFailedError';
  }
}

export interface MigrationStatus {
  name: string;
  applied: boolean;
}

export interface LockedMigrationsOptions {
  /** Told when another process holds the lock and this one waits for it. */
  onWait?: () => void;
}

/**
 * Runs `work` with a connection of its own that holds the migration lock (waiting for it when
 * another process has it), and an executor that runs each migration in its own transaction.
 */
async function withMigrationLock<T>(
  dataSource: DataSource,
  work: (executor: MigrationExecutor) => Promise<T>,
  options: LockedMigrationsOptions = {},
): Promise<T> {
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    const [{ locked }] = (await runner.query('SELECT pg_try_advisory_lock($1) AS locked', [MIGRATION_LOCK_KEY])) as { locked: boolean }[];
    if (!locked) {
      options.onWait?.();
      await runner.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    }
    try {
      const executor = new MigrationExecutor(dataSource, runner);
      executor.transaction = 'each';
      return await work(executor);
    } finally {
      await runner.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    }
  } finally {
    await runner.release();
  }
}

/** Applies every pending migration, one process at a time; answers the names applied. */
export async function runPendingMigrations(dataSource: DataSource, options?: LockedMigrationsOptions): Promise<string[]> {
  return withMigrationLock(
    dataSource,
    async (executor) => {
      try {
        return (await executor.executePendingMigrations()).map((m: Migration) => m.name);
      } catch (err) {
        throw new MigrationFailedError(err);
      }
    },
    options,
  );
}

/** Reverts the last applied migration, under the lock; answers its name (undefined: none applied). */
export async function revertLastMigration(dataSource: DataSource, options?: LockedMigrationsOptions): Promise<string | undefined> {
  return withMigrationLock(
    dataSource,
    async (executor) => {
      // Newest first, as TypeORM reverts them: the last one recorded.
      const [last] = await executor.getExecutedMigrations();
      if (!last) return undefined;
      try {
        await executor.undoLastMigration();
      } catch (err) {
        throw new MigrationFailedError(err);
      }
      return last.name;
    },
    options,
  );
}

/** Every migration the code has, oldest first, and whether the database has it. Changes nothing. */
export async function migrationStatus(dataSource: DataSource): Promise<MigrationStatus[]> {
  // getExecutedMigrations answers none, creating nothing, while the migrations table does not exist.
  const applied = new Set((await new MigrationExecutor(dataSource).getExecutedMigrations()).map((m) => m.name));
  return migrationNames(dataSource).map((name) => ({ name, applied: applied.has(name) }));
}

/** The code's migrations, oldest first (TypeORM orders them by the timestamp ending their name). */
function migrationNames(dataSource: DataSource): string[] {
  const names = dataSource.migrations.map((m) => (m as { name?: string }).name ?? m.constructor.name);
  return names.sort((a, b) => Number(a.slice(-13)) - Number(b.slice(-13)));
}

/**
 * What the app does with the schema at start: apply pending migrations under the lock, or (with
 * MIGRATE_ON_START=false) only check that none is pending and refuse to start otherwise.
 */
export async function prepareSchema(
  dataSource: DataSource,
  migrateOnStart: boolean,
  log: { applied(names: string[]): void; waiting(): void },
): Promise<void> {
  if (migrateOnStart) {
    const applied = await runPendingMigrations(dataSource, { onWait: () => log.waiting() });
    if (applied.length > 0) log.applied(applied);
    return;
  }
  const pending = (await migrationStatus(dataSource)).filter((m) => !m.applied).map((m) => m.name);
  if (pending.length > 0) throw new MigrationsPendingError(pending);
}

export interface SchemaDifference {
  /** SQL that brings the database to what the entities describe. */
  up: { query: string; parameters?: unknown[] }[];
  /** SQL that undoes it, in order. */
  down: { query: string; parameters?: unknown[] }[];
}

/** What the entities describe that the database's schema lacks (nothing: they agree). Changes nothing. */
export async function schemaDifference(dataSource: DataSource): Promise<SchemaDifference> {
  const log = await dataSource.driver.createSchemaBuilder().log();
  return {
    up: log.upQueries.map((q) => ({ query: q.query, ...(q.parameters?.length ? { parameters: q.parameters } : {}) })),
    down: log.downQueries.map((q) => ({ query: q.query, ...(q.parameters?.length ? { parameters: q.parameters } : {}) })).reverse(),
  };
}
