// Breach source figures (issue 26). With every fake answering after 100 ms: the latency of an email
// scan (POST /api/scans) with both breach sources, with HIBP alone and with XposedOrNot alone. Then
// the throughput of email scans with XposedOrNot alone at its published rate (2 a second per IP,
// which its fake enforces as its server does), with a cold cache (every scan a new address) and a
// warm one (addresses already looked up). Prints numbers; asserts nothing. Needs
// `npm run build:server`.
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { nextIp, percentile, requireTs, startServer, stopServer } from './bench-support.mjs';

const SOURCE_DELAY_MS = 100;
const SEQUENTIAL = 30;
const CLIENTS = 20;
const THROUGHPUT_SECONDS = 15;
const WARM_ADDRESSES = 40;

const { FakeHibp, sampleBreach } = requireTs('test/fakes/hibp.ts');
const { FakeXposedOrNot, sampleXonBreach } = requireTs('test/fakes/xposedornot.ts');
const { FakeGravatar } = requireTs('test/fakes/gravatar.ts');
const { FakeDnsServer } = requireTs('test/fakes/dns-server.ts');

const hibp = new FakeHibp();
const xon = new FakeXposedOrNot();
const gravatar = new FakeGravatar();
const dns = new FakeDnsServer();
const dataDirs = [];
let server;

const f = (n) => n.toFixed(1);
let addressCounter = 0;
const freshAddress = () => `bench.${process.pid}.${(addressCounter += 1)}@bench.example`;

async function withServer(env, work) {
  const dataDir = mkdtempSync(join(tmpdir(), 'fp-bench-breaches-'));
  chmodSync(dataDir, 0o755);
  dataDirs.push(dataDir);
  server = await startServer(dataDir, { ...gravatar.env, ...dns.env, VISITOR_SCANS_PER_HOUR: '100000', ...env });
  try {
    return await work(server);
  } finally {
    await stopServer(server);
    server = undefined;
  }
}

async function scan(base, input) {
  const began = performance.now();
  const res = await fetch(`${base}/api/scans`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': nextIp() },
    body: JSON.stringify({ input }),
  });
  const body = await res.json();
  if (res.status !== 200) throw new Error(`scan answered ${res.status}: ${JSON.stringify(body)}`);
  const check = body.checks.find((c) => c.id === 'breaches');
  return { ms: performance.now() - began, check, breaches: body.breaches.count };
}

async function latency(label, env, expectedBreaches) {
  await withServer({ BREACH_CACHE_TTL_SECONDS: '0', HIBP_RATE_LIMITS: '100000/second', XPOSEDORNOT_RATE_LIMITS: '100000/second', ...env }, async ({ base }) => {
    const email = 'bench.latency@bench.example';
    for (let i = 0; i < 3; i++) await scan(base, email); // warm-up
    const total = [];
    const check = [];
    for (let i = 0; i < SEQUENTIAL; i++) {
      const r = await scan(base, email);
      if (r.check.status !== 'ok' || r.breaches !== expectedBreaches) throw new Error(`${label}: ${JSON.stringify(r.check)} ${r.breaches}`);
      total.push(r.ms);
      check.push(r.check.durationMs);
    }
    console.log(
      `${label.padEnd(24)} scan p50 ${f(percentile(total, 50))} ms, p99 ${f(percentile(total, 99))} ms; ` +
        `breach check p50 ${f(percentile(check, 50))} ms (${SEQUENTIAL} sequential scans)`,
    );
  });
}

/** CLIENTS clients scanning for THROUGHPUT_SECONDS; `next` gives each scan's address. */
async function throughput(base, next) {
  const results = [];
  const deadline = performance.now() + THROUGHPUT_SECONDS * 1000;
  const began = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (performance.now() < deadline) results.push(await scan(base, next()));
    }),
  );
  const seconds = (performance.now() - began) / 1000;
  const ok = results.filter((r) => r.check.status === 'ok');
  const limited = results.filter((r) => r.check.status === 'rate_limited');
  const waits = limited.map((r) => r.check.retryAfterSeconds ?? 0);
  return { seconds, total: results.length, ok, limited, waits, latency: results.map((r) => r.ms) };
}

