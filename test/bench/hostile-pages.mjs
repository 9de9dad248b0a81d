// Hostile pages (issue 36), end to end through POST /api/scans on the built server against the
// attack pages of test/fakes/attack-pages.ts: per page, the server's /api/health latency p50 and p99
// during the attack over idle (ratio), the Chromium processes (count, RSS) at their peak and 10 s
// after the answer, the scan's duration and outcome; then the browser's user id, Seccomp and
// NoNewPrivs from /proc/PID/status, and whether its environment holds any of the server's settings.
// Chromium's processes are counted by descent from the server and by process group (so a process
// of a killed browser that outlived it would still be counted); RSS is summed VmRSS, "anon" the
// summed RssAnon the memory watchdog uses. FP_BENCH_PAGES=/memory-bomb,/cpu-bomb runs some pages
// only; the browser gets BROWSER_MAX_MEMORY_MB=${FP_BENCH_BROWSER_MB:-1024}.
// Prints numbers; asserts nothing. Needs `npm run build:server` and /usr/bin/chromium.
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { nextIp, percentile, requireTs, root, startServer, stopServer } from './bench-support.mjs';

if (!existsSync(join(root, 'dist/server/browser-audit/browser-audit.service.js'))) {
  console.log('hostile pages: skipped, run `npm run build:server` first');
  process.exit(0);
}
const { AttackPages, ATTACK_PAGES } = requireTs('test/fakes/attack-pages.ts');
const pages = await new AttackPages().start();
const PATHS = process.env.FP_BENCH_PAGES ? process.env.FP_BENCH_PAGES.split(',') : [...Object.keys(ATTACK_PAGES), '/gzip-stack'];
const BROWSER_MB = process.env.FP_BENCH_BROWSER_MB ?? '1024';
/** Process groups of every Chromium seen so far: a process still in one of them is counted even after its parent died. */
const groups = new Set();
const HEALTH_EVERY_MS = 50;
const AFTER_MS = 10_000;

/** Every process descending from the server, by pid: its command name, RSS and parent. */
function tree(rootPid) {
  const procs = new Map();
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      const comm = stat.slice(stat.indexOf('(') + 1, close);
      const fields = stat.slice(close + 2).split(' ');
      if (fields[0] === 'Z') continue;
      const ppid = Number(fields[1]);
      const pgid = Number(fields[2]);
      const rss = Number(readFileSync(`/proc/${pid}/statm`, 'utf8').split(' ')[1]) * 4096;
      procs.set(Number(pid), { comm, ppid, pgid, rss });
    } catch {
      // gone meanwhile
    }
  }
  const mine = new Set([rootPid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [pid, p] of procs) {
      if (!mine.has(pid) && mine.has(p.ppid)) {
        mine.add(pid);
        grew = true;
      }
    }
  }
  for (const pid of mine) if (pid !== rootPid && /chrom/i.test(procs.get(pid)?.comm ?? '')) groups.add(procs.get(pid).pgid);
  const chromium = [...procs.keys()].filter((pid) => pid !== rootPid && (groups.has(procs.get(pid).pgid) || (mine.has(pid) && /chrom/i.test(procs.get(pid).comm))));
  const anon = (pid) => {
    try {
      return Number(/^RssAnon:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;
    } catch {
      return 0;
    }
  };
  return {
    server: procs.get(rootPid)?.rss ?? 0,
    count: chromium.length,
    rss: chromium.reduce((sum, pid) => sum + (procs.get(pid)?.rss ?? 0), 0),
    anon: chromium.reduce((sum, pid) => sum + anon(pid), 0),
    pids: chromium,
  };
}

async function healthTimes(server, until) {
  const times = [];
  while (!until()) {
    const began = performance.now();
    await fetch(`${server.base}/api/health`).then((r) => r.arrayBuffer()).catch(() => undefined);
    times.push(performance.now() - began);
    await sleep(HEALTH_EVERY_MS);
  }
  return times;
}

