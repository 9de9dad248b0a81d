// Username footprint figures (issues 6 and 27): the time to check one name on 680 fake sites (about
// the size of WhatsMyName's list with the built-in sites) that each answer after 200 ms, through the
// real source and the real SSRF guard (real HTTP on 127.0.0.1, one port per site, so one host per
// site), at the default concurrency and others for comparison; the most requests any one host and
// all hosts together had in flight; and, with the scan's default deadline, how many sites were
// checked and how many were still pending (reported unknown) when the check had to answer.
// A second run puts 100 entries on 10 hosts, where the one-request-per-host rule sets the pace.
// Prints numbers; asserts nothing.
import { availableParallelism } from 'node:os';
import { requireTs } from './bench-support.mjs';

const SITES = Number(process.env.BENCH_USERNAME_SITES ?? 680);
const DELAY_MS = 200;

const { FakeUsernameSites } = requireTs('test/fakes/username-sites.ts');
const { loadConfig } = requireTs('server/src/common/config/app.config.ts');
const { SafeFetcher, systemLookup } = requireTs('server/src/common/security/ssrf/safe.fetcher.ts');
const { UsernameFootprintSource } = requireTs('server/src/scans/username/username-footprint.source.ts');
const { parseSiteList } = requireTs('server/src/scans/username/site-list.parser.ts');
const { USERNAME_ANSWER_MARGIN_MS } = requireTs('server/src/scans/checks/username.check.ts');

const defaults = loadConfig({});
const DEFAULT_CONCURRENCY = defaults.username.concurrency;
const SCAN_TIMEOUT_MS = defaults.scans.scanTimeoutMs;
const CONCURRENCIES = [...new Set([8, 16, 32, DEFAULT_CONCURRENCY, 64])].sort((a, b) => a - b);

const f = (n) => n.toFixed(0);

/**
 * Checks one name on `entries` (in the WhatsMyName shape) at `concurrency`, answering by
 * `answerByMs` after the start when given (as the scan pipeline asks); returns the time, the counts and the peaks.
 */
async function run(fakes, entries, concurrency, answerByMs) {
  const config = loadConfig({
    NODE_ENV: 'test',
    USERNAME_CHECK_CONCURRENCY: String(concurrency),
    USERNAME_CHECK_TIMEOUT_MS: '10000',
    FETCH_ALLOWED_PORTS: fakes.ports.join(','),
    FETCH_ALLOWED_ADDRESSES: '127.0.0.1/32',
  });
  const { sites } = parseSiteList({ sites: entries });
  const source = new UsernameFootprintSource(config, new SafeFetcher(config, systemLookup), { inUse: async () => ({ sites, list: null }) });
  fakes.resetCounts();
  const began = performance.now();
  const options = { signal: new AbortController().signal, ...(answerByMs !== undefined ? { answerBy: Date.now() + answerByMs } : {}) };
  const result = await source.check('bench_user', options);
  const ms = performance.now() - began;
  if (result.status !== 'ok') throw new Error(`${result.status}: ${result.message}`);
  const count = (outcome) => result.data.sites.filter((s) => s.outcome === outcome).length;
  return { ms, checked: result.data.checked, hits: count('hit'), unknown: count('unknown'), perHost: fakes.maxInFlightPerHost, global: fakes.global.max };
}

const answerBy = SCAN_TIMEOUT_MS - USERNAME_ANSWER_MARGIN_MS;
console.log(
  `cpus: ${availableParallelism()}; ${SITES} fake sites on 127.0.0.1, each answering after ${DELAY_MS} ms; ` +
    `defaults: USERNAME_CHECK_CONCURRENCY=${DEFAULT_CONCURRENCY}, SCAN_TIMEOUT_MS=${SCAN_TIMEOUT_MS} (the check answers by ${answerBy} ms)`,
);

const fakes = new FakeUsernameSites(Array.from({ length: SITES }, (_, i) => ({ name: `Site ${i + 1}`, behaviour: 'honest', accounts: ['bench_user'], delayMs: DELAY_MS })));
await fakes.start();
try {
  const entries = fakes.siteListDocument().sites;
  // Warm up (first connections, code paths).
  await run(fakes, entries.slice(0, 20), DEFAULT_CONCURRENCY);
  for (const concurrency of CONCURRENCIES) {
    const r = await run(fakes, entries, concurrency);
    const ideal = Math.ceil(SITES / concurrency) * DELAY_MS;
    console.log(
      `${SITES} sites on ${SITES} hosts, concurrency ${String(concurrency).padStart(3)}${concurrency === DEFAULT_CONCURRENCY ? ' (default)' : '          '}: ` +
        `${f(r.ms)} ms (floor ${ideal} ms); ${r.hits}/${r.checked} hits; in flight at most: ${r.perHost} per host, ${r.global} in all`,
    );
  }
  // As in a scan: the check answers by the scan's deadline with what it has, the rest unknown.
  for (const concurrency of CONCURRENCIES) {
    const r = await run(fakes, entries, concurrency, answerBy);
    console.log(
      `within the scan deadline, concurrency ${String(concurrency).padStart(3)}${concurrency === DEFAULT_CONCURRENCY ? ' (default)' : '          '}: ` +
        `answered after ${f(r.ms)} ms; ${r.checked - r.unknown} sites checked, ${r.unknown} still pending (reported unknown)`,
    );
  }
  // 100 entries on 10 hosts (10 entries each): each host asked one request at a time.
  const crowded = entries.slice(0, 100).map((entry, i) => ({ ...entry, uri_check: `${fakes.sites[i % 10].origin}/u/{account}?entry=${i}` }));
  const r = await run(fakes, crowded, DEFAULT_CONCURRENCY);
  console.log(
    `100 entries on 10 hosts, concurrency ${DEFAULT_CONCURRENCY}: ${f(r.ms)} ms (floor ${10 * DELAY_MS} ms: 10 requests one after another per host); ` +
      `in flight at most: ${r.perHost} per host, ${r.global} in all`,
  );
} finally {
  await fakes.close();
}
