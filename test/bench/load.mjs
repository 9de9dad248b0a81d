// Load figures (issue 23): autocannon on loopback against the built server, 10, 50 and 200
// connections each, on five routes: GET /api/health, GET /api/plans, a failed sign-in, a visitor's
// email scan against the local fakes (HIBP, Gravatar, DNS) and a signed-in dashboard. Prints
// throughput, p50, p99, the count of 5xx answers (500s and the like apart from 503, the
// back-pressure answer), the other refusals and the server's RSS before and after; asserts
// nothing. Needs `npm run build:server`.
//
// Bounded in time: LOAD_SECONDS per cell (default 10; the targets use 60), then an
// optional soak at 50 connections over the mixed routes for LOAD_SOAK_SECONDS (default 0: off;
// the target uses 300), which prints the RSS growth from the end of a warm-up
// (LOAD_SOAK_WARMUP_SECONDS, default 60: V8 grows its heap to a steady size over the first minute
// of load, which is not a leak) and the heap left after each collection, sampled from the
// server's /metrics, in the soak's first and last minute: the figure that grows with a leak. LOAD_CONNECTIONS (default
// "10,50,200") and LOAD_ROUTES (default all) narrow the table. LOAD_APP_ENTRY runs another build
// of the server (a checkout of an earlier commit) with this bench, for before/after tables.
//
// The server keeps its real limits: every sign-in and visitor scan comes from its own address
// (X-Forwarded-For, trusted from loopback). Each failed sign-in names an address without an
// account: the server verifies the password against a real scrypt hash either way (so unknown
// addresses and wrong passwords cost the same, by design), and the per-account limit (10 attempts
// per 15 minutes) would otherwise turn most of the run into 429s.
import autocannon from 'autocannon';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort, nextIp, percentile, requireTs, startServer, stopServer } from './bench-support.mjs';

const SECONDS = Number(process.env.LOAD_SECONDS ?? 10);
const SOAK_SECONDS = Number(process.env.LOAD_SOAK_SECONDS ?? 0);
const SOAK_WARMUP_SECONDS = Number(process.env.LOAD_SOAK_WARMUP_SECONDS ?? 60);
const CONNECTIONS = (process.env.LOAD_CONNECTIONS ?? '10,50,200').split(',').map(Number);
const ROUTES = (process.env.LOAD_ROUTES ?? 'health,plans,login,scan,dashboard').split(',');
const SOURCE_DELAY_MS = 50;
const PASSWORD = 'bench-password-1';

const { FakeHibp, sampleBreach } = requireTs('test/fakes/hibp.ts');
const { FakeGravatar } = requireTs('test/fakes/gravatar.ts');
const { FakeDnsServer } = requireTs('test/fakes/dns-server.ts');

/** CPU seconds the process has used (user + system). */
const cpuSeconds = (pid) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (100 a second)
};

/** Waits (at most 60 s) until the server is idle, so work queued in one cell does not weigh on the next. */
async function settle(pid) {
  for (let i = 0; i < 60; i++) {
    const before = cpuSeconds(pid);
    await sleep(1000);
    if (cpuSeconds(pid) - before < 0.1) return;
  }
}

const rssMb = (pid) => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmRSS:'));
  return Number(line.split(/\s+/)[1]) / 1024;
};

/** One of the server's process gauges (MB), from its /metrics on the metrics port. */
async function gaugeMb(port, name) {
  const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith(`${name} `));
  return Number(line.split(' ')[1]) / 1048576;
}
/** The server's V8 heap in use (MB). */
const heapUsedMb = (port) => gaugeMb(port, 'nodejs_heap_size_used_bytes');

/**
 * Where the Node process's memory is (MB): its RSS (the server's own process; the embedded
 * PostgreSQL is another), V8's heap reserved and used, and the memory outside the heap V8 knows of
 * (Buffers and ArrayBuffers: `external`). The rest of the RSS is native memory V8 does not account
 * for (code, the allocator's arenas, libuv, OpenSSL, zlib).
 */
async function memorySample(pid, port) {
  const [heapTotal, heapUsed, external] = await Promise.all(
    ['nodejs_heap_size_total_bytes', 'nodejs_heap_size_used_bytes', 'nodejs_external_memory_bytes'].map((name) => gaugeMb(port, name)),
  );
  const rss = rssMb(pid);
  return { rss, heapTotal, heapUsed, external, rest: rss - heapTotal - external };
}

async function post(base, path, body, headers = {}) {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': nextIp(), ...headers },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json().catch(() => undefined) };
}

