// Tracker figures (issue 5): the cost of one catalogue lookup over a realistic mix of hosts, the
// third-party analyzer's time on a page with 30 third-party resources, and the catalogue's memory
// (heap before and after building it, then with a 50,000-rule filter list generated here).
// Prints numbers; asserts nothing. Loads the TypeScript directly (no build needed).
import { spawnSync } from 'node:child_process';
import { percentile, require, requireTs } from './bench-support.mjs';

// Heap figures need a collector we can call: re-run this file with --expose-gc.
if (typeof globalThis.gc !== 'function') {
  const run = spawnSync(process.execPath, ['--expose-gc', new URL(import.meta.url).pathname], { stdio: 'inherit' });
  process.exit(run.status ?? 1);
}

const load = requireTs;

const heapMb = () => {
  globalThis.gc();
  globalThis.gc();
  return process.memoryUsage().heapUsed / 1024 / 1024;
};
const mb = (n) => `${n.toFixed(2)} MB`;

// --- memory -------------------------------------------------------------------------------------
// Load everything the catalogue depends on first, so the differences are the catalogue alone.
load('server/src/common/config/app.config.ts');
load('server/src/common/config/config.module.ts');
load('server/src/scans/sources/source-http.util.ts');
require('tldts');
require('@nestjs/common');
const { loadConfig } = load('server/src/common/config/app.config.ts');
const config = loadConfig({ NODE_ENV: 'test' });

const h0 = heapMb();
const { TRACKER_CATALOGUE } = load('server/src/scans/trackers/tracker.catalogue.ts');
const h1 = heapMb();
const { TrackerCatalogueService } = load('server/src/scans/trackers/tracker-catalogue.service.ts');
const service = new TrackerCatalogueService(config);
const h2 = heapMb();

const RULES = 50_000;
const options = ['', '$third-party', '$script,image', '$3p', '$important'];
// Through a Buffer so the text is one flat string before the baseline (a joined rope shrinks when parsed).
const listText = Buffer.from(
  Array.from({ length: RULES }, (_, i) => `||t${i}.bench-list-${i % 997}.example^${options[i % options.length]}`).join('\n'),
).toString('utf8');
const h3 = heapMb();
const parseStart = performance.now();
const loaded = service.useFilterList(listText);
const parseMs = performance.now() - parseStart;
const h4 = heapMb();

console.log('Tracker catalogue memory (heapUsed after full GC)');
console.log(`  built-in data (${TRACKER_CATALOGUE.length} entries, module incl. code): ${mb(h1 - h0)}`);
console.log(`  service with its lookup map (plus the service module's code):   ${mb(h2 - h1)}`);
console.log(`  built-in total:                                                 ${mb(h2 - h0)}`);
console.log(`  ${RULES.toLocaleString('en')}-rule filter list: ${loaded.added.toLocaleString('en')} domains added in ${parseMs.toFixed(0)} ms, ${mb(h4 - h3)} more heap (list text itself excluded)`);

// --- match cost -----------------------------------------------------------------------------------
// A page's requests: about a third trackers (often deep subdomains), the rest CDNs, fonts, the
// site's own hosts and unknown vendors.
const trackerHosts = [
  'www.google-analytics.com', 'region1.analytics.google.com', 'www.googletagmanager.com', 'googleads.g.doubleclick.net',
  'stats.g.doubleclick.net', 'pagead2.googlesyndication.com', 'tpc.googlesyndication.com', 'www.googleadservices.com',
  'connect.facebook.net', 'www.facebook.com', 'static.hotjar.com', 'script.hotjar.com', 'www.clarity.ms', 'c.clarity.ms',
  'bat.bing.com', 'snap.licdn.com', 'px.ads.linkedin.com', 'static.ads-twitter.com', 'analytics.tiktok.com', 'ct.pinterest.com',
  'cdn.segment.com', 'api.segment.io', 'cdn.amplitude.com', 'js.hs-scripts.com', 'cdn.cookielaw.org', 'static.criteo.net',
];
const otherHosts = [
  'www.shop.example', 'static.shop.example', 'cdn.shop.example', 'fonts.googleapis.com', 'fonts.gstatic.com', 'cdnjs.cloudflare.com',
  'cdn.jsdelivr.net', 'unpkg.com', 'ajax.googleapis.com', 'images.ctfassets.net', 'd1a2b3c4d5.cloudfront.net', 'use.typekit.net',
  'www.gstatic.com', 'maps.googleapis.com', 'js.stripe.com', 'cdn.shopify.com', 'a.b.c.vendor-widgets.example', 'api.partner.example',
  'res.cloudinary.com', 'player.vimeo.com', 'www.recaptcha.net', 'code.jquery.com', 'assets.website-files.com', 's3.amazonaws.com',
  'i0.wp.com', 'secure.gravatar.com', 'media.shop.example', 'img.vendor.example', 'edge.assets.example.co.uk', 'x.y.z.deep.example.com',
  'static.zdassets.com', 'widget.intercom.io', 'cdn.vendor.example', 'checkout.shop.example', 'cdn.other.example', 'www.youtube-nocookie.com',
  'browser.sentry-cdn.com', 'cdn.example.org', 'api.example.net', 'tracker.not-listed.example', 'www.paypal.com', 'apis.google.com',
];
const hosts = [...trackerHosts, ...otherHosts];

