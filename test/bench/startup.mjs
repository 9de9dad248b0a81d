// Startup, memory and bundle-size figures for the foundation (issue: warm start <= 3 s,
// app + PostgreSQL memory <= 250 MB, landing page initial JS <= 200 KB gzip).
// Prints numbers; asserts nothing. Needs `npm run build` first. Run: npm run bench
import { chmodSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { gzipSync } from 'node:zlib';
import { root, startServer, stopServer } from './bench-support.mjs';

function kib(path, field) {
  const text = readFileSync(path, 'utf8');
  const m = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(text);
  return m ? Number(m[1]) : 0;
}

function descendants(pid) {
  const all = readdirSync('/proc').filter((d) => /^\d+$/.test(d));
  const children = all.filter((p) => {
    try {
      return readFileSync(`/proc/${p}/stat`, 'utf8').split(') ')[1].split(' ')[1] === String(pid);
    } catch {
      return false;
    }
  });
  return children.flatMap((c) => [Number(c), ...descendants(Number(c))]);
}

function memory(pid) {
  const rss = (p) => kib(`/proc/${p}/status`, 'VmRSS');
  const pss = (p) => kib(`/proc/${p}/smaps_rollup`, 'Pss');
  const pg = descendants(pid).filter((p) => readFileSync(`/proc/${p}/cmdline`, 'utf8').includes('postgres'));
  return {
    appRssMB: rss(pid) / 1024,
    pgRssMB: pg.reduce((a, p) => a + rss(p), 0) / 1024,
    pgPssMB: pg.reduce((a, p) => a + pss(p), 0) / 1024,
    pgProcesses: pg.length,
  };
}

function landingJs() {
  const html = readFileSync(join(root, 'dist/client/index.html'), 'utf8');
  const files = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]);
  return files.map((f) => {
    const bytes = readFileSync(join(root, 'dist/client', f));
    return { file: f, rawKB: bytes.length / 1024, gzipKB: gzipSync(bytes, { level: 9 }).length / 1024 };
  });
}

const dataDir = mkdtempSync(join(tmpdir(), 'fp-bench-'));
chmodSync(dataDir, 0o755);
try {
  const cold = await startServer(dataDir);
  await sleep(500);
  const memCold = memory(cold.child.pid);
  await stopServer(cold);
  const warmRuns = [];
  let mem;
  for (let i = 0; i < 3; i++) {
    const warm = await startServer(dataDir);
    warmRuns.push(warm.readyMs);
    await sleep(500);
    mem = memory(warm.child.pid);
    await stopServer(warm);
  }
  const f = (n) => n.toFixed(0);
  console.log(`cold start to /api/ready (cluster created): ${f(cold.readyMs)} ms`);
  console.log(`warm start to /api/ready: ${warmRuns.map(f).join(' ms, ')} ms (median ${f(warmRuns.sort((a, b) => a - b)[1])} ms)`);
  console.log(`memory after cold start: app RSS ${memCold.appRssMB.toFixed(1)} MB, PostgreSQL RSS ${memCold.pgRssMB.toFixed(1)} MB (PSS ${memCold.pgPssMB.toFixed(1)} MB)`);
  console.log(
    `memory after warm start: app RSS ${mem.appRssMB.toFixed(1)} MB, PostgreSQL RSS ${mem.pgRssMB.toFixed(1)} MB over ${mem.pgProcesses} processes (PSS ${mem.pgPssMB.toFixed(1)} MB); total (app RSS + PG PSS) ${(mem.appRssMB + mem.pgPssMB).toFixed(1)} MB`,
  );
  const js = landingJs();
  for (const a of js) console.log(`landing asset ${a.file}: ${a.rawKB.toFixed(1)} KB raw, ${a.gzipKB.toFixed(1)} KB gzip`);
  const totalJs = js.filter((a) => a.file.endsWith('.js')).reduce((s, a) => s + a.gzipKB, 0);
  console.log(`landing page initial JS: ${totalJs.toFixed(1)} KB gzip`);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
