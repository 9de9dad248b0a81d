import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import pino from 'pino';
import { Client } from 'pg';
import { createApp } from '../../server/src/bootstrap';
import { loadConfig } from '../../server/src/common/config/app.config';
import { migrationDataSource } from '../../server/src/common/database/migrations.data-source';
import {
  MIGRATION_LOCK_KEY,
  migrationStatus,
  revertLastMigration,
  runPendingMigrations,
} from '../../server/src/common/database/schema-migrations.runner';
import { AppProcess, startAppProcess } from '../support/app-process';
import { createTestDatabase, TestDatabase } from '../support/test-database';

const ROOT = join(__dirname, '..', '..');
const BUILT = existsSync(join(ROOT, 'dist', 'server', 'main.js')) && existsSync(join(ROOT, 'dist', 'server', 'migrate-cli.js'));
// CI always builds first (npm test), so there a missing build is a failure, never a quiet skip.
if (!BUILT && process.env.CI) throw new Error('migrations: dist/server is missing; npm test builds it before Jest runs');
const describeBuilt = BUILT ? describe : describe.skip;
if (!BUILT) console.warn('migrations: the tests of the built server are skipped: it is not built (run npm run build)');

/** The migrations the code has: one file each. */
const MIGRATION_COUNT = readdirSync(join(ROOT, 'server', 'src', 'common', 'database', 'migrations')).filter((f) => /^\d{13}-.+\.ts$/.test(f)).length;

/** JSON log lines of a process's stdout (pino), parsed. */
const logLines = (stdout: string) =>
  stdout
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { level: string; msg: string; context?: string });

async function query<T>(url: string, sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as T[];
  } finally {
    await client.end();
  }
}

describeBuilt('two instances started at the same moment on an empty database', () => {
  let database: TestDatabase;
  let apps: AppProcess[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    // Both processes are spawned before either connects; the advisory lock lets one migrate while the other waits.
    apps = await Promise.all([1, 2].map(() => startAppProcess({ LOG_LEVEL: 'info', MONITOR_TICK_SECONDS: '0' }, { database })));
  }, 60_000);

  afterAll(async () => {
    await Promise.all(apps.map((app) => app.stop()));
    await database?.drop();
  });

  it('both become ready, with no error logged', async () => {
    for (const app of apps) {
      expect((await fetch(`${app.baseUrl}/api/ready`)).status).toBe(200);
      const { stdout, stderr } = app.output();
      expect(stderr).toBe('');
      const problems = logLines(stdout).filter((l) => ['error', 'fatal'].includes(l.level));
      expect(problems).toEqual([]);
    }
  });

  it('migrated once: one instance applied every migration, the other none', () => {
    const applied = apps.map((app) => logLines(app.output().stdout).filter((l) => l.context === 'Migrations' && l.msg.startsWith('applied ')));
    const migrating = applied.filter((lines) => lines.length > 0);
    expect(migrating).toHaveLength(1);
    expect(migrating[0][0].msg).toMatch(new RegExp(`^applied ${MIGRATION_COUNT} migrations: `));
  });

  it('recorded each migration exactly once', async () => {
    const rows = await query<{ name: string; count: string }>(database.url, 'SELECT name, count(*) AS count FROM migrations GROUP BY name');
    expect(rows).toHaveLength(MIGRATION_COUNT);
    expect(rows.every((r) => r.count === '1')).toBe(true);
  });
});

