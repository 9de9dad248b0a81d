// Website check figures (issue 5): the scan time of a fixture page with 30 third-party resources and
// 20 cookies, end to end through POST /api/scans on the built server (both the https and http forms
// fetched through the SSRF guard from a site on 127.0.0.1), and the analysis alone in this process
// (parse, grade, cookies, trackers, personal data) on the same page. Tracker-match cost and the
// catalogue's memory are printed by trackers.mjs. Prints numbers; asserts nothing.
// Needs `npm run build:server` for the end-to-end part (skipped, with a note, when the build has no website check).
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { nextIp, percentile, requireTs, root, startServer, stopServer } from './bench-support.mjs';

const RESOURCES = 30;
const COOKIES = 20;
const WARM_UP = 5;
const RUNS = 30;
const ANALYSIS_RUNS = 200;

const load = requireTs;

const { FakeWebsites, heavyPage, largePage, manyCookies, WEAK_SITE_HEADERS } = load('test/fakes/websites.ts');
const page = heavyPage(RESOURCES);
const cookies = manyCookies(COOKIES);
const sites = new FakeWebsites();
await sites.start();
sites.securePage('/bench', { headers: { ...WEAK_SITE_HEADERS, 'set-cookie': cookies }, body: page });
const target = sites.url(sites.tls ? 'https' : 'http', '/bench');
const f = (n) => n.toFixed(1);
console.log(`cpus: ${availableParallelism()}; fixture: ${(page.length / 1024).toFixed(1)} KiB of HTML, ${RESOURCES} third-party resources, ${COOKIES} cookies, ${sites.tls ? 'https + http→https redirect' : 'http only (no openssl)'}`);

// --- end to end -------------------------------------------------------------------------------------
const built = existsSync(join(root, 'dist/server/scans/sources/website.source.js'));
const dataDir = mkdtempSync(join(tmpdir(), 'fp-bench-website-'));
chmodSync(dataDir, 0o755);
let server;
try {
  if (!built) {
    console.log('end to end: skipped, dist/server has no website check (run `npm run build:server` first)');
  } else {
    server = await startServer(dataDir, {
      FETCH_ALLOWED_PORTS: `80,443,${sites.portNumber}`,
      FETCH_ALLOWED_ADDRESSES: '127.0.0.1/32',
      VISITOR_SCANS_PER_HOUR: '100000',
      // The page fetch and its analysis alone; browser-audit.mjs measures the rendered audit.
      BROWSER_AUDIT: 'false',
    });
    const scan = async () => {
      const began = performance.now();
      const res = await fetch(`${server.base}/api/scans`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': nextIp() },
        body: JSON.stringify({ input: target }),
      });
      const body = await res.json();
      const website = body.checks?.find((c) => c.id === 'website');
      if (res.status !== 200 || !['ok', 'partial'].includes(website?.status)) throw new Error(`scan answered ${res.status}: ${JSON.stringify(body.checks ?? body)}`);
      return { total: performance.now() - began, check: website.durationMs, findings: website.findings };
    };
    for (let i = 0; i < WARM_UP; i++) await scan();
    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push(await scan());
    const totals = runs.map((r) => r.total);
    const checks = runs.map((r) => r.check);
    console.log(
      `scan of the fixture page, sequential (${RUNS}): p50 ${f(percentile(totals, 50))} ms, p95 ${f(percentile(totals, 95))} ms; ` +
        `the website check as the server timed it: p50 ${f(percentile(checks, 50))} ms, p95 ${f(percentile(checks, 95))} ms; ${runs[0].findings} findings`,
    );
  }
} finally {
  await stopServer(server);
  rmSync(dataDir, { recursive: true, force: true });
}

// --- the analysis alone --------------------------------------------------------------------------
const { loadConfig } = load('server/src/common/config/app.config.ts');
const { TrackerCatalogueService } = load('server/src/scans/trackers/tracker-catalogue.service.ts');
const { analyzeWebsite } = load('server/src/scans/analysis/website.analyzer.ts');
const trackers = new TrackerCatalogueService(loadConfig({ NODE_ENV: 'test' }));
const url = 'https://bench.example.org/bench';
const headers = Object.fromEntries(Object.entries({ ...WEAK_SITE_HEADERS, 'content-type': 'text/html; charset=utf-8' }).map(([k, v]) => [k, [v]]));
const fetched = { url, status: 200, headers: { ...headers, 'set-cookie': cookies }, setCookies: cookies, contentType: 'text/html', html: page, truncated: false, hops: [{ url, status: 200 }], tls: { authorized: true, validTo: '2099-01-01T00:00:00.000Z' } };
const snapshot = {
  url,
  https: { ok: true, page: fetched },
  http: { ok: true, page: { ...fetched, hops: [{ url: url.replace('https:', 'http:'), status: 301, location: url }, { url, status: 200 }] } },
};
const now = new Date();
const timeAnalysis = (of, runs) => {
  for (let i = 0; i < Math.min(20, runs); i++) analyzeWebsite(of, trackers, now);
  const times = [];
  let findings = 0;
  for (let i = 0; i < runs; i++) {
    const began = performance.now();
    findings = analyzeWebsite(of, trackers, now).findings.length;
    times.push(performance.now() - began);
  }
  return `p50 ${percentile(times, 50).toFixed(2)} ms, p95 ${percentile(times, 95).toFixed(2)} ms; ${findings} findings`;
};
console.log(`analysis alone (${ANALYSIS_RUNS} runs, in process): ${timeAnalysis(snapshot, ANALYSIS_RUNS)}`);
// The worst case the check reads: a page cut at the 2 MB cap.
const big = largePage(2 * 1024 * 1024);
const bigPage = { ...fetched, html: big, truncated: true };
console.log(`analysis alone on a ${(big.length / 1024 / 1024).toFixed(1)} MB page (20 runs): ${timeAnalysis({ ...snapshot, https: { ok: true, page: bigPage } }, 20)}`);
await sites.close();