try {
  await Promise.all([hibp.start(), xon.start(), gravatar.start(), dns.start()]);
  const breach = sampleBreach();
  hibp.catalogue = [breach];
  xon.catalogue = [sampleXonBreach(), sampleXonBreach({ breachID: 'Tidepool', domain: 'tidepool.example', breachedDate: '2019-02-01T00:00:00' })];
  hibp.setBreaches('bench.latency@bench.example', [breach]);
  xon.setExposure('bench.latency@bench.example', ['LanternMarket', 'Tidepool']);
  dns.set('bench.example', { MX: [{ exchange: 'mx.bench.example', priority: 10 }], TXT: [['v=spf1 -all']] });
  hibp.delayMs = xon.delayMs = gravatar.delayMs = dns.delayMs = SOURCE_DELAY_MS;

  console.log(`cpus: ${availableParallelism()}; every fake answers after ${SOURCE_DELAY_MS} ms (HIBP, XposedOrNot, Gravatar, 3 DNS lookups); no answer cache`);
  await latency('both sources', { ...hibp.env, ...xon.env }, 2);
  await latency('HIBP alone', { ...hibp.env }, 1);
  await latency('XposedOrNot alone', { ...xon.env }, 2);

  // XposedOrNot as the only breach source (a fresh install); its fake refuses more than 2 a second, as its server does.
  xon.limits = { perSecond: 2, perHour: 1_000_000, perDay: 1_000_000 };
  const coldRun = async (label, base) => {
    xon.resetBehaviour();
    xon.delayMs = SOURCE_DELAY_MS;
    const cold = await throughput(base, freshAddress);
    console.log(
      `cold cache, ${label}, ${CLIENTS} clients, ${f(cold.seconds)} s: ${cold.total} email scans = ${f(cold.total / cold.seconds)} /s; ` +
        `breach check ok ${cold.ok.length} = ${f(cold.ok.length / cold.seconds)} /s, rate limited ${cold.limited.length} ` +
        `(Retry-After p50 ${percentile(cold.waits, 50) ?? '-'} s, max ${cold.waits.length ? Math.max(...cold.waits) : '-'} s); ` +
        `latency p50 ${f(percentile(cold.latency, 50))} ms, p99 ${f(percentile(cold.latency, 99))} ms; ` +
        `requests to XposedOrNot ${xon.requestsTo('breach-analytics').length}, refused by it (429) ${xon.rateLimited}, busiest second ${xon.busiestWindow('breach-analytics', 1000)}`,
    );
  };
  // Our default (1 a second, 25 an hour, 100 a day): half the published rate, room for timing on a busy machine.
  await withServer({ ...xon.env, BREACH_CACHE_TTL_SECONDS: '3600' }, ({ base }) => coldRun('XposedOrNot at our default 1/s', base));
  await withServer({ ...xon.env, XPOSEDORNOT_RATE_LIMITS: '2/second', BREACH_CACHE_TTL_SECONDS: '3600' }, async ({ base }) => {
    await coldRun('XposedOrNot at its published 2/s', base);

    // Warm: addresses looked up once (slowly, at the queue's pace), then scanned again and again.
    const warmSet = Array.from({ length: WARM_ADDRESSES }, freshAddress);
    for (const address of warmSet) {
      for (;;) {
        const r = await scan(base, address);
        if (r.check.status === 'ok') break;
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    }
    xon.resetBehaviour();
    xon.delayMs = SOURCE_DELAY_MS;
    let i = 0;
    const warm = await throughput(base, () => warmSet[(i += 1) % warmSet.length]);
    console.log(
      `warm cache, same server, ${CLIENTS} clients, ${f(warm.seconds)} s: ${warm.total} email scans = ${f(warm.total / warm.seconds)} /s; ` +
        `breach check ok ${warm.ok.length}, rate limited ${warm.limited.length}; latency p50 ${f(percentile(warm.latency, 50))} ms, ` +
        `p99 ${f(percentile(warm.latency, 99))} ms; requests to XposedOrNot ${xon.requestsTo('breach-analytics').length}`,
    );
  });
} finally {
  await stopServer(server);
  await Promise.all([hibp.close(), xon.close(), gravatar.close(), dns.close()]);
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
}
