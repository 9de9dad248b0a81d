import type { INestApplicationContext } from '@nestjs/common';
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'pg';
import pino from 'pino';
import { createBrowserWorker } from '../../server/src/bootstrap';
import { loadConfig } from '../../server/src/common/config/app.config';
import { TrackingSites } from '../fakes/tracking-sites';
import { freshIp, query } from '../support/auth';
import { environmentOf, loadCompose } from '../support/compose-file';
import { createTestApp, TestApp } from '../support/test-app';

const run = promisify(execFile);
const ROOT = join(__dirname, '..', '..');

// Browser work shared through PostgreSQL: a web instance that runs no browser itself
// (BROWSER_CONCURRENCY=0) and a browser-worker instance (no HTTP) on the same database. Docker has
// no daemon on the machines that test this project, so the Compose `browser` service is run here
// as closely as a process can: its own `environment` block from docker-compose.yml, logged in as
// the role scripts/browser-db-role.sh makes (the script itself, through psql), with its password
// from a file. It claims the scan's job, loads the page and answers; its role reads nothing but the
// job queue; once it stops, scans fall back at once instead of waiting for a browser that is gone.
describe('a browser-worker instance (the Compose browser service, run as a process)', () => {
  const sites = new TrackingSites();
  const role = `fp_browser_${randomBytes(4).toString('hex')}`;
  const secrets = mkdtempSync(join(tmpdir(), 'fp-browser-role-'));
  const passwordFile = join(secrets, 'browser_db_password');
  let web: TestApp;
  let worker: INestApplicationContext | undefined;
  let roleUrl: string;
  let metricsPort: number;
  /** Where the run's PostgreSQL refuses to make roles (Debian's server in CI: CREATEDB only), the worker logs in as the app does. */
  let ownRole = false;

  const freePort = () =>
    new Promise<number>((resolve, reject) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const { port } = server.address() as { port: number };
        server.close(() => resolve(port));
      });
      server.on('error', reject);
    });

  beforeAll(async () => {
    await sites.start();
    web = await createTestApp({ ...sites.env(), BROWSER_CONCURRENCY: '0', VISITOR_SCANS_PER_HOUR: '1000' });
    const [{ allowed }] = await query<{ allowed: boolean }>(web, 'SELECT rolsuper OR rolcreaterole AS allowed FROM pg_roles WHERE rolname = current_user');
    const db = new URL(web.database.url);
    roleUrl = web.database.url;
    if (allowed) {
      writeFileSync(passwordFile, randomBytes(18).toString('base64url'), { mode: 0o600 });
      await run('sh', [join(ROOT, 'scripts/browser-db-role.sh')], {
        env: { PATH: process.env.PATH, PGHOST: db.hostname, PGPORT: db.port, PGUSER: decodeURIComponent(db.username), PGPASSWORD: decodeURIComponent(db.password), PGDATABASE: db.pathname.slice(1), BROWSER_DB_ROLE: role, BROWSER_DB_PASSWORD_FILE: passwordFile },
      });
      const url = new URL(web.database.url);
      url.username = role;
      url.password = '';
      roleUrl = url.toString();
      ownRole = true;
    } else {
      console.info('the run\'s PostgreSQL role may not create roles: the worker logs in as the app (the restricted role was skipped)');
    }
    metricsPort = await freePort();
    const service = environmentOf(loadCompose().compose.services.browser);
    const config = loadConfig({
      ...service,
      // What only a container has: the database's address, the secret's path, a free metrics port; and the fake sites on loopback.
      DATABASE_URL: roleUrl,
      DATABASE_PASSWORD_FILE: ownRole ? passwordFile : '',
      METRICS_PORT: String(metricsPort),
      LOG_LEVEL: 'silent',
      ...sites.env(),
    });
    worker = await createBrowserWorker(config, pino({ level: 'silent' }));
  }, 60_000);

  afterAll(async () => {
    await worker?.close();
    await web?.close();
    if (ownRole) {
      const admin = new Client({ connectionString: process.env.FP_TEST_ADMIN_URL });
      await admin.connect();
      await admin.query(`DROP ROLE IF EXISTS ${admin.escapeIdentifier(role)}`).finally(() => admin.end());
    }
    await sites.close();
    rmSync(secrets, { recursive: true, force: true });
  });

  const scan = async () => (await web.http().post('/api/scans').set('X-Forwarded-For', freshIp()).send({ input: sites.url('/gpc-ignored') }).expect(200)).body as { checks: { id: string; status: string; message?: string }[] };

  it('runs the web instance\'s browser work, then leaves scans to fall back once it stops', async () => {
    const workers = await query<{ capacity: number }>(web, 'SELECT capacity FROM browser_workers');
    expect(workers).toEqual([{ capacity: 2 }]);
    // The service's health check, as Compose runs it (its port is the free one given above).
    const health = loadCompose().compose.services.browser.healthcheck?.test as string[];
    expect(health.slice(0, 3)).toEqual(['CMD', 'node', '-e']);
    await run(process.execPath, ['-e', health[3].replace(':9464/', `:${metricsPort}/`)]);

    const rendered = await scan();
    expect(rendered.checks.find((c) => c.id === 'website')).toMatchObject({ status: 'ok' });
    expect(rendered.checks.find((c) => c.id === 'global-privacy-control')).toMatchObject({ status: 'ok' });
    // The job row was read and deleted by the scan.
    expect(await query(web, 'SELECT id FROM browser_jobs')).toEqual([]);

    await worker!.close();
    worker = undefined;
    expect(await query(web, 'SELECT id FROM browser_workers')).toEqual([]);
    const fallback = await scan();
    expect(fallback.checks.find((c) => c.id === 'website')).toMatchObject({ status: 'partial', message: expect.stringMatching(/^Analysed without running the page's scripts: Chromium is not available on this server/) });
  }, 60_000);

  it('logs in as a role that may use the job queue and nothing else', async () => {
    if (!ownRole) return;
    const url = new URL(roleUrl);
    url.password = encodeURIComponent(readFileSync(passwordFile, 'utf8'));
    const client = new Client({ connectionString: url.toString() });
    await client.connect();
    try {
      await expect(client.query('SELECT count(*) FROM browser_jobs')).resolves.toBeDefined();
      for (const table of ['users', 'scans', 'api_tokens', 'payment_intents']) {
        await expect(client.query(`SELECT 1 FROM ${table} LIMIT 1`)).rejects.toMatchObject({ code: '42501' });
      }
      await expect(client.query("INSERT INTO migrations (timestamp, name) VALUES (1, 'x')")).rejects.toMatchObject({ code: '42501' });
    } finally {
      await client.end();
    }
  });
});
