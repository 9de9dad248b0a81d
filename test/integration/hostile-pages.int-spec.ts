import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { BROWSER_TEST_IDS } from '../../server/src/vocabulary/check.types';
import { BrowserAuditMetrics } from '../../server/src/browser-audit/browser-audit.metrics';
import { BROWSER_MESSAGES } from '../../server/src/browser-audit/browser-audit.service';
import { sampleGroup } from '../../server/src/browser-audit/browser-process-group.util';
import { ChromiumLauncher } from '../../server/src/browser-audit/chromium.launcher';
import { LEFTOVER_SLACK } from '../../server/src/browser-audit/rendered-audit.runner';
import { SSRF_MESSAGES } from '../../server/src/common/security/ssrf/url.policy';
import { AttackPages } from '../fakes/attack-pages';
import { createTestApp, TestApp } from '../support/test-app';

// Pages built to attack the audit (test/fakes/attack-pages.ts), scanned end to end by the app's own
// Chromium through its SSRF proxy. One app and one browser for the file. Each scan must end within
// its budget with an honest result: never a score as if the browser tests had run when they did not.
// How responsive the server stays during each attack is measured in test/bench, not asserted here.

interface Check {
  id: string;
  status: string;
  message?: string;
}
interface ScanBody {
  checks: Check[];
  privacyScore: number | null;
  coverage: { complete: boolean; scoreWithheld?: string };
  website?: { storage: { origin: string; local: string[] }[] };
}

const browserTests = (body: ScanBody) => body.checks.filter((c) => (BROWSER_TEST_IDS as readonly string[]).includes(c.id));

/** Chromium processes that are children of this test process's tree (none of another worktree's). */
function chromiumChildren(): number {
  try {
    const out = execFileSync('ps', ['-e', '-o', 'pid=,ppid=,comm='], { encoding: 'utf8' });
    const rows = out.trim().split('\n').map((line) => line.trim().split(/\s+/));
    const parents = new Map(rows.map(([pid, ppid]) => [pid, ppid]));
    const mine = (pid: string): boolean => {
      for (let p: string | undefined = pid, i = 0; p && p !== '1' && i < 50; p = parents.get(p), i++) if (p === String(process.pid)) return true;
      return false;
    };
    return rows.filter(([pid, , comm]) => /chrom/i.test(comm ?? '') && mine(pid)).length;
  } catch {
    return 0;
  }
}

/** Renderer processes in a browser's process group (their command line says --type=renderer). */
function renderers(group: number): number {
  let count = 0;
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
      if (stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2] !== String(group)) continue;
      if (readFileSync(`/proc/${pid}/cmdline`, 'latin1').includes('--type=renderer')) count += 1;
    } catch {
      // gone meanwhile
    }
  }
  return count;
}