function nsPerMatch(catalogue) {
  const rounds = 40_000; // × hosts.length lookups
  let found = 0;
  for (let r = 0; r < 2_000; r++) for (const host of hosts) if (catalogue.match(host)) found++; // warm-up
  const began = process.hrtime.bigint();
  for (let r = 0; r < rounds; r++) for (const host of hosts) if (catalogue.match(host)) found++;
  const ns = Number(process.hrtime.bigint() - began) / (rounds * hosts.length);
  return { ns, found };
}

const plain = new TrackerCatalogueService(config);
const withoutList = nsPerMatch(plain);
const withList = nsPerMatch(service);
const hitRate = trackerHosts.filter((h) => plain.match(h)).length / hosts.length;
console.log(`\nTracker match cost (${hosts.length} hosts, ${(hitRate * 100).toFixed(0)}% trackers, ${(40_000 * hosts.length).toLocaleString('en')} lookups)`);
console.log(`  built-in catalogue only:      ${withoutList.ns.toFixed(0)} ns per match`);
console.log(`  with the 50,000-rule list:    ${withList.ns.toFixed(0)} ns per match`);

// --- analyzer on a page with 30 third parties -------------------------------------------------------
const { analyzeThirdParties } = load('server/src/scans/analysis/third-party.analyzer.ts');
const { KNOWN_TRACKER_SCRIPTS, unknownVendorScripts } = load('test/support/tracker-scripts.ts');
const unknownScripts = unknownVendorScripts(10);
const article = (n) =>
  Array.from({ length: n }, (_, i) => `<article><h2>Product ${i}</h2><p>${'Lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(4)}</p><img src="/img/p${i}.jpg" alt="Product ${i}"><a href="/p/${i}">More</a></article>`).join('\n');
const pageWith = (filler) => `<!doctype html><html><head><title>Bench shop</title>
<link rel="stylesheet" href="/app.css"><link rel="preconnect" href="https://www.google-analytics.com">
${KNOWN_TRACKER_SCRIPTS.map((src) => `<script async src="${src}"></script>`).join('\n')}
${unknownScripts.map((src) => `<script src="${src}"></script>`).join('\n')}
<script>!function(f,b,e,v){f.fbq=function(){};}(window,document,'script','https://connect.facebook.net/en_US/fbevents.js');fbq('init', '1234567890');fbq('track', 'PageView');</script>
<script>(function(h,o,t,j){h._hjSettings={hjid:1,hjsv:6};})(window,document,'https://static.hotjar.com/c/hotjar-','.js?sv=');</script>
</head><body>${filler}
<noscript><img height="1" width="1" src="https://www.facebook.com/tr?id=1234567890&ev=PageView&noscript=1"></noscript>
</body></html>`;

function timeAnalyzer(label, html) {
  const page = { url: 'https://www.shop.example/', html };
  let findings = analyzeThirdParties(page, plain);
  for (let i = 0; i < 50; i++) analyzeThirdParties(page, plain); // warm-up
  const times = [];
  for (let i = 0; i < 300; i++) {
    const began = performance.now();
    findings = analyzeThirdParties(page, plain);
    times.push(performance.now() - began);
  }
  console.log(
    `  ${label} (${(Buffer.byteLength(html) / 1024).toFixed(0)} KB): median ${percentile(times, 50).toFixed(2)} ms, p95 ${percentile(times, 95).toFixed(2)} ms, ${findings.length} findings`,
  );
}

console.log('\nThird-party analyzer, page with 30 third-party resources (20 trackers, 10 unknown), 300 runs');
timeAnalyzer('head only', pageWith(''));
timeAnalyzer('with 200 articles of content', pageWith(article(200)));
timeAnalyzer('with 2,000 articles of content', pageWith(article(2_000)));
