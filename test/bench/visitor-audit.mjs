// Issue 37's "Measure and report": the website audit scored against the fixture sites of
// test/fakes/tracking-sites.ts and their ground truth (test/fakes/tracking-sites.truth.ts, written
// from the pages' scripts). Per Blacklight-style test: found / missed / false alarms (a test whose
// check did not run is counted apart, never as found); tracker services by domain; the Global
// Privacy Control verdict per page against the expected one; the whole scan's time (POST /api/scans,
// one at a time) p50/p95 rendered and with the static analysis (BROWSER_AUDIT=false) side by side;
// the load average at start and end. Prints numbers; asserts nothing.
//
//   node test/bench/visitor-audit.mjs [--runs 5] [--pages /shop,/mouse-pixel] [--no-static]
//   node test/bench/visitor-audit.mjs --app /path/to/other/tree   (its dist/server/main.js: another build, e.g. the code before)
//   node test/bench/visitor-audit.mjs --url http://127.0.0.1:3613 --sites-port 3614
//        (an app already running; start it with the environment this prints, then press nothing: it waits for /api/ready)
// Needs `npm run build:server` (unless --url) and /usr/bin/chromium.
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { getDomain } from 'tldts';
import { nextIp, percentile, requireTs, root, startServer, stopServer } from './bench-support.mjs';

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    pages: { type: 'string' },
    app: { type: 'string' },
    url: { type: 'string' },
    'sites-port': { type: 'string' },
    'no-static': { type: 'boolean', default: false },
  },
});
const RUNS = Number(args.runs);
const entry = join(args.app ?? root, 'dist/server/main.js');
if (!args.url && !existsSync(entry)) {
  console.log(`visitor audit: skipped, ${entry} is missing (run \`npm run build:server\` there first)`);
  process.exit(0);
}
if (args.url && !args['sites-port']) throw new Error('--url needs --sites-port: the app must be started with the fixture sites on a known port');

const { TrackingSites } = requireTs('test/fakes/tracking-sites.ts');
const { PAGE_TRUTH, VISITOR_TESTS } = requireTs('test/fakes/tracking-sites.truth.ts');
const PAGES = args.pages ? args.pages.split(',') : Object.keys(PAGE_TRUTH);
for (const path of PAGES) if (!PAGE_TRUTH[path]) throw new Error(`${path}: no ground truth in tracking-sites.truth.ts`);

const sites = await new TrackingSites().start(undefined, Number(args['sites-port'] ?? 0));
// TRACKER_LIST_URL off: the fetched list cannot be had here, and the hand catalogue is the same either way (older builds ignore the setting).
const appEnv = { ...sites.env(), VISITOR_SCANS_PER_HOUR: '1000000', TRACKER_LIST_URL: 'off' };

/**
 * How each test is read from a scan's answer (the API's shape, the same before and after issue 37):
 * 'found', 'absent', or 'not run' when the check that would tell did not run (static mode, a failure).
 */
const CHECK_OF = {
  'key-logging': 'key-logging',
  'session-recording': 'session-recording',
  'canvas-fingerprinting': 'canvas-fingerprinting',
  'font-fingerprinting': 'font-fingerprinting',
  'meta-pixel': 'meta-pixel',
  'remarketing-audiences': 'remarketing-audiences',
  'tiktok-x-pixels': 'tiktok-x-pixels',
};
function readTest(body, test) {
  const website = body.website;
  if (test === 'third-party-cookies') {
    if (!website) return 'not run';
    if (website.mode !== 'rendered') return 'not run'; // a static fetch sees only the page's own Set-Cookie
    return website.cookies.some((c) => c.party === 'third' && c.tracking) ? 'found' : 'absent';
  }
  if (test === 'ad-trackers') {
    if (!website) return 'not run';
    return website.trackers.some((t) => t.category === 'advertising') ? 'found' : 'absent';
  }
  const check = body.checks.find((c) => c.id === CHECK_OF[test]);
  if (!check || check.status !== 'ok') return 'not run';
  return check.findings > 0 ? 'found' : 'absent';
}
const trackerDomains = (body) => new Set((body.website?.trackers ?? []).flatMap((t) => t.domains.map((d) => getDomain(d) ?? d)));

