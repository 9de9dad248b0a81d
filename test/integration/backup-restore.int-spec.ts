import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { Client } from 'pg';
import { createApp } from '../../server/src/bootstrap';
import { loadConfig } from '../../server/src/common/config/app.config';
import { backgroundIdle, freshIp, PASSWORD, signUp } from '../support/auth';
import { createTestApp, TestApp } from '../support/test-app';
import { createTestDatabase, TestDatabase } from '../support/test-database';

/*
 * The backup procedure of docs/OPERATIONS.md "Backup and restore", with the very scripts compose's backup
 * service runs: scripts/db-backup.sh dumps, scripts/db-restore.sh puts a dump back. They need
 * PostgreSQL's client tools of the server's major version or newer: CI's run on Debian's
 * PostgreSQL has them; on the embedded server (a newer major version than Debian's tools) they are skipped.
 */

const ROOT = join(__dirname, '..', '..');
const BACKUP = join(ROOT, 'scripts', 'db-backup.sh');
const RESTORE = join(ROOT, 'scripts', 'db-restore.sh');

/** Major version of a PostgreSQL tool on PATH, or of the run's server (asked with psql); undefined when absent. */
function major(command: string, args: string[]): number | undefined {
  try {
    const out = execFileSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    return Number(/^(\d+)/.exec(out.replace(/^\D+/, ''))?.[1]) || undefined;
  } catch {
    return undefined;
  }
}

/** Why these tests cannot run here, or true. Decided before Jest collects them, so a skip shows as a skip. */
function usability(): true | string {
  const client = major('pg_dump', ['--version']);
  if (client === undefined) return 'pg_dump is not installed';
  const serverNum = major('psql', ['--no-psqlrc', '-tAc', 'SHOW server_version_num', process.env.FP_TEST_ADMIN_URL ?? '']);
  if (serverNum === undefined) return 'the PostgreSQL server of this run could not be asked its version';
  const server = Math.floor(serverNum / 10_000);
  return client >= server ? true : `pg_dump ${client} cannot dump PostgreSQL ${server}`;
}

