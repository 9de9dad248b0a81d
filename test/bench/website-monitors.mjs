// Website monitor figures (issue 25), on the built server with its own Chromium, against the
// changing fixture site of test/fakes/changing-site.ts served on loopback (a fast local site: its
// page and third parties answer at once):
// 1. a website monitor run's time (monitor_runs.started_at → finished_at: the full website check,
//    the snapshot, the diff, the commit) with the browser and with the static fallback (BROWSER_AUDIT=false);
// 2. false alerts over 20 unchanged runs of the noisy site (a fresh CSP nonce, cache busters, a CDN
//    host picked among three, cookie values, a widget on one visit in three);
// 3. MONITORS (1,000) due website monitors on one and then two instances sharing one PostgreSQL, the
//    browser settings at their defaults (BROWSER_QUEUE 8, BROWSER_CONCURRENCY 2 per instance,
//    MONITOR_CONCURRENCY 5, MONITOR_BATCH_SIZE 50): runs per minute, monitors that ran twice or not at
//    all, runs that fell back to the static analysis, the most monitor pages ever queued for a browser,
//    and a person's website scan made in the middle of it.
// Prints numbers; asserts nothing. Needs `npm run build:server` and /usr/bin/chromium.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { benchDatabase, freePort, nextIp, percentile, require, requireTs, root } from './bench-support.mjs';

const MONITORS = Number(process.env.MONITORS ?? 1000);
const QUIET_RUNS = Number(process.env.QUIET_RUNS ?? 20);
const TIMED_RUNS = Number(process.env.TIMED_RUNS ?? 10);
const f = (n, digits = 0) => n.toFixed(digits);

if (!existsSync(join(root, 'dist/server/monitoring/website/website-watcher.service.js'))) {
  console.log('website monitors: skipped, run `npm run build:server` first');
  process.exit(0);
}
const { Pool } = require('pg');
const { ChangingSite } = requireTs('test/fakes/changing-site.ts');

const pg = await benchDatabase('website-monitors');
const site = await new ChangingSite().start();
const servers = [];
let db;