/** The autocannon request of each route; headers and bodies vary per request where limits count. */
function routeRequests(name, ctx) {
  const json = { 'content-type': 'application/json' };
  switch (name) {
    case 'health':
      return [{ method: 'GET', path: '/api/health' }];
    case 'plans':
      return [{ method: 'GET', path: '/api/plans' }];
    case 'login': {
      let attempt = 0;
      return [{
        method: 'POST',
        path: '/api/auth/login',
        setupRequest: (req) => ({
          ...req,
          headers: { ...json, 'x-forwarded-for': nextIp() },
          body: JSON.stringify({ email: `load.${process.pid}.${++attempt}@example.test`, password: 'not-the-password', rememberMe: false }),
        }),
      }];
    }
    case 'scan':
      return [{
        method: 'POST',
        path: '/api/scans',
        setupRequest: (req) => ({ ...req, headers: { ...json, 'x-forwarded-for': nextIp() }, body: JSON.stringify({ input: ctx.scanEmail }) }),
      }];
    case 'dashboard':
      return [{ method: 'GET', path: '/api/dashboard', headers: { authorization: `Bearer ${ctx.accessToken}` } }];
    default:
      throw new Error(`unknown route ${name}`);
  }
}

function cannon(base, connections, seconds, requests) {
  // Every status is counted, so 429 and 503 are told apart from 5xx server errors.
  const statuses = new Map();
  // Latencies by status: a checked sign-in (401) and a refused one (503) are apart (issue 39).
  const latencies = new Map();
  return new Promise((resolve, reject) => {
    const instance = autocannon({ url: base, connections, duration: seconds, timeout: 30, requests }, (err, result) =>
      err ? reject(err) : resolve({ ...result, statuses, latencies }),
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      statuses.set(statusCode, (statuses.get(statusCode) ?? 0) + 1);
      if (!latencies.has(statusCode)) latencies.set(statusCode, []);
      latencies.get(statusCode).push(responseTime);
    });
  });
}

