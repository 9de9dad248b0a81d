// Rendered website audit figures (issue 20), end to end through POST /api/scans on the built server
// against the fixture sites of test/fakes/tracking-sites.ts (every page, the shop, one page per
// behaviour and the benign pages): per-scan time p50/p95 with the browser and with the static
// fallback (BROWSER_AUDIT=false), scans per minute at the default browser concurrency (2), the
// memory of one browser context (the Chromium processes' RSS with and without one page open), and
// false positives of the browser tests over the benign pages. Prints numbers; asserts nothing.
// Needs `npm run build:server` and /usr/bin/chromium.
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { nextIp, percentile, requireTs, root, startServer, stopServer } from './bench-support.mjs';

const THROUGHPUT_SECONDS = 40;
const CLIENTS = 6;
const f = (n) => n.toFixed(0);

if (!existsSync(join(root, 'dist/server/browser-audit/browser-audit.service.js'))) {
  console.log('browser audit: skipped, run `npm run build:server` first');
  process.exit(0);
}
const { TrackingSites, BENIGN_PAGES } = requireTs('test/fakes/tracking-sites.ts');
const BROWSER_TESTS = ['canvas-fingerprinting', 'font-fingerprinting', 'session-recording', 'key-logging', 'meta-pixel', 'remarketing-audiences', 'tiktok-x-pixels', 'global-privacy-control'];
const PAGES = ['/shop', '/shop-gpc', '/canvas-fingerprint', '/font-fingerprint', '/session-recorder', '/key-logger', '/meta-pixel', '/remarketing', '/tiktok-x', '/gpc-ignored', ...BENIGN_PAGES];
const sites = await new TrackingSites().start();
console.log(`cpus: ${availableParallelism()}; ${PAGES.length} fixture pages (${BENIGN_PAGES.length} benign)`);

async function scan(server, path) {
  const began = performance.now();
  const res = await fetch(`${server.base}/api/scans`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': nextIp() }, body: JSON.stringify({ input: sites.url(path) }) });
  const body = await res.json();
  return { status: res.status, ms: performance.now() - began, body };
}

async function withServer(env, work) {
  const dataDir = mkdtempSync(join(tmpdir(), 'fp-bench-browser-'));
  chmodSync(dataDir, 0o755);
  let server;
  try {
    server = await startServer(dataDir, { ...sites.env(), VISITOR_SCANS_PER_HOUR: '1000000', ...env });
    return await work(server);
  } finally {
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// --- per-scan time, with the browser and with the static fallback -------------------------------
for (const [name, env] of [['with the browser', {}], ['static fallback (BROWSER_AUDIT=false)', { BROWSER_AUDIT: 'false' }]]) {
  await withServer(env, async (server) => {
    await scan(server, '/benign/chart'); // warm-up: starts Chromium
    const times = [];
    let falsePositives = 0;
    let benignChecks = 0;
    for (const path of PAGES) {
      const { status, ms, body } = await scan(server, path);
      if (status !== 200) throw new Error(`${path}: ${status} ${JSON.stringify(body)}`);
      times.push(ms);
      if (BENIGN_PAGES.includes(path) && env.BROWSER_AUDIT !== 'false') {
        for (const id of BROWSER_TESTS) {
          const check = body.checks.find((c) => c.id === id);
          benignChecks += 1;
          if (check.status !== 'ok' || check.findings > 0) falsePositives += 1;
        }
      }
    }
    console.log(`per-scan time ${name} over ${PAGES.length} pages, sequential: p50 ${f(percentile(times, 50))} ms, p95 ${f(percentile(times, 95))} ms`);
    if (env.BROWSER_AUDIT !== 'false') console.log(`false positives on ${BENIGN_PAGES.length} benign pages: ${falsePositives} of ${benignChecks} browser-test results`);
  });
}

// --- scans per minute at the default concurrency ------------------------------------------------
await withServer({}, async (server) => {
  await scan(server, '/benign/chart');
  const until = performance.now() + THROUGHPUT_SECONDS * 1000;
  let done = 0;
  let busy = 0;
  let fellBack = 0;
  const client = async () => {
    let i = 0;
    while (performance.now() < until) {
      const { status, body } = await scan(server, PAGES[i++ % PAGES.length]);
      if (status === 503) {
        busy += 1;
        await new Promise((r) => setTimeout(r, 500));
      } else if (body.website?.mode === 'rendered') done += 1;
      else fellBack += 1;
    }
  };
  const began = performance.now();
  await Promise.all(Array.from({ length: CLIENTS }, client));
  const minutes = (performance.now() - began) / 60_000;
  console.log(`throughput, ${CLIENTS} clients for ${THROUGHPUT_SECONDS} s, BROWSER_CONCURRENCY=2: ${(done / minutes).toFixed(1)} rendered scans per minute; ${fellBack} fell back (no browser free in time), ${busy} answered 503 (queue full)`);
});

// --- memory of one browser context ------------------------------------------------------------------
const { loadConfig } = requireTs('server/src/common/config/app.config.ts');
const { ChromiumLauncher } = requireTs('server/src/browser-audit/chromium.launcher.ts');
const { SsrfForwardProxy } = requireTs('server/src/common/security/ssrf/forward.proxy.ts');
const { configuredLookup } = requireTs('server/src/common/security/ssrf/ssrf.module.ts');
const config = loadConfig(sites.env());
const launcher = new ChromiumLauncher(config);
const browser = await launcher.browser();
/** RSS of every process descending from this one (the Chromium processes). */
const childrenRss = () => {
  const parents = new Map();
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const rss = Number(readFileSync(`/proc/${pid}/statm`, 'utf8').split(' ')[1]) * 4096;
      parents.set(Number(pid), { ppid, rss });
    } catch {
      // gone
    }
  }
  const mine = new Set([process.pid]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const [pid, { ppid }] of parents) {
      if (!mine.has(pid) && mine.has(ppid)) {
        mine.add(pid);
        grew = true;
      }
    }
  }
  let total = 0;
  for (const pid of mine) if (pid !== process.pid) total += parents.get(pid)?.rss ?? 0;
  return total;
};
await new Promise((r) => setTimeout(r, 500));
const idle = childrenRss();
const proxy = await new SsrfForwardProxy(config, configuredLookup(config.fetch.hosts)).open({ maxBytes: config.browserAudit.maxPageBytes });
const context = await browser.newContext({ proxy: { server: proxy.server }, ignoreHTTPSErrors: true });
const page = await context.newPage();
await page.goto(sites.url('/shop'), { waitUntil: 'load' });
await new Promise((r) => setTimeout(r, 1500));
const open = childrenRss();
await context.close();
await proxy.close();
await launcher.onApplicationShutdown();
console.log(`memory: Chromium idle ${(idle / 2 ** 20).toFixed(0)} MiB; with one context on the shop page ${(open / 2 ** 20).toFixed(0)} MiB; one context ≈ ${((open - idle) / 2 ** 20).toFixed(0)} MiB`);
await sites.close();
