import type { INestApplicationContext } from '@nestjs/common';
import pino from 'pino';
import { createBrowserWorker } from '../../server/src/bootstrap';
import { loadConfig } from '../../server/src/common/config/app.config';
import { TrackingSites } from '../fakes/tracking-sites';
import { freshIp, query } from '../support/auth';
import { createTestApp, TestApp } from '../support/test-app';

// Browser work shared through PostgreSQL: a web instance that runs no browser itself
// (BROWSER_CONCURRENCY=0) and a browser-worker instance (INSTANCE_ROLE=browser-worker, no HTTP) on
// the same database. The worker claims the scan's job, loads the page and answers; once it stops,
// scans fall back at once instead of waiting for a browser that is gone.
describe('a browser-worker instance', () => {
  const sites = new TrackingSites();
  let web: TestApp;
  let worker: INestApplicationContext | undefined;

  beforeAll(async () => {
    await sites.start();
    web = await createTestApp({ ...sites.env(), BROWSER_CONCURRENCY: '0', VISITOR_SCANS_PER_HOUR: '1000' });
    const config = loadConfig({ ...sites.env(), NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: web.database.url, INSTANCE_ROLE: 'browser-worker' });
    worker = await createBrowserWorker(config, pino({ level: 'silent' }));
  }, 60_000);

  afterAll(async () => {
    await worker?.close();
    await web?.close();
    await sites.close();
  });

  const scan = async () => (await web.http().post('/api/scans').set('X-Forwarded-For', freshIp()).send({ input: sites.url('/gpc-ignored') }).expect(200)).body as { checks: { id: string; status: string; message?: string }[] };

  it('runs the web instance\'s browser work, then leaves scans to fall back once it stops', async () => {
    const workers = await query<{ capacity: number }>(web, 'SELECT capacity FROM browser_workers');
    expect(workers).toEqual([{ capacity: 2 }]);
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
});