const hibp = new FakeHibp();
const gravatar = new FakeGravatar();
const dns = new FakeDnsServer();
const dataDir = mkdtempSync(join(tmpdir(), 'fp-bench-load-'));
chmodSync(dataDir, 0o755);
let server;
try {
  await Promise.all([hibp.start(), gravatar.start(), dns.start()]);
  const scanEmail = 'load.person@load.example';
  hibp.setBreaches(scanEmail, [sampleBreach()]);
  gravatar.addProfile(scanEmail, { display_name: 'Load Person' });
  dns.set('load.example', { MX: [{ exchange: 'mx.load.example', priority: 10 }], TXT: [['v=spf1 -all']] });
  dns.set('_dmarc.load.example', { TXT: [['v=DMARC1; p=reject']] });
  hibp.delayMs = gravatar.delayMs = dns.delayMs = SOURCE_DELAY_MS;

  // A build from before the username list's 'off' setting reads an empty value as "no list".
  const olderBuild = process.env.LOAD_APP_ENTRY ? { USERNAME_SITE_LIST_URL: '' } : {};
  // Every scan asks the fakes (no breach answer cache) and HIBP's queue holds none back: the load is the server's.
  const sources = { HIBP_RATE_LIMITS: '100000/second', BREACH_CACHE_TTL_SECONDS: '0' };
  const metricsPort = await freePort();
  server = await startServer(
    dataDir,
    { ...hibp.env, ...gravatar.env, ...dns.env, ...sources, MONITOR_TICK_SECONDS: '60', METRICS_PORT: String(metricsPort), ...olderBuild },
    process.env.LOAD_APP_ENTRY,
  );
  server.metricsPort = metricsPort;
  const ctx = { scanEmail, accessToken: '' };

  // The signed-in user behind the dashboard, with the Free plan's three scans in its history.
  const owner = await post(server.base, '/api/auth/signup', { email: 'load.owner@example.test', password: PASSWORD });
  if (owner.status !== 201) throw new Error(`sign-up answered ${owner.status}`);
  ctx.accessToken = owner.body.accessToken;
  for (let i = 0; i < 3; i++) {
    const scan = await post(server.base, '/api/scans', { input: scanEmail }, { authorization: `Bearer ${ctx.accessToken}` });
    if (scan.status !== 200) throw new Error(`signed-in scan answered ${scan.status}`);
  }
  await settle(server.child.pid);

  const rssBefore = rssMb(server.child.pid);
  console.log(
    `cpus: ${availableParallelism()}; load average ${loadavg().map((n) => n.toFixed(2)).join(' ')} before the run; ` +
      `${SECONDS} s per cell; fakes answer after ${SOURCE_DELAY_MS} ms`,
  );
  console.log(`server RSS before: ${rssBefore.toFixed(1)} MB`);
  const header = ['route', 'conns', 'req/s', 'p50 ms', 'p99 ms', '5xx but 503', '503 (busy)', 'other non-2xx (count x status)', 'timeouts/errors'];
  const rows = [header];
  for (const route of ROUTES) {
    for (const connections of CONNECTIONS) {
      const result = await cannon(server.base, connections, SECONDS, routeRequests(route, ctx));
      const others = [...result.statuses].filter(([s]) => s >= 300 && s < 500).map(([s, n]) => `${n}x${s}`).join(' ');
      const busy = result.statuses.get(503) ?? 0;
      rows.push([
        route,
        String(connections),
        result.requests.average.toFixed(1),
        String(result.latency.p50),
        String(result.latency.p99),
        String(result['5xx'] - busy),
        String(busy),
        others || '0',
        String(result.timeouts + result.errors),
      ]);
      console.log(rows[rows.length - 1].join('\t'));
      const byStatus = [...result.latencies].map(([status, times]) => `${status}: ${times.length} answers, p50 ${Math.round(percentile(times, 50))} ms, p99 ${Math.round(percentile(times, 99))} ms`);
      console.log(`  by status: ${byStatus.join('; ')}`);
      await settle(server.child.pid);
    }
  }
  const rssAfter = rssMb(server.child.pid);
  console.log();
  const widths = header.map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  const line = (row) => console.log(`| ${row.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`);
  line(header);
  line(widths.map((w) => '-'.repeat(w)));
  rows.slice(1).forEach(line);
  console.log(`server RSS after: ${rssAfter.toFixed(1)} MB (${(((rssAfter - rssBefore) / rssBefore) * 100).toFixed(1)}%)`);

  if (SOAK_SECONDS > 0) {
    // Every route in turn on each connection, 50 connections, after the warm-up.
    const mixed = ROUTES.flatMap((route) => routeRequests(route, ctx));
    const warmRss = rssMb(server.child.pid);
    await cannon(server.base, 50, SOAK_WARMUP_SECONDS, mixed);
    const soakBefore = rssMb(server.child.pid);
    const heap = [];
    const sampler = setInterval(() => void heapUsedMb(server.metricsPort).then((mb) => heap.push({ at: performance.now(), mb }), () => {}), 2000);
    // Every 30 s: where the RSS is (a plateau is heap sizing or allocator settling; steady growth of one part is a leak there).
    const parts = [];
    const partSample = () => void memorySample(server.child.pid, server.metricsPort).then((m) => parts.push({ s: Math.round((performance.now() - began) / 1000), ...m }), () => {});
    const began = performance.now();
    partSample();
    const partSampler = setInterval(partSample, 30_000);
    const result = await cannon(server.base, 50, SOAK_SECONDS, mixed);
    clearInterval(sampler);
    clearInterval(partSampler);
    parts.push({ s: Math.round((performance.now() - began) / 1000), ...(await memorySample(server.child.pid, server.metricsPort)) });
    const soakAfter = rssMb(server.child.pid);
    // The lowest reading in a minute is the heap just after a collection: live data, not garbage.
    const window = (from, to) => Math.min(...heap.filter((h) => h.at - began >= from * 1000 && h.at - began < to * 1000).map((h) => h.mb));
    const firstMinute = window(0, Math.min(60, SOAK_SECONDS / 2));
    const lastMinute = window(Math.max(SOAK_SECONDS - 60, SOAK_SECONDS / 2), SOAK_SECONDS + 1);
    console.log(
      `soak, 50 connections, ${SOAK_SECONDS} s over ${ROUTES.join(', ')} after ${SOAK_WARMUP_SECONDS} s of warm-up: ${result.requests.average.toFixed(1)} req/s, ` +
        `p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, 5xx ${result['5xx'] - (result.statuses.get(503) ?? 0)} and 503 ${result.statuses.get(503) ?? 0}`,
    );
    console.log(
      `  RSS ${warmRss.toFixed(1)} MB before the warm-up, ${soakBefore.toFixed(1)} MB after it, ${soakAfter.toFixed(1)} MB after the soak ` +
        `(${(((soakAfter - soakBefore) / soakBefore) * 100).toFixed(1)}% over the soak)`,
    );
    console.log(
      `  heap after collection: ${firstMinute.toFixed(1)} MB in the soak's first minute, ${lastMinute.toFixed(1)} MB in its last ` +
        `(${(((lastMinute - firstMinute) / firstMinute) * 100).toFixed(1)}%; ${heap.length} samples)`,
    );
    console.log('  every 30 s (MB): s, RSS, heap reserved, heap used, external (Buffers), RSS outside both');
    for (const p of parts) console.log(`  ${[p.s, p.rss, p.heapTotal, p.heapUsed, p.external, p.rest].map((n, i) => (i === 0 ? String(n) : n.toFixed(1))).join('\t')}`);
  }
} finally {
  await stopServer(server);
  await Promise.all([hibp.close(), gravatar.close(), dns.close()]);
  rmSync(dataDir, { recursive: true, force: true });
}
