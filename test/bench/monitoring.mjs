// Monitor figures (issue 9): 5,000 due monitors seeded straight into one PostgreSQL, the fakes of
// HIBP, Gravatar and DNS answering at once. Time until every monitor has run on one instance and
// on two instances of the built server sharing the database, and database statements per run
// (pg_stat_statements in a dedicated embedded PostgreSQL: every statement the servers sent,
// BEGIN/COMMIT included, the bench's own statements left out). Prints numbers; asserts nothing.
// Needs `npm run build:server`. MONITORS, BATCH and CONCURRENCY can be set in the environment.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { benchDatabase, freePort, require, requireTs, root } from './bench-support.mjs';

const MONITORS = Number(process.env.MONITORS ?? 5000);
const BATCH = process.env.BATCH ?? '200';
const CONCURRENCY = process.env.CONCURRENCY ?? '8';
const BENCH = '/* bench */'; // marks the bench's own statements, left out of the counts

const { Client } = require('pg');
const { FakeHibp, sampleBreach } = requireTs('test/fakes/hibp.ts');
const { FakeGravatar } = requireTs('test/fakes/gravatar.ts');
const { FakeDnsServer } = requireTs('test/fakes/dns-server.ts');

const pg = await benchDatabase('monitors', ['-c', 'shared_preload_libraries=pg_stat_statements']);
const hibp = new FakeHibp();
const gravatar = new FakeGravatar();
const dns = new FakeDnsServer();
const servers = [];
let db;