describe('migrations under the advisory lock', () => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase();
  });
  afterEach(async () => {
    await database.drop();
  });

  it('run, show and revert: what migration:run, :show and :revert do', async () => {
    const dataSource = await migrationDataSource(database.url).initialize();
    try {
      const before = await migrationStatus(dataSource);
      expect(before).toHaveLength(MIGRATION_COUNT);
      expect(before.every((m) => !m.applied)).toBe(true);
      // show changes nothing: not even the migrations table is created.
      expect(await query(database.url, "SELECT 1 FROM pg_tables WHERE tablename = 'migrations'")).toEqual([]);

      expect(await runPendingMigrations(dataSource)).toEqual(before.map((m) => m.name));
      expect(await runPendingMigrations(dataSource)).toEqual([]);

      const last = before[before.length - 1].name;
      expect(await revertLastMigration(dataSource)).toBe(last);
      const after = await migrationStatus(dataSource);
      expect(after.filter((m) => !m.applied).map((m) => m.name)).toEqual([last]);
      expect(await runPendingMigrations(dataSource)).toEqual([last]);
    } finally {
      await dataSource.destroy();
    }
  });

  it('waits while another session holds the lock, then applies what is pending', async () => {
    const holder = new Client({ connectionString: database.url });
    await holder.connect();
    const dataSource = await migrationDataSource(database.url).initialize();
    try {
      await holder.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      let waited = false;
      let finished = false;
      const running = runPendingMigrations(dataSource, { onWait: () => (waited = true) }).then((names) => {
        finished = true;
        return names;
      });
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(waited).toBe(true);
      expect(finished).toBe(false);
      await holder.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
      expect(await running).toHaveLength(MIGRATION_COUNT);
    } finally {
      await holder.end();
      await dataSource.destroy();
    }
  });

  it('with MIGRATE_ON_START=false, an instance refuses to start while migrations are pending, and starts once they ran', async () => {
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', USERNAME_SITE_LIST_URL: 'off', MIGRATE_ON_START: 'false', DATABASE_URL: database.url });
    await expect(createApp(config, pino({ level: 'silent' }))).rejects.toThrow(
      new RegExp(`^${MIGRATION_COUNT} database migrations are pending \\(.+\\) and MIGRATE_ON_START is false: run them first with npm run migration:run`),
    );
    // It changed nothing.
    expect(await query(database.url, "SELECT 1 FROM pg_tables WHERE schemaname = 'public'")).toEqual([]);

    const dataSource = await migrationDataSource(database.url).initialize();
    await runPendingMigrations(dataSource);
    await dataSource.destroy();
    const app = await createApp(config, pino({ level: 'silent' }));
    try {
      await app.init();
    } finally {
      await app.close();
    }
  });
});

describeBuilt('npm run migration:* (node dist/server/migrate-cli.js)', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.drop();
  });

  /** Runs the CLI with the database's URL split into DATABASE_URL and DATABASE_PASSWORD, as compose passes them. */
  /**
   * pg 8.2x warns once when a client is given a query while one runs; TypeORM's schema reader
   * (schemaDifference) does that. The warning is the library's, not a problem of the command.
   */
  const withoutPgQueueWarning = (stderr: string) =>
    stderr.replace(/^\(node:\d+\) DeprecationWarning: Calling client\.query\(\) when the client is already executing a query is deprecated[^\n]*\n(\(Use `node --trace-deprecation[^\n]*\n)?/m, '');

  function cli(...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
    const url = new URL(database.url);
    const password = decodeURIComponent(url.password);
    url.password = '';
    const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: url.toString(), ...(password ? { DATABASE_PASSWORD: password } : {}) };
    return new Promise((resolve, reject) => {
      const child = spawn(process.execPath, [join(ROOT, 'dist', 'server', 'migrate-cli.js'), ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
      child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
      child.on('error', reject);
      child.on('close', (code) => resolve({ code, stdout, stderr: withoutPgQueueWarning(stderr) }));
    });
  }

  it('shows, runs, checks and reverts', async () => {
    const shown = await cli('show', '--check');
    expect(shown.code).toBe(1);
    expect(shown.stdout).toContain(`${MIGRATION_COUNT} pending`);
    expect(shown.stdout.split('\n').filter((l) => l.startsWith('[ ] '))).toHaveLength(MIGRATION_COUNT);

    const run = await cli('run');
    expect(run).toEqual({ code: 0, stdout: expect.stringContaining(`applied ${MIGRATION_COUNT}:`), stderr: '' });
    expect(await cli('check')).toEqual({ code: 0, stdout: 'the entities and the migrations agree\n', stderr: '' });

    const reverted = await cli('revert');
    expect(reverted.code).toBe(0);
    expect(reverted.stdout).toMatch(/^reverted \w+\d{13}\n$/);
    expect((await cli('generate', 'anything')).stderr).toMatch(/1 migration\(s\) are not applied to this database yet: run migration:run first/);
    expect(await cli('run')).toEqual({ code: 0, stdout: expect.stringMatching(/^applied 1:\n/), stderr: '' });
  }, 60_000);

  it('refuses an unknown command and a missing database', async () => {
    expect((await cli('migrate')).code).toBe(64);
    const child = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
      const p = spawn(process.execPath, [join(ROOT, 'dist', 'server', 'migrate-cli.js'), 'run'], { env: { PATH: process.env.PATH }, stdio: ['ignore', 'ignore', 'pipe'] });
      let stderr = '';
      p.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
      p.on('close', (code) => resolve({ code, stderr }));
    });
    expect(child.code).toBe(64);
    expect(child.stderr).toContain('DATABASE_URL is not set');
  });
});
