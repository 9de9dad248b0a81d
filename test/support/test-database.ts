import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

/** Applies every migration to the empty database at `url`, the way the app does at start (runPendingMigrations). */
export type Migrate = (url: string) => Promise<void>;

function adminUrl(): string {
  const url = process.env.FP_TEST_ADMIN_URL;
  if (!url) throw new Error('FP_TEST_ADMIN_URL is not set: run this suite through jest (its globalSetup starts PostgreSQL)');
  return url;
}

function templateName(): string {
  const name = process.env.FP_TEST_TEMPLATE_DATABASE;
  if (!name) throw new Error('FP_TEST_TEMPLATE_DATABASE is not set: run this suite through jest (its globalSetup names it)');
  return name;
}

/** The URL of another database on the run's server. */
function databaseUrl(name: string): string {
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

const INSUFFICIENT_PRIVILEGE = '42501';
/** Held (in the admin database) while a worker builds the run's template; 'fptpl' in ASCII. */
const TEMPLATE_LOCK_KEY = 0x667074706c;

/**
 * Drops the database, ending connections a test left open. FORCE refuses (42501) on a server where
 * the role is not a superuser while an autovacuum worker is in the database: PostgreSQL 15 checks
 * the worker's role like a user's (seen on Debian's server in CI). A plain DROP then asks
 * autovacuum to stop and waits for it, which any database owner may do.
 */
async function dropDatabase(client: Client, name: string): Promise<void> {
  const database = client.escapeIdentifier(name);
  try {
    await client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  } catch (error) {
    if ((error as { code?: string }).code !== INSUFFICIENT_PRIVILEGE) throw error;
    await client.query(`DROP DATABASE IF EXISTS ${database}`);
  }
}

async function withAdmin<T>(work: (admin: Client) => Promise<T>): Promise<T> {
  const admin = new Client({ connectionString: adminUrl() });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

/** A new database, a copy of `template` (PostgreSQL's own empty template1 by default), dropped again by drop(). */
async function createDatabase(admin: Client, template?: string): Promise<TestDatabase> {
  const name = `fp_test_${randomBytes(6).toString('hex')}`;
  const from = template ? ` TEMPLATE ${admin.escapeIdentifier(template)}` : '';
  await admin.query(`CREATE DATABASE ${admin.escapeIdentifier(name)}${from}`);
  return {
    url: databaseUrl(name),
    drop: () => withAdmin((client) => dropDatabase(client, name)),
  };
}

/** A new, empty database on the run's PostgreSQL, dropped again by drop(). */
export async function createTestDatabase(): Promise<TestDatabase> {
  return withAdmin((admin) => createDatabase(admin));
}

/**
 * The run's template: a database with every migration applied, built by the first test file that
 * asks for one (under an advisory lock, so other workers wait for it instead of building their own)
 * with that file's `migrate`. It takes no connections once built: PostgreSQL copies only a
 * database nobody is in. The global teardown drops it (global-teardown.ts).
 */
async function ensureTemplate(admin: Client, migrate: Migrate): Promise<string> {
  const template = templateName();
  await admin.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK_KEY]);
  try {
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [template]);
    if (found.rowCount) return template;
    // Built under another name and renamed when whole, so a worker that died mid-build leaves no half template.
    const building = `${template}_building`;
    await dropDatabase(admin, building);
    await admin.query(`CREATE DATABASE ${admin.escapeIdentifier(building)}`);
    await migrate(databaseUrl(building));
    // No connections from now on (autovacuum's neither): a copy fails while anyone is in its template.
    await admin.query(`ALTER DATABASE ${admin.escapeIdentifier(building)} ALLOW_CONNECTIONS false`);
    await admin.query(`ALTER DATABASE ${admin.escapeIdentifier(building)} RENAME TO ${admin.escapeIdentifier(template)}`);
    return template;
  } finally {
    await admin.query('SELECT pg_advisory_unlock($1)', [TEMPLATE_LOCK_KEY]);
  }
}

/**
 * A new database with every migration already applied (a copy of the run's template: one
 * CREATE DATABASE instead of running each migration again), dropped again by drop(). `migrate`
 * builds the template when no file of the run has yet. What an app started on an empty database
 * does (migrating it) is tested on createTestDatabase()'s.
 */
export async function createMigratedTestDatabase(migrate: Migrate): Promise<TestDatabase> {
  return withAdmin(async (admin) => createDatabase(admin, await ensureTemplate(admin, migrate)));
}
