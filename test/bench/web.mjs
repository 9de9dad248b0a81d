// Web performance figures (issues 22 and 42): Lighthouse, with Debian's Chromium, on the public pages
// and on every signed-in page (dashboard, history, report, monitors, account) of a user with
// realistic data (1,000 scans over the last 90 days, 20 monitors, seeded in the database), and on the
// emailed-link pages, in Lighthouse's mobile and desktop settings; and each public page's initial
// JavaScript as sent (brotli). Prints numbers; asserts nothing. Needs `npm run build`.
// Run: npm run bench:web   (FP_BENCH_PAGES=landing,pricing and FP_BENCH_FORMS=mobile narrow it;
// FP_BENCH_RUNS=3 runs each page that often and prints the run with the median score, as the
// figures move with whatever else the machine is doing; FP_BENCH_LHR_DIR=dir keeps each run's full
// Lighthouse report there, for its diagnostics: main-thread work, script boot-up, long tasks)
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromium } from 'playwright-core';
import { benchDatabase, freePort, require, requireTs, root, startServer, stopServer } from './bench-support.mjs';

// Chromium as the e2e tests start it.
const { CHROMIUM, CHROMIUM_ARGS } = requireTs('test/support/browser.ts');

const PAGES = [
  { name: 'landing', path: '/' },
  { name: 'features', path: '/features' },
  { name: 'pricing', path: '/pricing' },
  { name: 'education', path: '/education' },
  { name: 'login', path: '/login' },
  { name: 'signup', path: '/signup' },
  { name: 'forgot', path: '/forgot-password' },
  { name: 'about', path: '/about' },
  { name: 'privacy', path: '/privacy' },
  { name: 'terms', path: '/terms' },
  // The emailed-link pages, with a token that is not valid (what they draw first does not depend on it).
  { name: 'reset', path: '/reset-password?token=bench-not-a-token' },
  { name: 'verify', path: '/verify-email?token=bench-not-a-token' },
  { name: 'monverify', path: '/monitoring/verify-email?token=bench-not-a-token' },
  { name: 'dashboard', path: '/dashboard', signedIn: true },
  { name: 'history', path: '/history', signedIn: true },
  { name: 'report', path: '/report', signedIn: true },
  { name: 'monitors', path: '/monitoring', signedIn: true },
  { name: 'account', path: '/account', signedIn: true },
];
const SEEDED_SCANS = 1000;
const SEEDED_MONITORS = 20;

/** Findings of the kinds real scans store, a few per scan (their types key the recommendation catalogue). */
const SEED_FINDINGS = [
  { kind: 'risk', type: 'free_email_provider', group: 'personalInfo', risk: 'low', value: 'example.com', source: 'Email provider list' },
  { kind: 'risk', type: 'dmarc_missing', group: 'metadata', risk: 'medium', value: 'No DMARC record', source: 'DNS' },
  { kind: 'risk', type: 'gravatar_profile_public', group: 'personalInfo', risk: 'medium', value: 'Public profile', source: 'Gravatar' },
  { kind: 'risk', type: 'url_tracking_parameters', group: 'metadata', risk: 'low', value: 'utm_source', source: 'URL check' },
  { kind: 'risk', type: 'spf_weak', group: 'metadata', risk: 'high', value: 'v=spf1 +all', source: 'DNS' },
];
const SEED_KINDS = [
  { inputType: 'email', input: (i) => `person${i % 40}@example.com` },
  { inputType: 'url', input: (i) => `https://site${i % 30}.example.org/` },
  { inputType: 'social', input: (i) => `@handle_${i % 25}` },
  { inputType: 'instagram', input: (i) => `https://instagram.com/person${i % 20}` },
];

