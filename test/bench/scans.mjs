// Scan figures (issue 4): with every fake outside service answering after a fixed 100 ms, the
// end-to-end latency of POST /api/scans for an email (target: at most 1.2x the slowest source,
// which shows the checks run in parallel), then throughput and p99 with 50 concurrent clients.
// Prints numbers; asserts nothing. Needs `npm run build:server`. The app keeps its real limits:
// each visitor request comes from its own address (X-Forwarded-For, trusted from loopback).
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { nextIp, percentile, requireTs, startServer, stopServer } from './bench-support.mjs';

const SOURCE_DELAY_MS = 100;
const SEQUENTIAL = 40;
const CONCURRENCY = 50;
const CONCURRENT_SECONDS = 10;

const { FakeHibp, sampleBreach } = requireTs('test/fakes/hibp.ts');
const { FakeGravatar } = requireTs('test/fakes/gravatar.ts');
const { FakeDnsServer } = requireTs('test/fakes/dns-server.ts');

const hibp = new FakeHibp();
const gravatar = new FakeGravatar();
const dns = new FakeDnsServer();
const dataDir = mkdtempSync(join(tmpdir(), 'fp-bench-scans-'));
chmodSync(dataDir, 0o755);
let server;
try {
  await Promise.all([hibp.start(), gravatar.start(), dns.start()]);
  const email = 'bench.person@bench.example';
  hibp.setBreaches(email, [sampleBreach(), sampleBreach({ Name: 'Second', Title: 'Second', Domain: 'second.example' })]);
  gravatar.addProfile(email, { display_name: 'Bench Person', location: 'Porto' });
  dns.set('bench.example', { MX: [{ exchange: 'mx.bench.example', priority: 10 }], TXT: [['v=spf1 -all']] });
  dns.set('_dmarc.bench.example', { TXT: [['v=DMARC1; p=none']] });
  hibp.delayMs = gravatar.delayMs = dns.delayMs = SOURCE_DELAY_MS;

  // The pipeline itself: every scan asks the sources (no answer cache), HIBP's queue never holds one back.
  server = await startServer(dataDir, {
    ...hibp.env,
    ...gravatar.env,
    ...dns.env,
    VISITOR_SCANS_PER_HOUR: '1000',
    BREACH_CACHE_TTL_SECONDS: '0',
    HIBP_RATE_LIMITS: '100000/second',
  });
  const scan = async () => {
    const began = performance.now();
    const res = await fetch(`${server.base}/api/scans`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': nextIp() },
      body: JSON.stringify({ input: email }),
    });
    const body = await res.json();
    if (res.status !== 200 || body.breaches.count !== 2) throw new Error(`scan answered ${res.status}`);
    if (body.checks.some((c) => c.status !== 'ok')) throw new Error(`a check did not run: ${JSON.stringify(body.checks)}`);
    slowestCheck.push(Math.max(...body.checks.map((c) => c.durationMs)));
    return performance.now() - began;
  };
  const slowestCheck = [];

  for (let i = 0; i < 5; i++) await scan(); // warm-up
  const sequential = [];
  slowestCheck.length = 0;
  for (let i = 0; i < SEQUENTIAL; i++) sequential.push(await scan());
  const slowestSequential = [...slowestCheck];

  const concurrent = [];
  const deadline = performance.now() + CONCURRENT_SECONDS * 1000;
  const began = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < deadline) concurrent.push(await scan());
    }),
  );
  const elapsed = (performance.now() - began) / 1000;

  const f = (n) => n.toFixed(1);
  const p50 = percentile(sequential, 50);
  console.log(`cpus: ${availableParallelism()}; every fake answers after ${SOURCE_DELAY_MS} ms (breaches, Gravatar, 3 DNS lookups)`);
  console.log(
    `scan latency, sequential (${SEQUENTIAL}): p50 ${f(p50)} ms, p99 ${f(percentile(sequential, 99))} ms; ` +
      `p50 / fakes' fixed delay = ${(p50 / SOURCE_DELAY_MS).toFixed(2)}x (the sum of the sources would be ${3 * SOURCE_DELAY_MS} ms)`,
  );
  const slowP50 = percentile(slowestSequential, 50);
  console.log(
    `slowest check as the server timed it: p50 ${f(slowP50)} ms; scan p50 / slowest check p50 = ${(p50 / slowP50).toFixed(2)}x`,
  );
  console.log(
    `scans with ${CONCURRENCY} concurrent clients: ${concurrent.length} in ${f(elapsed)} s = ${f(concurrent.length / elapsed)} /s; ` +
      `latency p50 ${f(percentile(concurrent, 50))} ms, p99 ${f(percentile(concurrent, 99))} ms`,
  );
} finally {
  await stopServer(server);
  await Promise.all([hibp.close(), gravatar.close(), dns.close()]);
  rmSync(dataDir, { recursive: true, force: true });
}