const mb = (n) => `${(n / 1024 / 1024).toFixed(0)} MB`;
const dataDir = mkdtempSync(join(tmpdir(), 'fp-bench-hostile-'));
chmodSync(dataDir, 0o755);
let server;
try {
  server = await startServer(dataDir, { ...pages.env(), VISITOR_SCANS_PER_HOUR: '1000000', BROWSER_MAX_MEMORY_MB: BROWSER_MB });
  console.log(`BROWSER_MAX_MEMORY_MB=${BROWSER_MB}`);
  const scan = async (path) => {
    const began = performance.now();
    const res = await fetch(`${server.base}/api/scans`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': nextIp() }, body: JSON.stringify({ input: pages.url(path) }) });
    const body = await res.json();
    return { status: res.status, ms: performance.now() - began, body };
  };
  await scan('/globals'); // warm-up: starts Chromium
  let stop = false;
  const idle = await (async () => {
    const end = performance.now() + 5_000;
    return healthTimes(server, () => performance.now() > end);
  })();
  const idleP50 = percentile(idle, 50);
  const idleP99 = percentile(idle, 99);
  console.log(`idle health: p50 ${idleP50.toFixed(1)} ms, p99 ${idleP99.toFixed(1)} ms over ${idle.length} requests`);
  console.log('page | health p50 ratio | p99 ratio | chromium procs peak / +10 s | chromium RSS peak / +10 s | chromium anon peak / +10 s | server RSS peak | scan ms | HTTP | score | website check | browser tests | why not run');
  for (const path of PATHS) {
    stop = false;
    let peak = { count: 0, rss: 0, anon: 0, server: 0 };
    const sampler = setInterval(() => {
      const now = tree(server.child.pid);
      peak = { count: Math.max(peak.count, now.count), rss: Math.max(peak.rss, now.rss), anon: Math.max(peak.anon, now.anon), server: Math.max(peak.server, now.server) };
    }, 100);
    const health = healthTimes(server, () => stop);
    const result = await scan(path);
    stop = true;
    const during = await health;
    await sleep(AFTER_MS);
    clearInterval(sampler);
    const after = tree(server.child.pid);
    const checks = result.body.checks ?? [];
    const tests = checks.filter((c) => !['website', 'url-input', 'website-breaches'].includes(c.id)).map((c) => c.status);
    const counts = Object.entries(tests.reduce((acc, s) => ({ ...acc, [s]: (acc[s] ?? 0) + 1 }), {})).map(([s, n]) => `${n} ${s}`).join(', ');
    console.log(
      [
        path,
        `${(percentile(during, 50) / idleP50).toFixed(1)}×`,
        `${(percentile(during, 99) / idleP99).toFixed(1)}×`,
        `${peak.count} / ${after.count}`,
        `${mb(peak.rss)} / ${mb(after.rss)}`,
        `${mb(peak.anon)} / ${mb(after.anon)}`,
        mb(peak.server),
        result.ms.toFixed(0),
        result.status,
        result.body.privacyScore ?? 'none',
        checks.find((c) => c.id === 'website')?.status ?? '-',
        counts,
        [...new Set(checks.filter((c) => c.status === 'unavailable' && c.id !== 'website-breaches').map((c) => c.message))].join(' / ') || '-',
      ].join(' | '),
    );
  }
  // The browser process itself: who it runs as, its sandbox, its environment.
  const { pids } = tree(server.child.pid);
  const serverEnvNames = ['DATABASE_URL', 'JWT_SECRET', 'DATA_DIR', 'PUBLIC_URL', 'STRIPE_SECRET_KEY', 'SMTP_URL'];
  for (const pid of pids.slice(0, 40)) {
    try {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      const field = (name) => status.match(new RegExp(`^${name}:\\s*(.*)$`, 'm'))?.[1].split(/\s+/)[0];
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      const type = cmd.find((a) => a.startsWith('--type='))?.slice(7) ?? 'browser';
      const envNames = readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').map((e) => e.split('=')[0]).filter(Boolean);
      const leaked = envNames.filter((n) => serverEnvNames.includes(n) || /SECRET|PASSWORD|TOKEN|KEY/i.test(n));
      console.log(`chromium ${type}: uid ${field('Uid')}, Seccomp ${field('Seccomp')}, NoNewPrivs ${field('NoNewPrivs')}, environment ${envNames.length} names (${envNames.join(' ')}), server settings or secrets: ${leaked.length === 0 ? 'none' : leaked.join(' ')}`);
    } catch {
      // gone meanwhile
    }
  }
} finally {
  await stopServer(server);
  await pages.close();
  rmSync(dataDir, { recursive: true, force: true });
}