/** 1,000 completed scans over the last 90 days and 20 weekly monitors, for the signed-in user. */
async function seedUser(databaseUrl, email) {
  const { Client } = require('pg');
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const { rows } = await db.query('SELECT id FROM users WHERE email = $1', [email]);
    const userId = rows[0].id;
    await db.query(`UPDATE users SET plan_tier = 'business', plan_expires_at = now() + interval '30 days', email_verified_at = now(), onboarding_completed_at = now() WHERE id = $1`, [userId]);
    const now = Date.now();
    const scans = [];
    for (let i = 0; i < SEEDED_SCANS; i++) {
      const kind = SEED_KINDS[i % SEED_KINDS.length];
      const findings = SEED_FINDINGS.filter((_, f) => (i + f) % 3 !== 0).map((f) => ({ ...f, description: '', evidence: '' }));
      const counts = { breaches: 0, personalInfo: 0, locationData: 0, metadata: 0, socialMedia: 0 };
      for (const f of findings) counts[f.group] += 1;
      const startedAt = new Date(now - Math.round(((i + 0.5) / SEEDED_SCANS) * 90 * 86_400_000));
      scans.push([crypto.randomUUID(), kind.input(i), kind.inputType, 40 + ((i * 37) % 60), JSON.stringify(counts), JSON.stringify(findings), startedAt]);
    }
    await db.query(
      `INSERT INTO scans (id, user_id, scan_type, input, input_type, status, score, finding_counts, findings, started_at, completed_at)
       SELECT s.id, $1, 'privacy', s.input, s.input_type, 'completed', s.score, s.counts, s.findings, s.started_at, s.started_at + interval '20 seconds'
       FROM unnest($2::uuid[], $3::text[], $4::text[], $5::int[], $6::jsonb[], $7::jsonb[], $8::timestamptz[]) AS s(id, input, input_type, score, counts, findings, started_at)`,
      [userId, ...[0, 1, 2, 3, 4, 5, 6].map((c) => scans.map((row) => row[c]))],
    );
    for (let m = 0; m < SEEDED_MONITORS; m++) {
      const monitorId = crypto.randomUUID();
      await db.query(
        `INSERT INTO monitors (id, user_id, type, active, kind, next_run_at, scheduled_at) VALUES ($1, $2, 'weekly', true, 'identity', now() + interval '7 days', now() + interval '7 days')`,
        [monitorId, userId],
      );
      await db.query(`INSERT INTO monitor_targets (id, monitor_id, kind, value, position, verified_at) VALUES ($1, $2, 'email', $3, 0, now())`, [
        crypto.randomUUID(),
        monitorId,
        `person${m}@example.com`,
      ]);
    }
  } finally {
    await db.end();
  }
}
const FORMS = ['mobile', 'desktop'];
const RUNS = Math.max(1, Number(process.env.FP_BENCH_RUNS ?? 1));
const only = (variable, all, key) => {
  const wanted = process.env[variable]?.split(',').filter(Boolean);
  return wanted ? all.filter((item) => wanted.includes(key(item))) : all;
};

/** The files index.html loads before anything runs: the entry script, its preloads and the CSS. */
function landingInitialJs() {
  const html = readFileSync(join(root, 'dist/client/index.html'), 'utf8');
  const files = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
  return files.map((file) => {
    const bytes = readFileSync(join(root, 'dist/client', file));
    return { file, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length, brotli: brotliCompressSync(bytes).length };
  });
}

/** The brotli bytes of the scripts a page's HTML loads before the app runs (its entry script and preloads). */
async function initialJsOf(base, path) {
  const html = await (await fetch(`${base}${path}`, { headers: { 'Accept-Encoding': 'identity' } })).text();
  const files = [...html.matchAll(/<(?:script type="module"[^>]* src|link rel="modulepreload"[^>]* href)="\/([^"]+)"/g)].map((m) => m[1]);
  return files.reduce((sum, file) => sum + brotliCompressSync(readFileSync(join(root, 'dist/client', file))).length, 0);
}

/** Empties the profile's HTTP cache (cookies and local storage stay). */
async function clearHttpCache(context) {
  const tab = context.pages()[0] ?? (await context.newPage());
  const cdp = await context.newCDPSession(tab);
  await cdp.send('Network.clearBrowserCache');
  await cdp.detach();
}

const kb = (bytes) => (bytes / 1024).toFixed(1);

function figures(lhr) {
  const audit = (id) => lhr.audits[id];
  const requests = audit('network-requests')?.details?.items ?? [];
  const scripts = requests.filter((r) => r.resourceType === 'Script');
  return {
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    lcpMs: Math.round(audit('largest-contentful-paint').numericValue ?? NaN),
    tbtMs: Math.round(audit('total-blocking-time').numericValue ?? NaN),
    cls: audit('cumulative-layout-shift').numericValue ?? NaN,
    fcpMs: Math.round(audit('first-contentful-paint').numericValue ?? NaN),
    jsKB: kb(scripts.reduce((sum, r) => sum + (r.transferSize ?? 0), 0)),
    jsFiles: scripts.length,
    benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
    finalUrl: lhr.finalDisplayedUrl,
    error: lhr.runtimeError?.code ?? audit('largest-contentful-paint').errorMessage,
  };
}

