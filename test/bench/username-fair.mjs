// Four scans of one handle at once (issue 38, point 2): each scan checks the same ~600 fake sites
// (loopback, one port per site, so one host per site; answers after 50–450 ms, depending on the
// site) through the real username check, the real SSRF guard and the scan's deadline, all four
// sharing the process's request slots, as four visitors scanning at once do. Prints per scan: the
// time, the sites answered, whether the result is complete (the answer-coverage rule) and its
// verdict (sites found) and score. The same handle should get the same verdict and score in all
// four. Two loads: one the slots can serve within the deadline, and one they cannot.
//
// BENCH_SOURCE_ROOT=<another checkout's root> runs that checkout's server code (for a "before"
// figure); the fakes are always this checkout's. Prints numbers; asserts nothing.
import { join } from 'node:path';
import { require, requireTs, root } from './bench-support.mjs';

const SITES = Number(process.env.BENCH_USERNAME_SITES ?? 600);
const SCANS = 4;
const HANDLE = 'fair_bench_user';
/** Four people with accounts on the same sites: their scans share no request, only the slots. */
const OTHERS = [1, 2, 3, 4].map((i) => `fair_bench_user${i}`);
const sourceRoot = process.env.BENCH_SOURCE_ROOT ?? root;

// Loaded first: it hooks TypeScript loading for the server code too.
const { FakeUsernameSites } = requireTs('test/fakes/username-sites.ts');
const server = (path) => require(join(sourceRoot, path));
const { loadConfig } = server('server/src/common/config/app.config.ts');
const { SafeFetcher, systemLookup } = server('server/src/common/security/ssrf/safe.fetcher.ts');
const { UsernameFootprintSource } = server('server/src/scans/username/username-footprint.source.ts');
const { parseSiteList } = server('server/src/scans/username/site-list.parser.ts');
const { usernameOutcome } = server('server/src/scans/checks/username.check.ts');
const { withAnswerCoverage } = server('server/src/scans/checks/answer-coverage.rules.ts');
const { privacyScoreOf } = server('server/src/scans/analysis/scoring.rules.ts');
const { classifyScanInput } = server('server/src/browser-shared/scan-input.rules.ts');

const defaults = loadConfig({});
const SCAN_TIMEOUT_MS = defaults.scans.scanTimeoutMs;

/** Runs SCANS checks of HANDLE at once over `entries`, each with the scan's deadline; per scan: time, answered, verdict, score. */
async function fourAtOnce(fakes, entries, handles) {
  const config = loadConfig({
    NODE_ENV: 'test',
    USERNAME_CHECK_TIMEOUT_MS: '5000',
    FETCH_ALLOWED_PORTS: fakes.ports.join(','),
    FETCH_ALLOWED_ADDRESSES: '127.0.0.1/32',
  });
  const { sites } = parseSiteList({ sites: entries });
  const source = new UsernameFootprintSource(config, new SafeFetcher(config, systemLookup), { inUse: async () => ({ sites, list: null }) });
  fakes.resetCounts();
  const began = performance.now();
  const scans = handles.map(async (handle) => {
    const deadline = Date.now() + SCAN_TIMEOUT_MS;
    const outcome = withAnswerCoverage(await usernameOutcome(classifyScanInput(`@${handle}`), source, new AbortController().signal, deadline), 'sites');
    const ms = performance.now() - began;
    const found = (outcome.usernameSites ?? []).filter((s) => s.outcome === 'hit').length;
    const complete = outcome.status === 'ok';
    return { ms, answers: outcome.answers, complete, found, score: complete ? privacyScoreOf(outcome.findings) : undefined };
  });
  const results = await Promise.all(scans);
  return { results, perHost: fakes.maxInFlightPerHost, global: fakes.global.max };
}

function print(label, { results, perHost, global }) {
  console.log(`${label}:`);
  results.forEach((r, i) => {
    const a = r.answers;
    console.log(
      `  scan ${i + 1}: ${(r.ms / 1000).toFixed(1)} s; ${a ? `${a.answered}/${a.asked} sites answered (${a.required} needed)` : 'no count'}; ` +
        `${r.complete ? `complete, ${r.found} sites found, score ${r.score}` : `incomplete (no verdict, no score; ${r.found} sites found so far)`}`,
    );
  });
  const verdicts = new Set(results.map((r) => (r.complete ? `${r.found}/${r.score}` : 'incomplete')));
  console.log(`  same verdict and score in all ${SCANS}: ${verdicts.size === 1 ? 'yes' : `no (${[...verdicts].join(', ')})`}; in flight at most: ${perHost} per host, ${global} in all`);
}

console.log(
  `${SITES} fake sites on 127.0.0.1, the handles on every 10th; ${SCANS} scans at once; code from ${sourceRoot}; ` +
    `defaults: USERNAME_CHECK_CONCURRENCY=${defaults.username.concurrency}, SCAN_TIMEOUT_MS=${SCAN_TIMEOUT_MS}`,
);
for (const [label, base, spread, handles] of [
  ['one handle, light load (answers after 50–250 ms)', 50, 200, Array(SCANS).fill(HANDLE)],
  ['one handle, heavy load (answers after 150–650 ms)', 150, 500, Array(SCANS).fill(HANDLE)],
  ['four handles with the same accounts, light load (answers after 50–250 ms)', 50, 200, OTHERS],
]) {
  const fakes = new FakeUsernameSites(
    Array.from({ length: SITES }, (_, i) => ({ name: `Site ${i + 1}`, behaviour: 'honest', accounts: i % 10 === 0 ? [HANDLE, ...OTHERS] : ['someone_else'], delayMs: base + ((i * 37) % spread) })),
  );
  await fakes.start();
  try {
    print(label, await fourAtOnce(fakes, fakes.siteListDocument().sites, handles));
  } finally {
    await fakes.close();
  }
}