async function startServer(databaseUrl) {
  const port = await freePort();
  const env = {
    ...process.env,
    ...hibp.env,
    ...gravatar.env,
    ...dns.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    DATABASE_URL: databaseUrl,
    MONITOR_TICK_SECONDS: '1',
    MONITOR_BATCH_SIZE: BATCH,
    MONITOR_CONCURRENCY: CONCURRENCY,
    // The scheduler itself: HIBP's queue never holds a run back, XposedOrNot stays off.
    HIBP_RATE_LIMITS: '100000/second',
    XPOSEDORNOT_ENABLED: 'false',
  };
  delete env.JWT_SECRET;
  const child = spawn(process.execPath, [join(root, 'dist/server/main.js')], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  for (;;) {
    if (child.exitCode !== null) throw new Error('server exited');
    if (await fetch(`http://127.0.0.1:${port}/api/ready`).then((r) => r.status === 200, () => false)) break;
    await sleep(50);
  }
  servers.push(child);
  return child;
}

async function statements() {
  const { rows } = await db.query(
    `${BENCH} SELECT query, calls::int AS calls FROM pg_stat_statements WHERE dbid = (SELECT oid FROM pg_database WHERE datname = 'footprint') AND query NOT LIKE '%/* bench */%'`,
  );
  return rows;
}

/** Makes every monitor due, then waits until each has one more finished run; answers the seconds and statements per run. */
async function round(label, expectedRuns) {
  await db.query(`${BENCH} SELECT pg_stat_statements_reset()`);
  const began = performance.now();
  await db.query(`${BENCH} UPDATE monitors SET next_run_at = now() - interval '1 minute', scheduled_at = now() - interval '1 minute'`);
  for (;;) {
    const { rows } = await db.query(`${BENCH} SELECT count(*) FILTER (WHERE status <> 'running')::int AS finished, count(*) FILTER (WHERE status = 'failed')::int AS failed FROM monitor_runs`);
    if (rows[0].finished >= expectedRuns) {
      if (rows[0].failed > 0) console.log(`  (${rows[0].failed} runs failed)`);
      break;
    }
    await sleep(100);
  }
  const seconds = (performance.now() - began) / 1000;
  const stats = await statements();
  const total = stats.reduce((sum, s) => sum + s.calls, 0);
  const top = stats.sort((a, b) => b.calls - a.calls).slice(0, 8);
  console.log(`${label}: ${MONITORS} monitors in ${seconds.toFixed(1)} s (${(MONITORS / seconds).toFixed(0)} runs/s); ${(total / MONITORS).toFixed(2)} statements per run`);
  for (const s of top) console.log(`    ${(s.calls / MONITORS).toFixed(2)}  ${s.query.replace(/\s+/g, ' ').slice(0, 110)}`);
  return seconds;
}

try {
  const databaseUrl = await pg.start();
  db = new Client({ connectionString: databaseUrl });
  await db.connect();
  await db.query(`${BENCH} CREATE EXTENSION pg_stat_statements`);
  await Promise.all([hibp.start(), gravatar.start(), dns.start()]);
  dns.set('bench.example', { MX: [{ exchange: 'mx.bench.example', priority: 10 }], TXT: [['v=spf1 -all']] });
  dns.set('_dmarc.bench.example', { TXT: [['v=DMARC1; p=reject']] });

  await startServer(databaseUrl); // runs the migrations
  const emails = Array.from({ length: MONITORS }, (_, i) => `person${i}@bench.example`);
  for (const email of emails) hibp.setBreaches(email, [sampleBreach()]);
  const users = emails.map(() => randomUUID());
  const monitors = emails.map(() => randomUUID());
  const later = new Date(Date.now() + 3600_000);
  await db.query(`${BENCH} INSERT INTO users (id, email, email_verified_at, plan_tier) SELECT unnest($1::uuid[]), unnest($2::text[]), now(), 'business'`, [users, emails]);
  await db.query(`${BENCH} INSERT INTO monitors (id, user_id, type, active, next_run_at, scheduled_at) SELECT unnest($1::uuid[]), unnest($2::uuid[]), 'weekly', true, $3, $3`, [monitors, users, later]);
  await db.query(
    `${BENCH} INSERT INTO monitor_targets (id, monitor_id, kind, value, position, verified_at) SELECT gen_random_uuid(), unnest($1::uuid[]), 'email', unnest($2::text[]), 0, now()`,
    [monitors, emails],
  );
  await sleep(6_000); // the breach catalogue's start-up refresh happens before the measurement

  console.log(`monitor runs (${MONITORS} monitors, one email each; batch ${BATCH}, concurrency ${CONCURRENCY} per instance; 2 CPUs shared with PostgreSQL and the fakes)`);
  const first = await round('1 instance, first runs (starting point recorded)', MONITORS);
  const steady = await round('1 instance, nothing new', 2 * MONITORS);
  await startServer(databaseUrl);
  await sleep(6_000);
  const two = await round('2 instances, nothing new', 3 * MONITORS);
  for (const email of emails) hibp.setBreaches(email, [sampleBreach(), sampleBreach({ Name: 'BenchNew', Title: 'Bench New', Domain: 'benchnew.example' })]);
  await round('2 instances, one new breach each (notice + alert email per run)', 4 * MONITORS);
  console.log(`speed-up with two instances (nothing new): ${(steady / two).toFixed(2)}x; first runs took ${(first / steady).toFixed(2)}x a quiet round`);
  const { rows } = await db.query(`${BENCH} SELECT count(*)::int AS n FROM (SELECT monitor_id FROM monitor_runs GROUP BY monitor_id HAVING count(*) <> 4) odd`);
  console.log(`monitors that did not run exactly once per round: ${rows[0].n}`);
  const checks = await db.query(
    `${BENCH} SELECT c->>'id' AS id, round(avg((c->>'durationMs')::int)) AS avg, percentile_cont(0.99) WITHIN GROUP (ORDER BY (c->>'durationMs')::int) AS p99
     FROM scans, jsonb_array_elements(result->'checks') c WHERE monitor_id IS NOT NULL GROUP BY 1 ORDER BY 1`,
  );
  console.log(`check durations inside the runs (ms): ${checks.rows.map((r) => `${r.id} avg ${r.avg} p99 ${Math.round(r.p99)}`).join('; ')}`);
} finally {
  for (const child of servers) {
    const exited = new Promise((r) => child.on('exit', r));
    child.kill('SIGTERM');
    await exited;
  }
  await db?.end().catch(() => undefined);
  await Promise.all([hibp.close(), gravatar.close(), dns.close()]).catch(() => undefined);
  await pg.stop();
}
