// Keyless breach capacity (issue 38, point 4): how many email scans a deployment completes with
// XposedOrNot as its only breach source, at our default limits (1/second, 25/hour, 100/day) against
// its loopback fake enforcing XposedOrNot's published ones (2/second, 25/hour, 100/day per IP);
// then with an HIBP key at HIBP_RATE_LIMITS' default (10/minute, its lowest plan). Every scan is a
// new address (no cache). Reports how many scans completed, how many were refused at once (HTTP 429
// before a scan slot, the allowance or the database) and how fast, and the wait they were given.
// An hour and a day cannot be waited for in a bench: the run lasts until the hour's allowance is
// spent, and the day follows from the limits the queue keeps. Prints numbers; asserts nothing.
// Needs `npm run build:server`.
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { nextIp, percentile, requireTs, startServer, stopServer } from './bench-support.mjs';

const CLIENTS = 10;
const RUN_SECONDS = 40;

const { FakeHibp } = requireTs('test/fakes/hibp.ts');
const { FakeXposedOrNot } = requireTs('test/fakes/xposedornot.ts');
const { FakeGravatar } = requireTs('test/fakes/gravatar.ts');
const { FakeDnsServer } = requireTs('test/fakes/dns-server.ts');

const hibp = new FakeHibp();
const xon = new FakeXposedOrNot();
const gravatar = new FakeGravatar();
const dns = new FakeDnsServer();
const dataDirs = [];
let server;
let counter = 0;
const freshAddress = () => `capacity.${process.pid}.${(counter += 1)}@bench.example`;
const f = (n) => (n === undefined ? '-' : n.toFixed(1));

async function scan(base) {
  const began = performance.now();
  const res = await fetch(`${base}/api/scans`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': nextIp() },
    body: JSON.stringify({ input: freshAddress() }),
  });
  const body = await res.json();
  const ms = performance.now() - began;
  if (res.status === 429) return { outcome: 'refused', ms, wait: Number(res.headers.get('retry-after')) };
  // The scan queue is full (SCAN_CONCURRENCY, SCAN_QUEUE): busy, not a breach-source refusal.
  if (res.status === 503) return { outcome: 'busy', ms };
  if (res.status !== 200) throw new Error(`scan answered ${res.status}: ${JSON.stringify(body)}`);
  const check = body.checks.find((c) => c.id === 'breaches');
  return { outcome: body.coverage.complete ? 'complete' : check.status, ms, wait: check.retryAfterSeconds };
}

async function run(label, env) {
  const dataDir = mkdtempSync(join(tmpdir(), 'fp-bench-capacity-'));
  chmodSync(dataDir, 0o755);
  dataDirs.push(dataDir);
  server = await startServer(dataDir, { ...gravatar.env, ...dns.env, VISITOR_SCANS_PER_HOUR: '100000', BREACH_CACHE_TTL_SECONDS: '0', ...env });
  try {
    const results = [];
    const deadline = performance.now() + RUN_SECONDS * 1000;
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        while (performance.now() < deadline) results.push(await scan(server.base));
      }),
    );
    const of = (outcome) => results.filter((r) => r.outcome === outcome);
    const complete = of('complete');
    const refused = of('refused');
    const limited = of('rate_limited');
    const waits = [...refused, ...limited].map((r) => r.wait).filter((w) => Number.isFinite(w));
    console.log(
      `${label}: ${results.length} email scans in ${RUN_SECONDS} s by ${CLIENTS} clients: complete ${complete.length}, ` +
        `refused at once (429) ${refused.length} (p50 ${f(percentile(refused.map((r) => r.ms), 50))} ms, p99 ${f(percentile(refused.map((r) => r.ms), 99))} ms), ` +
        `incomplete (breaches rate limited inside the scan) ${limited.length}, scan queue busy (503) ${of('busy').length}, other ${results.length - complete.length - refused.length - limited.length - of('busy').length}; ` +
        `wait given p50 ${percentile(waits, 50) ?? '-'} s, last ${waits.length ? waits[waits.length - 1] : '-'} s, max ${waits.length ? Math.max(...waits) : '-'} s; ` +
        `complete scan p50 ${f(percentile(complete.map((r) => r.ms), 50))} ms; requests to XposedOrNot ${xon.requestsTo('breach-analytics').length} (429s ${xon.rateLimited}), to HIBP ${hibp.requestsTo('breachedaccount').length}`,
    );
  } finally {
    await stopServer(server);
    server = undefined;
  }
}

try {
  await Promise.all([hibp.start(), xon.start(), gravatar.start(), dns.start()]);
  dns.set('bench.example', { MX: [{ exchange: 'mx.bench.example', priority: 10 }], TXT: [['v=spf1 -all']] });
  xon.limits = { perSecond: 2, perHour: 25, perDay: 100 };
  await run('XposedOrNot only, default 1/second,25/hour,100/day', { ...xon.env });
  // The fake forgets its hour and day, as a new deployment's address would start afresh.
  xon.resetBehaviour();
  xon.limits = { perSecond: 2, perHour: 25, perDay: 100 };
  await run('XposedOrNot + HIBP key at 10/minute', { ...xon.env, ...hibp.env });
} finally {
  await stopServer(server);
  await Promise.all([hibp.close(), xon.close(), gravatar.close(), dns.close()]);
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
}