function run(script: string, args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile('sh', [script, ...args], { env: { PATH: process.env.PATH, ...env } }, (err, stdout, stderr) =>
      resolve({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** Every table of the public schema with its rows, as text, in a stable order: what "intact" means. */
async function snapshot(url: string): Promise<Record<string, string[]>> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const { rows: tables } = await client.query<{ name: string }>("SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY 1");
    const result: Record<string, string[]> = {};
    for (const { name } of tables) {
      const { rows } = await client.query<{ row: string }>(`SELECT t::text AS row FROM ${client.escapeIdentifier(name)} t ORDER BY 1`);
      result[name] = rows.map((r) => r.row);
    }
    return result;
  } finally {
    await client.end();
  }
}

const usable = process.env.FP_TEST_ADMIN_URL ? usability() : 'no PostgreSQL server for this run';
// CI's run on Debian's PostgreSQL must run these; the embedded run may not be able to (a newer server than Debian's tools).
if (usable !== true && process.env.CI && process.env.FP_TEST_DATABASE_KIND === 'external') throw new Error(`backup tests cannot run: ${usable}`);
if (usable !== true) console.warn(`backup-restore tests skipped: ${usable}`);
const describeUsable = usable === true ? describe : describe.skip;

describeUsable('backup and restore (scripts/db-backup.sh, scripts/db-restore.sh)', () => {
  let t: TestApp;
  let dir: string;
  let before: Record<string, string[]>;
  let email: string;
  const envFor = (url: string) => ({ DATABASE_URL: url, BACKUP_DIR: dir });

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'footprint-backups-'));
    // Real data through the app: an account (password hash, refresh session), a scan in its history, an API token.
    t = await createTestApp({ HIBP_API_URL: 'http://127.0.0.1:9', GRAVATAR_API_URL: 'http://127.0.0.1:9', DNS_SERVERS: '127.0.0.1:9', FETCH_ALLOWED_PORTS: '9', SCAN_TIMEOUT_MS: '1500' });
    const user = await signUp(t);
    email = user.email;
    await backgroundIdle(t);
    expect((await t.http().post('/api/scans').auth(user.accessToken, { type: 'bearer' }).set('X-Forwarded-For', freshIp()).send({ input: 'https://backup.example.test/' })).status).toBe(200);
    expect((await user.agent.post('/api/auth/tokens').auth(user.accessToken, { type: 'bearer' }).set('X-Footprint-CSRF', '1').send({ name: 'backup test' })).status).toBe(201);
    before = await snapshot(t.database.url);
  }, 60_000);

  afterAll(async () => {
    await t?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('dumps, and restores over a damaged database with every row intact', async () => {
    const dumped = await run(BACKUP, [], envFor(t.database.url));
    expect(dumped).toEqual({ code: 0, stdout: expect.stringMatching(/db-backup: wrote .+footprint-\d{8}T\d{6}Z\.dump \(\d+ bytes\)/), stderr: '' });
    const dumps = readdirSync(dir).filter((f) => f.endsWith('.dump'));
    expect(dumps).toHaveLength(1);
    expect(readdirSync(dir).filter((f) => f.includes('partial'))).toEqual([]);
    expect((await run(BACKUP, ['--check'], { BACKUP_DIR: dir })).code).toBe(0);

    // The disaster: rows deleted, a table dropped, a stray table added.
    const client = new Client({ connectionString: t.database.url });
    await client.connect();
    await client.query('DELETE FROM api_tokens; DROP TABLE scans CASCADE; CREATE TABLE stray (x int)');
    await client.end();
    await t.app.close(); // stop the app, as the procedure says

    const restored = await run(RESTORE, [join(dir, dumps[0]), '--yes'], envFor(t.database.url));
    expect(restored.code).toBe(0);
    expect(restored.stderr).toBe('');
    expect(await snapshot(t.database.url)).toEqual(before);

    // The app starts on it (nothing to migrate) and the account signs in with its password.
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', USERNAME_SITE_LIST_URL: 'off', DATABASE_URL: t.database.url });
    const app = await createApp(config, pino({ level: 'silent' }));
    await app.init();
    try {
      const { default: request } = await import('supertest');
      const login = await request(app.getHttpServer()).post('/api/auth/login').set('X-Forwarded-For', freshIp()).send({ email, password: PASSWORD });
      expect(login.status).toBe(200);
    } finally {
      await app.close();
    }
  }, 60_000);

  it('restores into a new, empty database (another server)', async () => {
    const fresh: TestDatabase = await createTestDatabase();
    try {
      const [dump] = readdirSync(dir).filter((f) => f.endsWith('.dump'));
      expect((await run(RESTORE, [join(dir, dump), '--yes'], envFor(fresh.url))).code).toBe(0);
      expect(await snapshot(fresh.url)).toEqual(before);
    } finally {
      await fresh.drop();
    }
  }, 60_000);

  it('changes nothing when the dump is unreadable or cut short', async () => {
    const [dump] = readdirSync(dir).filter((f) => f.endsWith('.dump'));
    const bytes = execFileSync('head', ['-c', '4000', join(dir, dump)]);
    writeFileSync(join(dir, 'cut.bin'), bytes);
    writeFileSync(join(dir, 'garbage.bin'), 'not a dump');
    const now = await snapshot(t.database.url); // the sign-in above added a session
    for (const file of ['cut.bin', 'garbage.bin']) {
      const result = await run(RESTORE, [join(dir, file), '--yes'], envFor(t.database.url));
      expect(result.code).not.toBe(0);
      expect(await snapshot(t.database.url)).toEqual(now);
    }
    // And it asks for --yes before touching anything.
    expect((await run(RESTORE, [join(dir, dump)], envFor(t.database.url))).code).toBe(64);
  }, 60_000);
});