const dataDir = mkdtempSync(join(tmpdir(), 'fp-bench-web-'));
chmodSync(dataDir, 0o755);
const profileDir = mkdtempSync(join(tmpdir(), 'fp-bench-web-chromium-'));
let server;
let context;
const database = await benchDatabase('web');
let databaseUrl;
try {
  console.log('landing page initial JS (index.html entry and preloads):');
  let total = { raw: 0, gzip: 0, brotli: 0 };
  for (const f of landingInitialJs()) {
    console.log(`  ${f.file.padEnd(36)} raw ${kb(f.raw).padStart(7)} KB  gzip ${kb(f.gzip).padStart(6)} KB  brotli ${kb(f.brotli).padStart(6)} KB`);
    total = { raw: total.raw + f.raw, gzip: total.gzip + f.gzip, brotli: total.brotli + f.brotli };
  }
  console.log(`  ${'total'.padEnd(36)} raw ${kb(total.raw).padStart(7)} KB  gzip ${kb(total.gzip).padStart(6)} KB  brotli ${kb(total.brotli).padStart(6)} KB`);

  await database.start().then((url) => {
    databaseUrl = url;
  });
  server = await startServer(dataDir, { DATABASE_URL: databaseUrl });
  const debuggingPort = await freePort();
  // One persistent profile: Lighthouse opens its tabs in the default context, where the session
  // cookies of the sign-up below live (storage reset is off so they survive between runs).
  context = await chromium.launchPersistentContext(profileDir, {
    executablePath: CHROMIUM,
    headless: true,
    viewport: null,
    args: [`--remote-debugging-port=${debuggingPort}`, ...CHROMIUM_ARGS],
  });

  const pages = only('FP_BENCH_PAGES', PAGES, (p) => p.name);
  const forms = only('FP_BENCH_FORMS', FORMS, (f) => f);
  let signedIn = false;
  const email = `bench.web.${Date.now()}@example.test`;
  /** A new session for the bench user, its cookie kept by the profile Lighthouse uses. */
  const signIn = async (address) => {
    const tab = await context.newPage();
    await tab.goto(`${server.base}/`);
    const status = await tab.evaluate(async (body) => {
      const res = await fetch('/api/auth/login', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
      return res.status;
    }, { email: address, password: 'Bench-Web-Password-1' });
    await tab.close();
    if (status !== 200) throw new Error(`sign-in answered ${status}`);
  };
  for (const page of pages) {
    if (page.signedIn && !signedIn) {
      const tab = await context.newPage();
      await tab.goto(`${server.base}/`);
      const status = await tab.evaluate(async (address) => {
        localStorage.setItem('footprint.onboardingCompleted', 'true');
        const res = await fetch('/api/auth/signup', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ email: address, password: 'Bench-Web-Password-1' }),
        });
        return res.status;
      }, email);
      if (status !== 201) throw new Error(`sign-up answered ${status}`);
      await seedUser(databaseUrl, email);
      console.log(`signed in as a user with ${SEEDED_SCANS} scans and ${SEEDED_MONITORS} monitors`);
      await tab.close();
      signedIn = true;
    }
    for (const form of forms) {
      const runs = [];
      for (let run = 0; run < RUNS; run++) {
        let lhr;
        for (let attempt = 1; ; attempt++) {
          // Every run starts with an empty HTTP cache (storage reset is off, so Lighthouse keeps it).
          await clearHttpCache(context);
          const flags = { port: debuggingPort, output: 'json', logLevel: 'error', onlyCategories: ['performance'], disableStorageReset: true };
          const result = await lighthouse(`${server.base}${page.path}`, flags, form === 'desktop' ? desktopConfig : undefined);
          if (!result) throw new Error(`no Lighthouse result for ${page.path}`);
          lhr = result.lhr;
          // A signed-in run that ended on the sign-in page measured that page instead. On a busy
          // machine Lighthouse can leave a page while its session refresh is on the way: the
          // browser never stores the rotated cookie, the next page load presents the used one, and
          // the server revokes the session as copied. Sign in again and measure the run again, once.
          if (!page.signedIn || new URL(lhr.finalDisplayedUrl).pathname !== '/login' || attempt > 1) break;
          console.log(`  (${page.name} run ${run + 1} ended signed out; signed in again and measured again)`);
          await signIn(email);
        }
        runs.push(figures(lhr));
        if (process.env.FP_BENCH_LHR_DIR) writeFileSync(join(process.env.FP_BENCH_LHR_DIR, `${page.name}-${form}-${run + 1}.json`), JSON.stringify(lhr));
      }
      runs.sort((a, b) => a.score - b.score);
      const row = { page: page.name, form, ...runs[Math.floor(runs.length / 2)], initialKB: page.signedIn ? '' : kb(await initialJsOf(server.base, page.path)) };
      console.log(
        `${row.page.padEnd(10)} ${row.form.padEnd(8)} perf ${String(row.score).padStart(3)}  LCP ${String(row.lcpMs).padStart(5)} ms  ` +
          `TBT ${String(row.tbtMs).padStart(5)} ms  CLS ${row.cls.toFixed(3)}  FCP ${String(row.fcpMs).padStart(5)} ms  ` +
          `JS ${row.jsKB.padStart(6)} KB in ${row.jsFiles} files` +
          (row.initialKB ? ` (before the first render ${row.initialKB.padStart(5)} KB brotli)` : '') +
          `  benchmarkIndex ${row.benchmarkIndex}` +
          (RUNS > 1 ? `  (median of ${RUNS}: scores ${runs.map((r) => r.score).join(', ')})` : '') +
          (row.error ? `  error: ${row.error}` : '') +
          (new URL(row.finalUrl).pathname !== new URL(page.path, server.base).pathname ? `  (ended on ${new URL(row.finalUrl).pathname})` : ''),
      );
    }
  }
} finally {
  await context?.close().catch(() => undefined);
  await stopServer(server);
  await database.stop();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(profileDir, { recursive: true, force: true });
}