async function startServer(databaseUrl, env = {}) {
  const port = await freePort();
  const child = spawn(process.execPath, [join(root, 'dist/server/main.js')], {
    env: {
      ...process.env,
      ...site.env(),
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      DATABASE_URL: databaseUrl,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      MONITOR_TICK_SECONDS: '1',
      XPOSEDORNOT_ENABLED: 'false',
      USERNAME_SITE_LIST_URL: 'off',
      VISITOR_SCANS_PER_HOUR: '100000',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error('server exited');
    if (await fetch(`http://127.0.0.1:${port}/api/ready`).then((r) => r.status === 200, () => false)) break;
    await sleep(50);
  }
  const server = { child, base: `http://127.0.0.1:${port}` };
  servers.push(server);
  return server;
}

async function stop(server) {
  const exited = new Promise((r) => server.child.on('exit', r));
  server.child.kill('SIGTERM');
  await exited;
  servers.splice(servers.indexOf(server), 1);
}

/** `count` Pro users, each with one weekly website monitor on the fixture, not due yet. */
async function seed(count) {
  const users = Array.from({ length: count }, () => randomUUID());
  const monitors = Array.from({ length: count }, () => randomUUID());
  const later = new Date(Date.now() + 3600_000);
  await db.query(`INSERT INTO users (id, email, email_verified_at, plan_tier) SELECT u, 'bench-' || u::text || '@bench.example', now(), 'pro' FROM unnest($1::uuid[]) u`, [users]);
  await db.query(`INSERT INTO monitors (id, user_id, type, kind, active, next_run_at, scheduled_at) SELECT unnest($1::uuid[]), unnest($2::uuid[]), 'weekly', 'website', true, $3, $3`, [monitors, users, later]);
  await db.query(`INSERT INTO monitor_targets (id, monitor_id, kind, value, position, verified_at) SELECT gen_random_uuid(), m, 'website', $2, 0, now() FROM unnest($1::uuid[]) m`, [monitors, site.url('/')]);
  return monitors;
}

/** Makes the monitors due as a regular run would be (not a confirmation run). */
const makeDue = (ids) => db.query(`UPDATE monitors SET next_run_at = now() - interval '1 second', scheduled_at = now() - interval '1 second' WHERE id = ANY($1)`, [ids]);
const finishedRuns = async (ids) => (await db.query(`SELECT count(*)::int AS n FROM monitor_runs WHERE monitor_id = ANY($1) AND status <> 'running'`, [ids])).rows[0].n;

async function untilRuns(ids, expected, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while ((await finishedRuns(ids)) < expected) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${expected} runs`);
    await sleep(100);
  }
}

/** One monitor run after another, each made due when the previous one ended; the runs' rows. */
async function runsOf(id, count) {
  for (let i = 0; i < count; i++) {
    const before = await finishedRuns([id]);
    await makeDue([id]);
    await untilRuns([id], before + 1, 120_000);
  }
  return (await db.query(`SELECT status, new_items, summary, extract(epoch FROM finished_at - started_at) * 1000 AS ms FROM monitor_runs WHERE monitor_id = $1 ORDER BY started_at`, [id])).rows;
}

const describeTimes = (rows) => {
  const ms = rows.map((r) => Number(r.ms));
  return `p50 ${f(percentile(ms, 50))} ms, p95 ${f(percentile(ms, 95))} ms, max ${f(Math.max(...ms))} ms (${ms.length} runs; statuses ${[...new Set(rows.map((r) => r.status))].join(', ')})`;
};

try {
  const databaseUrl = await pg.start();
  // A pool: the queue sampler and the person's scan ask while the main loop waits.
  db = new Pool({ connectionString: databaseUrl, max: 4 });
  console.log(`cpus: ${availableParallelism()}; fixture site on loopback (${site.url('/')}), its page and third parties answering at once`);

  // --- 1 and 2: run times, and false alerts over unchanged runs of the noisy site ----------------
  let server = await startServer(databaseUrl);
  const [rendered] = await seed(1);
  const renderedRows = await runsOf(rendered, 1 + QUIET_RUNS);
  const quiet = renderedRows.slice(1);
  console.log(`website monitor run, with the browser: ${describeTimes(quiet)}; the first (baseline, Chromium starting) ${f(Number(renderedRows[0].ms))} ms`);
  const falseAlerts = quiet.reduce((sum, r) => sum + r.new_items, 0);
  const seenOnce = quiet.filter((r) => /seen once/.test(r.summary)).length;
  const dropped = quiet.filter((r) => /seen on the previous run only/.test(r.summary)).length;
  console.log(
    `false alerts over ${QUIET_RUNS} unchanged runs of the noisy site: ${falseAlerts} (target 0); runs that saw a passing change once: ${seenOnce}, dropped the next run unalerted: ${dropped}; the widget showed on ${Math.floor(site.visits / 3)} of ${site.visits} visits`,
  );
  await stop(server);

  server = await startServer(databaseUrl, { BROWSER_AUDIT: 'false' });
  const [plain] = await seed(1);
  const staticRows = (await runsOf(plain, 1 + TIMED_RUNS)).slice(1);
  console.log(`website monitor run, static fallback (BROWSER_AUDIT=false): ${describeTimes(staticRows)}; alerts ${staticRows.reduce((s, r) => s + r.new_items, 0)}`);
  await stop(server);

  // --- 3: MONITORS due website monitors on one and on two instances ------------------------------
  const ids = await seed(MONITORS);
  site.version = { ...site.version, noise: false };
  const instances = [await startServer(databaseUrl)];
  for (const [label, expected] of [
    ['1 instance', MONITORS],
    ['2 instances', 2 * MONITORS],
  ]) {
    if (label === '2 instances') instances.push(await startServer(databaseUrl));
    let maxQueued = 0;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        const { rows } = await db.query(`SELECT count(*) FILTER (WHERE priority = 1)::int AS background, count(*) FILTER (WHERE priority = 0)::int AS people FROM browser_jobs WHERE status = 'queued'`);
        maxQueued = Math.max(maxQueued, rows[0].background);
        await sleep(200);
      }
    })();
    const began = performance.now();
    await makeDue(ids);
    // A person's website scan in the middle of it: the browser queue keeps room for people.
    let personScan = 'not made';
    const person = (async () => {
      while ((await finishedRuns(ids)) < expected - MONITORS / 2) await sleep(500);
      const t0 = performance.now();
      const res = await fetch(`${instances[0].base}/api/scans`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': nextIp() }, body: JSON.stringify({ input: site.url('/') }) });
      const body = await res.json();
      const mode = body.website?.mode ?? 'no website summary';
      personScan = `${res.status}, ${f(performance.now() - t0)} ms, ${mode}`;
    })();
    await untilRuns(ids, expected, 60 * 60_000);
    const seconds = (performance.now() - began) / 1000;
    sampling = false;
    await Promise.all([sampler, person]);
    await sleep(3_000); // a late duplicate would show now
    const { rows } = await db.query(
      `SELECT count(*) FILTER (WHERE runs > $2)::int AS twice, count(*) FILTER (WHERE runs < $2)::int AS lost
       FROM (SELECT m.id, count(r.id)::int AS runs FROM monitors m LEFT JOIN monitor_runs r ON r.monitor_id = m.id AND r.status <> 'running' WHERE m.id = ANY($1) GROUP BY m.id) x`,
      [ids, expected / MONITORS],
    );
    const round = (await db.query(`SELECT status, count(*)::int AS n FROM (SELECT DISTINCT ON (monitor_id) status FROM monitor_runs WHERE monitor_id = ANY($1) ORDER BY monitor_id, started_at DESC) last GROUP BY status`, [ids])).rows;
    console.log(
      `${label}, ${MONITORS} due website monitors (BROWSER_QUEUE 8, 2 browser contexts and 5 monitor workers per instance): ${f(seconds, 1)} s, ${f((MONITORS / seconds) * 60)} runs/min; ` +
        `ran twice: ${rows[0].twice}, lost: ${rows[0].lost}; outcomes ${round.map((r) => `${r.status} ${r.n}`).join(', ')}; ` +
        `monitor pages queued for a browser at most: ${maxQueued}; a person's website scan meanwhile: ${personScan}`,
    );
  }
} finally {
  for (const server of [...servers]) await stop(server).catch(() => undefined);
  await db?.end().catch(() => undefined);
  await site.close();
  await pg.stop();
}
