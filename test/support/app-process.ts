import { ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { TEST_SOURCE_DEFAULTS } from './source-defaults';
import { createTestDatabase, TestDatabase } from './test-database';

const ROOT = resolve(__dirname, '..', '..');
const SERVER_ENTRY = join(ROOT, 'dist', 'server', 'main.js');
const CLIENT_INDEX = join(ROOT, 'dist', 'client', 'index.html');
// A built server loads its modules in 2-3 s on an idle machine; on a busy 2-core CI runner with
// other test files in parallel it has taken over 17 s. The wait is a bound on a hang, not a target.
const READY_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 15_000;
// The tail kept of each stream: enough for a whole start-up at info level (every module logs its wiring).
const OUTPUT_LIMIT = 200_000;

export interface AppProcess {
  /** e.g. http://127.0.0.1:41234 (no trailing slash) */
  baseUrl: string;
  /** The app's own database, for a test that must set up state no route offers (a paid plan, say). */
  databaseUrl: string;
  /** The app's stdout and stderr so far (the tail of each), for failure messages. */
  output(): { stdout: string; stderr: string };
  /** SIGTERM, wait for the process to exit, then drop its database (not a shared one). */
  stop(): Promise<void>;
  /** SIGKILL (a crash: no shutdown hooks run) and wait for the process to exit; stop() still drops the database. */
  kill(): Promise<void>;
}

/** A free TCP port on 127.0.0.1 (there is a tiny race until the app binds it; the error would say so). */
async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      if (!address || typeof address === 'string') {
        server.close();
        reject(new Error('could not determine a free port'));
        return;
      }
      server.close(() => resolvePort(address.port));
    });
  });
}

function keepTail(buffer: string, chunk: Buffer | string): string {
  const next = buffer + chunk.toString();
  return next.length > OUTPUT_LIMIT ? next.slice(next.length - OUTPUT_LIMIT) : next;
}

function waitForExit(child: ChildProcess, timeoutMs: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolveExit) => {
    const timer = setTimeout(() => {
      child.off('exit', onExit);
      resolveExit(false);
    }, timeoutMs);
    const onExit = () => {
      clearTimeout(timer);
      resolveExit(true);
    };
    child.once('exit', onExit);
  });
}

/** The discard port: nothing listens there on the test machines, so connections are refused at once. */
const NO_SERVICE = 'http://127.0.0.1:9';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface AppProcessOptions {
  /** A database to share with other app processes (several instances); the caller drops it. */
  database?: TestDatabase;
}

/**
 * Starts the BUILT app (`node dist/server/main.js`; run `npm run build` first) on 127.0.0.1 with a
 * free port and a fresh database on the run's PostgreSQL, and waits until GET /api/ready answers 200.
 */
export async function startAppProcess(env: Record<string, string> = {}, options: AppProcessOptions = {}): Promise<AppProcess> {
  const missing = [SERVER_ENTRY, CLIENT_INDEX].filter((file) => !existsSync(file));
  if (missing.length > 0) {
    throw new Error(
      `The e2e tests run the built app, but ${missing.map((f) => f.slice(ROOT.length + 1)).join(' and ')} ` +
        `${missing.length > 1 ? 'are' : 'is'} missing. Run \`npm run build\` first.`,
    );
  }

  const shared = options.database;
  const database: TestDatabase = shared ?? (await createTestDatabase());
  const dropOwnDatabase = () => (shared ? Promise.resolve() : database.drop());
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let stdout = '';
  let stderr = '';

  const child = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      LOG_LEVEL: 'warn',
      // No test reaches a real outside service: unless a test points them at its fakes, the
      // analysis sources go to a closed local port and report themselves unavailable.
      HIBP_API_URL: NO_SERVICE,
      XPOSEDORNOT_API_URL: NO_SERVICE,
      ...TEST_SOURCE_DEFAULTS,
      PWNED_PASSWORDS_URL: NO_SERVICE,
      GRAVATAR_API_URL: NO_SERVICE,
      DNS_SERVERS: '127.0.0.1:9',
      // Website scans: only the discard port may be fetched, so a real site is refused before any lookup.
      FETCH_ALLOWED_PORTS: '9',
      // The username site list's download fails at once, as on a machine without Internet: the
      // built-in sites serve, and the check line says so.
      USERNAME_SITE_LIST_URL: `${NO_SERVICE}/wmn-data.json`,
      ...env,
      DATABASE_URL: database.url,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (stdout = keepTail(stdout, chunk)));
  child.stderr?.on('data', (chunk: Buffer) => (stderr = keepTail(stderr, chunk)));
  let spawnError: Error | undefined;
  child.on('error', (err) => (spawnError = err));

  const output = () => ({ stdout, stderr });
  const describeOutput = () =>
    `\n--- app stderr ---\n${stderr.trim() || '(empty)'}\n--- app stdout ---\n${stdout.trim() || '(empty)'}`;

  const stop = async () => {
    try {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        if (!(await waitForExit(child, STOP_TIMEOUT_MS))) {
          child.kill('SIGKILL');
          await waitForExit(child, 5_000);
        }
      }
    } finally {
      await dropOwnDatabase();
    }
  };

  const deadline = Date.now() + READY_TIMEOUT_MS;
  let lastProblem: string;
  for (;;) {
    if (spawnError || child.exitCode !== null || child.signalCode !== null) {
      await dropOwnDatabase().catch(() => undefined);
      throw new Error(
        `The app process ended before it was ready (${spawnError ? spawnError.message : `exit code ${child.exitCode}, signal ${child.signalCode}`}).${describeOutput()}`,
      );
    }
    try {
      const res = await fetch(`${baseUrl}/api/ready`, { signal: AbortSignal.timeout(2_000) });
      if (res.status === 200) break;
      lastProblem = `GET /api/ready answered ${res.status}: ${(await res.text()).slice(0, 300)}`;
    } catch (err) {
      lastProblem = `GET /api/ready failed: ${err instanceof Error ? err.message : String(err)}`;
    }
    if (Date.now() > deadline) {
      await stop().catch(() => undefined);
      throw new Error(
        `The app at ${baseUrl} was not ready within ${READY_TIMEOUT_MS / 1000} s (${lastProblem}).${describeOutput()}`,
      );
    }
    await sleep(100);
  }

  const kill = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await waitForExit(child, 5_000);
    }
  };

  return { baseUrl, databaseUrl: database.url, output, stop, kill };
}