async function scan(base, path) {
  const began = performance.now();
  const res = await fetch(`${base}/api/scans`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': nextIp() }, body: JSON.stringify({ input: sites.url(path) }) });
  const body = await res.json();
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
  return { ms: performance.now() - began, body };
}

async function withApp(env, work) {
  if (args.url) return work(args.url.replace(/\/$/, ''));
  const dataDir = mkdtempSync(join(tmpdir(), 'fp-bench-visitor-'));
  chmodSync(dataDir, 0o755);
  let server;
  try {
    server = await startServer(dataDir, { ...appEnv, ...env }, entry);
    return await work(server.base);
  } finally {
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Scans every page RUNS times, one scan at a time, and scores the answers. */
async function measure(label, env) {
  return withApp(env, async (base) => {
    await scan(base, '/benign/chart'); // warm-up: starts Chromium, fills caches
    const load = [loadavg()[0]];
    const times = [];
    const tally = Object.fromEntries(VISITOR_TESTS.map((t) => [t, { found: 0, missed: 0, falseAlarms: 0, notRun: 0, present: 0, absent: 0 }]));
    const domains = { found: 0, missed: 0, falseAlarms: 0 };
    const gpc = new Map(); // path → Map(outcome → count)
    const misses = new Map(); // "path test kind" → { count, why: the first one's check message }
    const modes = new Map();
    for (let run = 0; run < RUNS; run++) {
      for (const path of PAGES) {
        const truth = PAGE_TRUTH[path];
        const { ms, body } = await scan(base, path);
        times.push(ms);
        const mode = body.website?.mode ?? 'none';
        modes.set(mode, (modes.get(mode) ?? 0) + 1);
        for (const test of VISITOR_TESTS) {
          const expected = truth.present.includes(test);
          const seen = readTest(body, test);
          const t = tally[test];
          t[expected ? 'present' : 'absent'] += 1;
          let kind;
          if (seen === 'not run') kind = 'notRun';
          else if (expected) kind = seen === 'found' ? 'found' : 'missed';
          else if (seen === 'found') kind = 'falseAlarms';
          if (!kind) continue;
          t[kind] += 1;
          if (kind === 'missed' || kind === 'falseAlarms') {
            const key = `${path} ${test} ${kind}`;
            const why = body.checks.find((c) => c.id === CHECK_OF[test])?.message;
            misses.set(key, { count: (misses.get(key)?.count ?? 0) + 1, why: misses.get(key)?.why ?? why });
          }
        }
        const got = trackerDomains(body);
        for (const d of truth.trackers) domains[got.has(d) ? 'found' : 'missed'] += 1;
        for (const d of got) if (!truth.trackers.includes(d)) domains.falseAlarms += 1;
        const outcome = body.website?.gpc?.outcome ?? '(none)';
        if (!gpc.has(path)) gpc.set(path, new Map());
        gpc.get(path).set(outcome, (gpc.get(path).get(outcome) ?? 0) + 1);
      }
    }
    load.push(loadavg()[0]);
    return { label, times, tally, domains, gpc, misses, modes, load };
  });
}

const pad = (s, n) => String(s).padEnd(n);
const s1 = (ms) => (ms / 1000).toFixed(2);
console.log(`visitor audit bench: ${args.url ? `app at ${args.url}` : entry}; ${PAGES.length} fixture pages × ${RUNS} runs; ${availableParallelism()} cpus`);
if (args.url) {
  console.log(`the app must run with: ${Object.entries(appEnv).map(([k, v]) => `${k}='${v}'`).join(' ')}`);
  for (;;) {
    if (await fetch(`${args.url}/api/ready`).then((r) => r.ok, () => false)) break;
    await new Promise((r) => setTimeout(r, 1000));
  }
}
const results = [await measure('rendered', {})];
if (!args['no-static'] && !args.url) results.push(await measure('static (BROWSER_AUDIT=false)', { BROWSER_AUDIT: 'false' }));

for (const r of results) {
  const n = r.times.length;
  console.log(`\n## ${r.label}: ${n} scans (modes: ${[...r.modes].map(([m, c]) => `${m} ${c}`).join(', ')}); load average ${r.load.map((l) => l.toFixed(2)).join(' → ')}`);
  console.log(`| test | present | found | missed | absent | false alarms | not run |\n|---|---|---|---|---|---|---|`);
  for (const test of VISITOR_TESTS) {
    const t = r.tally[test];
    console.log(`| ${test} | ${t.present} | ${t.found} | ${t.missed} | ${t.absent} | ${t.falseAlarms} | ${t.notRun} |`);
  }
  console.log(`tracker services by domain: ${r.domains.found} found, ${r.domains.missed} missed, ${r.domains.falseAlarms} false alarms`);
  for (const [key, { count, why }] of r.misses) console.log(`- ${key} ×${count}${why ? ` (first one's check said: ${why})` : ''}`);
  if (r.label === 'rendered') {
    let agree = 0;
    let total = 0;
    console.log(`\n| page | expected GPC verdict | seen (× runs) |\n|---|---|---|`);
    for (const [path, seen] of r.gpc) {
      const expected = PAGE_TRUTH[path].gpc;
      total += [...seen.values()].reduce((a, b) => a + b, 0);
      agree += seen.get(expected) ?? 0;
      console.log(`| ${path} | ${expected} | ${[...seen].map(([o, c]) => `${o} ×${c}`).join(', ')} |`);
    }
    console.log(`GPC verdicts as expected: ${agree} of ${total}`);
  }
}
console.log(`\n| whole scan, one at a time | p50 | p95 | max |\n|---|---|---|---|`);
for (const r of results) console.log(`| ${pad(r.label, 30)} | ${s1(percentile(r.times, 50))} s | ${s1(percentile(r.times, 95))} s | ${s1(Math.max(...r.times))} s |`);
await sites.close();