describe('hostile pages', () => {
  const pages = new AttackPages();
  let t: TestApp;

  beforeAll(async () => {
    await pages.start();
    // 1 GB for the browser: two ordinary visits hold about 300 MB (four, when two scans run, about 600), a memory bomb passes it in seconds.
    t = await createTestApp({ ...pages.env(), VISITOR_SCANS_PER_HOUR: '1000', SCAN_CHECK_TIMEOUT_MS: '8000', BROWSER_MAX_MEMORY_MB: '1024' });
  }, 60_000);

  afterAll(async () => {
    await t?.close();
    await pages.close();
  });

  const scan = async (path: string): Promise<ScanBody> => (await t.http().post('/api/scans').send({ input: pages.url(path) }).expect(200)).body as ScanBody;

  it('stores and reads back NUL, lone surrogates and binary bodies: every browser test runs', async () => {
    const body = await scan('/nul');
    expect(browserTests(body).map((c) => c.status).filter((s) => s !== 'ok' && s !== 'partial')).toEqual([]);
    expect(body.coverage.scoreWithheld).toBeUndefined();
    expect(typeof body.privacyScore).toBe('number');
    const keys = body.website!.storage.flatMap((s) => s.local);
    expect(keys).toEqual(expect.arrayContaining(['x\uFFFD', 'half\uFFFD']));
  }, 40_000);

  it('keeps one page per visit whatever the page opens, and leaves no browser page behind', async () => {
    const body = await scan('/popups');
    expect(browserTests(body).every((c) => c.status === 'ok' || c.status === 'partial')).toBe(true);
    const website = body.checks.find((c) => c.id === 'website')!;
    // Blocked popups never open; any page that still does is closed at once and reported.
    if (/tried to open/.test(website.message ?? '')) expect(website.message).toMatch(/closed (it|them) at once/);
    // Chromium's own processes (browser, zygotes, GPU, network, storage) stay; no renderer per popup.
    expect(chromiumChildren()).toBeLessThan(15);
  }, 40_000);

  it('gives the page nothing to call on the server: no binding global, and calling every global forges no finding', async () => {
    const before = pages.reports.length;
    const body = await scan('/globals');
    expect(browserTests(body).every((c) => c.status === 'ok' || c.status === 'partial')).toBe(true);
    // The page's own account (both visits): it called its functions and found nothing that looks like a binding.
    const reports = pages.reports.slice(before).map((query) => new URLSearchParams(query));
    expect(reports.length).toBeGreaterThan(0);
    for (const report of reports) {
      expect(Number(report.get('called'))).toBeGreaterThan(100);
      expect(JSON.parse(report.get('found') ?? 'null')).toEqual([]);
    }
    // Its forged fingerprinting and key-logging records reached nothing.
    expect(JSON.stringify(body)).not.toContain('forged.example');
    await t.http().get('/api/health').expect(200);
  }, 40_000);

  it('ends a redirect chain longer than browsers follow, and a redirect loop, honestly and without a score', async () => {
    const bodies = await Promise.all([scan('/redirect-chain'), scan('/redirect-loop')]);
    for (const body of bodies) {
      expect(body.checks.find((c) => c.id === 'website')!.message).toContain(SSRF_MESSAGES.tooManyRedirects.slice(0, 30));
      expect(body.privacyScore).toBeNull();
    }
    await t.http().get('/api/health').expect(200);
  }, 40_000);

  it('refuses the requests of a visit beyond its cap, at the proxy too, holds its download budget, and says the capture is partial', async () => {
    pages.hits.delete('/r');
    const body = await scan('/request-flood');
    const website = body.checks.find((c) => c.id === 'website')!;
    if ((website.message ?? '').includes('kept the browser busy past the time')) {
      // On a busy machine the flood can hold the visit past its deadline: the browser is stopped and
      // the scan says so, with no score as if the browser tests had run.
      expect(body).toMatchObject({ privacyScore: null, coverage: { scoreWithheld: expect.any(String) } });
    } else {
      expect(JSON.stringify(body)).toContain('requests beyond the first 1,500');
      expect(JSON.stringify(body)).toContain('byte budget ran out');
    }
    // Two visits, each through its own proxy session that passes on at most 1,500 requests.
    expect(pages.hits.get('/r') ?? 0).toBeLessThanOrEqual(2 * 1_500);
    expect(pages.hits.get('/r') ?? 0).toBeLessThan(2 * 2_000);
  }, 40_000);

  it('caps what a page uploads, and says the capture is partial', async () => {
    const body = await scan('/upload-flood');
    const keyLogging = body.checks.find((c) => c.id === 'key-logging')!;
    if (keyLogging.status === 'partial') expect(keyLogging.message).toMatch(/byte budget ran out|bodies of \d+ requests/);
    // Never a score as if the tests had run when the flood kept them from it.
    else expect(body).toMatchObject({ privacyScore: null, coverage: { scoreWithheld: expect.any(String) } });
    await t.http().get('/api/health').expect(200);
  }, 40_000);

  it('refuses an answer stacked in more compression layers than browsers accept, without a score', async () => {
    const body = await scan('/gzip-stack');
    expect(body.checks.find((c) => c.id === 'website')!.message).toContain(SSRF_MESSAGES.tooManyCodings.slice(0, 30));
    expect(body.privacyScore).toBeNull();
  }, 40_000);

  /** The browser of the app's worker: its process group, and how many processes it started with. */
  const running = () => t.app.get(ChromiumLauncher).running();

  it('ends only the visit whose page allocates without end (main thread and workers): an ordinary scan beside it in the same browser still gets its score', async () => {
    const before = await running();
    // 640 MB for this browser (the watchdog takes the limit when a browser's first job starts):
    // the two scans' four visits hold about 600 MB without the bomb, which passes the rest in a
    // second or two even on a loaded machine, well before its deadline. The other tests keep the file's 1 GB.
    const limit = t.config.browserAudit.maxMemoryBytes;
    t.config.browserAudit.maxMemoryBytes = 640 * 1024 * 1024;
    let bomb: ScanBody;
    let plain: ScanBody;
    try {
      [bomb, plain] = await Promise.all([scan('/memory-bomb'), scan('/plain')]);
    } finally {
      t.config.browserAudit.maxMemoryBytes = limit;
    }
    // Honest: the bomb's browser tests did not run and there is no score. The reason names the
    // memory: the watchdog ended the bomb's renderers alone (the one holding the most memory each
    // time). Seen once in five runs at a load average of 17: the bomb starved its own page's load
    // past the deadline before it reached the limit, and the scan says that instead.
    expect(bomb).toMatchObject({ privacyScore: null, coverage: { scoreWithheld: expect.any(String) } });
    const bombWebsite = bomb.checks.find((c) => c.id === 'website')?.message ?? '';
    if (!bombWebsite.includes('did not finish loading in the browser in time')) expect(bombWebsite).toContain(BROWSER_MESSAGES.memoryVisit);
    // The ordinary page beside it ran to the end in the same browser and has its score.
    expect(browserTests(plain).map((c) => c.status).filter((s) => s !== 'ok' && s !== 'partial')).toEqual([]);
    expect(typeof plain.privacyScore).toBe('number');
    const after = await running();
    expect(after.group).toBe(before.group);
    // Nothing of the bomb is left: the idle browser holds its own processes and a spare renderer at most.
    expect((await sampleGroup(after.group)).processes).toBeLessThanOrEqual(after.ownProcesses + LEFTOVER_SLACK);
  }, 60_000);

  it('ends a page that spins every core (main thread and four workers) by its deadline, and leaves nothing of it running', async () => {
    // A shorter budget for this scan only (the same code path as 15 s, half the test time).
    const budget = t.config.browserAudit.timeoutMs;
    t.config.browserAudit.timeoutMs = 6_000;
    let body: ScanBody;
    try {
      body = await scan('/cpu-bomb');
    } finally {
      t.config.browserAudit.timeoutMs = budget;
    }
    // Whatever the page let the visit see, the browser tests either ran or say why not: never a score without them.
    const tests = browserTests(body);
    if (tests.some((c) => c.status === 'unavailable')) expect(body.privacyScore).toBeNull();
    await t.http().get('/api/health').expect(200);

    // The page's renderers (its workers are their threads) are gone when the scan answers: a
    // renderer that spins ignores the request to end, so the browser was killed if one stayed.
    // Either way the browser the next job gets holds its own processes and a spare renderer at most.
    const idle = await running();
    expect(renderers(idle.group)).toBeLessThanOrEqual(1);
    expect((await sampleGroup(idle.group)).processes).toBeLessThanOrEqual(idle.ownProcesses + LEFTOVER_SLACK);
  }, 60_000);

  // Also the ordinary scans after the memory and CPU bombs.
  it('gives slow pages a fair share of the browsers: another scan queued behind two of them still runs in a browser', async () => {
    const metrics = t.app.get(BrowserAuditMetrics);
    const shared = metrics.snapshot().jobsShared;
    const slow = [scan('/slow'), scan('/slow')];
    // Both browser contexts (BROWSER_CONCURRENCY 2) now hold a page that never finishes loading.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const plain = await scan('/plain');
    const slowBodies = await Promise.all(slow);
    // The plain scan waited for the browser the worker promised (its claim_by moved to the slow
    // jobs' shortened deadline plus the hard stop), however long the loaded machine took to free it.
    expect(JSON.stringify(plain)).not.toContain(BROWSER_MESSAGES.busy);
    expect(browserTests(plain).map((c) => c.status).filter((s) => s !== 'ok' && s !== 'partial')).toEqual([]);
    expect(typeof plain.privacyScore).toBe('number');
    // Because the worker ended both slow jobs at their fair share (without it they would hold the
    // browsers their whole budget and the plain scan would not be promised one in time).
    expect(metrics.snapshot().jobsShared - shared).toBeGreaterThanOrEqual(2);
    // The slow pages say so (partial, named), not as if they had run their course; on a loaded
    // machine a page can hold its visit past the hard stop, and then the browser was stopped, without a score.
    for (const body of slowBodies) {
      const message = body.checks.find((c) => c.id === 'website')?.message ?? '';
      if (message.includes('kept the browser busy past the time')) expect(body.privacyScore).toBeNull();
      else expect(message).toContain('fair share');
    }
    expect(chromiumChildren()).toBeLessThan(15);
  }, 60_000);
});
