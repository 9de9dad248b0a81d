// Fair share of browser time (issue 36, point 7), end to end through POST /api/scans on the built
// server: two scans of a page that never finishes loading (test/fakes/attack-pages.ts '/slow') take
// both browser contexts, then N ordinary scans arrive one every STAGGER_MS. Prints how many of the
// ordinary scans fell back to the static analysis because no browser was free ("busy"), their and
// the slow scans' durations, and the longest website scan against the documented budget.
// Asserts nothing. Needs `npm run build:server` and /usr/bin/chromium.
// BENCH_ENTRY=path/to/main.js runs another build (e.g. one made before the change) for a before/after.
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { nextIp, percentile, requireTs, root, startServer, stopServer } from './bench-support.mjs';

const entry = process.env.BENCH_ENTRY ?? join(root, 'dist/server/main.js');
if (!existsSync(entry)) {
  console.log('browser fairness: skipped, run `npm run build:server` first');
  process.exit(0);
}
const N = Number(process.env.BENCH_NORMAL_SCANS ?? 6);
const STAGGER_MS = 1_000;
/** The documented budget of a website scan (docs/hostile-pages.md). */
const BUDGET_MS = 34_000;
const { AttackPages } = requireTs('test/fakes/attack-pages.ts');
const { BROWSER_MESSAGES } = requireTs('server/src/browser-audit/browser-audit.service.ts');
const pages = await new AttackPages().start();
const dataDir = mkdtempSync(join(tmpdir(), 'fp-bench-fairness-'));
chmodSync(dataDir, 0o755);
let server;
try {
  server = await startServer(dataDir, { ...pages.env(), VISITOR_SCANS_PER_HOUR: '1000000', BROWSER_QUEUE: '100' }, entry);
  const scan = async (path) => {
    const began = performance.now();
    const res = await fetch(`${server.base}/api/scans`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': nextIp() }, body: JSON.stringify({ input: pages.url(path) }) });
    const body = await res.json();
    const text = JSON.stringify(body);
    return { http: res.status, ms: performance.now() - began, busy: text.includes(BROWSER_MESSAGES.busy), shared: text.includes('fair share'), score: body.privacyScore ?? null };
  };
  await scan('/plain'); // warm-up: starts Chromium
  const slow = [scan('/slow'), scan('/slow')];
  await sleep(500);
  const normal = [];
  for (let i = 0; i < N; i++) {
    normal.push(scan('/plain'));
    await sleep(STAGGER_MS);
  }
  const slowResults = await Promise.all(slow);
  const normalResults = await Promise.all(normal);
  const all = [...slowResults, ...normalResults];
  const ms = (list) => list.map((r) => r.ms);
  console.log(`build: ${entry}`);
  console.log(`slow scans: ${slowResults.map((r) => `${(r.ms / 1000).toFixed(1)} s${r.shared ? ' (ended at its fair share)' : ''}`).join(', ')}`);
  console.log(`ordinary scans: ${normalResults.filter((r) => r.busy).length} of ${N} fell back as busy; ${normalResults.filter((r) => r.score === null).length} without a score; duration p50 ${(percentile(ms(normalResults), 50) / 1000).toFixed(1)} s, max ${(Math.max(...ms(normalResults)) / 1000).toFixed(1)} s`);
  console.log(`longest website scan: ${(Math.max(...ms(all)) / 1000).toFixed(1)} s (budget ${BUDGET_MS / 1000} s); HTTP ${[...new Set(all.map((r) => r.http))].join(', ')}`);
} finally {
  await stopServer(server);
  await pages.close();
  rmSync(dataDir, { recursive: true, force: true });
}
