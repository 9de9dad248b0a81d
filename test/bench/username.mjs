// Username footprint figures (issue 6): the time to check one name on 100 fake sites that each answer
// after 200 ms, through the real source and the real SSRF guard (real HTTP on 127.0.0.1, one port
// per site, so one host per site), at the default concurrency and a few others for comparison; and
// the most requests any one host and all hosts together had in flight. A second run puts the same
// 100 entries on 10 hosts, where the one-request-per-host rule sets the pace. Prints numbers; asserts nothing.
import { availableParallelism } from 'node:os';
import { requireTs } from './bench-support.mjs';

const SITES = 100;
const DELAY_MS = 200;
const DEFAULT_CONCURRENCY = 16;
const CONCURRENCIES = [1, 4, DEFAULT_CONCURRENCY, 32, 100];

const { FakeUsernameSites } = requireTs('test/fakes/username-sites.ts');
const { loadConfig } = requireTs('server/src/common/config/app-config.ts');
const { SafeFetcher, systemLookup } = requireTs('server/src/common/security/ssrf/safe-fetcher.ts');
const { UsernameFootprintSource } = requireTs('server/src/scans/sources/username-footprint.source.ts');
const { parseSiteList } = requireTs('server/src/scans/username/site-list.parser.ts');

const f = (n) => n.toFixed(0);

/** Checks one name on `entries` (in the WhatsMyName shape) at `concurrency`; returns the time and the peaks. */
async function run(fakes, entries, concurrency) {
  const config = loadConfig({
    NODE_ENV: 'test',
    USERNAME_CHECK_CONCURRENCY: String(concurrency),
    USERNAME_CHECK_TIMEOUT_MS: '10000',
    FETCH_ALLOWED_PORTS: fakes.ports.join(','),
    FETCH_ALLOWED_ADDRESSES: '127.0.0.1/32',
  });
  const { sites } = parseSiteList({ sites: entries });
  const source = new UsernameFootprintSource(config, new SafeFetcher(config, systemLookup), { sites: async () => sites });
  fakes.resetCounts();
  const began = performance.now();
  const result = await source.check('bench_user', { signal: new AbortController().signal });
  const ms = performance.now() - began;
  if (result.status !== 'ok') throw new Error(`${result.status}: ${result.message}`);
  const hits = result.data.sites.filter((s) => s.outcome === 'hit').length;
  return { ms, checked: result.data.checked, hits, perHost: fakes.maxInFlightPerHost, global: fakes.global.max };
}

console.log(`cpus: ${availableParallelism()}; ${SITES} fake sites on 127.0.0.1, each answering after ${DELAY_MS} ms; default USERNAME_CHECK_CONCURRENCY=${DEFAULT_CONCURRENCY}`);

const fakes = new FakeUsernameSites(Array.from({ length: SITES }, (_, i) => ({ name: `Site ${i + 1}`, behaviour: 'honest', accounts: ['bench_user'], delayMs: DELAY_MS })));
await fakes.start();
try {
  const entries = fakes.siteListDocument().sites;
  // Warm up (first connections, code paths).
  await run(fakes, entries.slice(0, 10), DEFAULT_CONCURRENCY);
  for (const concurrency of CONCURRENCIES) {
    const r = await run(fakes, entries, concurrency);
    const ideal = Math.ceil(SITES / concurrency) * DELAY_MS;
    console.log(
      `${SITES} sites on ${SITES} hosts, concurrency ${String(concurrency).padStart(3)}${concurrency === DEFAULT_CONCURRENCY ? ' (default)' : '          '}: ` +
        `${f(r.ms)} ms (floor ${ideal} ms); ${r.hits}/${r.checked} hits; in flight at most: ${r.perHost} per host, ${r.global} in all`,
    );
  }
  // The same 100 entries on 10 hosts (10 entries each): each host asked one request at a time.
  const crowded = entries.map((entry, i) => ({ ...entry, uri_check: `${fakes.sites[i % 10].origin}/u/{account}?entry=${i}` }));
  const r = await run(fakes, crowded, DEFAULT_CONCURRENCY);
  console.log(
    `${SITES} entries on 10 hosts, concurrency ${DEFAULT_CONCURRENCY}: ${f(r.ms)} ms (floor ${10 * DELAY_MS} ms: 10 requests one after another per host); ` +
      `in flight at most: ${r.perHost} per host, ${r.global} in all`,
  );
} finally {
  await fakes.close();
}
