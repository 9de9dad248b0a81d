import { ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises';
import { Agent, get as httpGet } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

import { FakeDnsServer } from '../fakes/dns-server';
import { FakeHibp, sampleBreach } from '../fakes/hibp';

const MAIN = join(__dirname, '..', '..', 'dist', 'server', 'main.js');

interface Running {
  child: ChildProcess;
  port: number;
  output: () => string;
  exited: Promise<number | null>;
}

async function freePort(): Promise<number> {
  const { createServer } = await import('node:net');
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

/** Runs the built server exactly as `npm start` does, on the embedded database in dataDir. */
async function startServer(dataDir: string, extraEnv: Record<string, string> = {}): Promise<Running> {
  // The free port can be taken by another test file's server before this one binds it: try another.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startServerOnce(dataDir, extraEnv);
    } catch (err) {
      if (attempt === 3 || !String(err).includes('EADDRINUSE')) throw err;
    }
  }
}

async function startServerOnce(dataDir: string, extraEnv: Record<string, string>): Promise<Running> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info', ...extraEnv };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, [MAIN], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early (${child.exitCode}):\n${out}`);
    // Ready means this child said so: with files running side by side, another test's server can
    // take the port freePort found and answer /api/ready before this one has started.
    const ok = out.includes('Footprint is ready') && (await fetch(`http://127.0.0.1:${port}/api/ready`).then((r) => r.status === 200, () => false));
    if (ok) return { child, port, output: () => out, exited };
    await sleep(100);
  }
  child.kill('SIGKILL');
  throw new Error(`server not ready within 30 s:\n${out}`);
}

async function postmasterPid(dataDir: string): Promise<number | undefined> {
  const text = await readFile(join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').catch(() => '');
  const pid = Number.parseInt(text.split('\n')[0], 10);
  return Number.isInteger(pid) ? pid : undefined;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

const describeBuilt = existsSync(MAIN) ? describe : describe.skip;
if (!existsSync(MAIN)) console.warn(`lifecycle tests skipped: ${MAIN} is not built (run npm run build:server)`);

describeBuilt('the server process on its embedded PostgreSQL', () => {
  let dataDir: string;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    dataDir = await mkdtemp(join(process.env.FP_TEST_TMP ?? tmpdir(), 'fp-lifecycle-'));
    await chmod(dataDir, 0o755);
  });
  afterAll(async () => {
    for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
    const pid = await postmasterPid(dataDir);
    if (pid && alive(pid)) process.kill(pid, 'SIGQUIT');
    await sleep(200);
    await rm(dataDir, { recursive: true, force: true });
  });

  it('creates the database on first start, recovers from a kill -9, and shuts down gracefully', async () => {
    // 1. Cold start creates the cluster under DATA_DIR.
    const first = await startServer(dataDir);
    children.push(first.child);
    expect(existsSync(join(dataDir, 'postgres', 'PG_VERSION'))).toBe(true);
    const orphan = await postmasterPid(dataDir);
    expect(orphan).toBeDefined();

    // Personal data in a URL never reaches the logs.
    await fetch(`http://127.0.0.1:${first.port}/api/nothing?email=alice.secret%40example.com`);
    await sleep(300); // the request line is written when the response has finished

    // 2. kill -9 leaves PostgreSQL running as an orphan holding the data directory…
    first.child.kill('SIGKILL');
    await first.exited;
    expect(alive(orphan!)).toBe(true);
    expect(first.output()).not.toContain('alice.secret');
    const logLines = first.output().trim().split('\n').filter((l) => l.startsWith('{'));
    expect(logLines.length).toBeGreaterThan(3);
    for (const line of logLines) expect(() => JSON.parse(line)).not.toThrow();
    expect(logLines.some((l) => JSON.parse(l).req?.path === '/api/nothing')).toBe(true);

    // 3. …and the next start stops the orphan and comes up on the same data.
    const second = await startServer(dataDir);
    children.push(second.child);
    expect(alive(orphan!)).toBe(false);
    expect(second.output()).toContain('orphaned embedded PostgreSQL');
    const pid = await postmasterPid(dataDir);
    expect(pid).not.toBe(orphan);

    // 4. SIGTERM while a request is still arriving: that request is answered, then all stops.
    const socket = connect(second.port, '127.0.0.1');
    await new Promise((r) => socket.once('connect', r));
    let response = '';
    socket.on('data', (d) => (response += d));
    const body = JSON.stringify({ probe: true });
    socket.write(`POST /api/nothing HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body.slice(0, 5)}`);
    await sleep(200);
    second.child.kill('SIGTERM');
    await sleep(300);
    expect(second.child.exitCode).toBeNull(); // still waiting for the in-flight request
    socket.write(body.slice(5));
    await new Promise((r) => socket.once('close', r));
    expect(response).toMatch(/^HTTP\/1\.1 404/);
    expect(await second.exited).toBe(0);
    expect(alive(pid!)).toBe(false);
    expect(existsSync(join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
  }, 90_000);

  it('refuses to start with a clear message naming a bad variable', async () => {
    const child = spawn(process.execPath, [MAIN], {
      env: { ...process.env, PORT: 'eighty', LOG_LEVEL: 'loud', DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let err = '';
    child.stderr!.on('data', (d) => (err += d));
    const code = await new Promise((r) => child.on('exit', r));
    expect(code).toBe(78);
    expect(err).toContain('PORT must be a whole number');
    expect(err).toContain('LOG_LEVEL must be one of');
  });
});

describeBuilt('the server process under faults (issue 39)', () => {
  let dataDir: string;
  const children: ChildProcess[] = [];
  const hibp = new FakeHibp();
  const dns = new FakeDnsServer();
  const EMAIL = 'drain.person@drain.example';

  beforeAll(async () => {
    dataDir = await mkdtemp(join(process.env.FP_TEST_TMP ?? tmpdir(), 'fp-faults-'));
    await chmod(dataDir, 0o755);
    await Promise.all([hibp.start(), dns.start()]);
    hibp.setBreaches(EMAIL, [sampleBreach()]);
    dns.set('drain.example', { MX: [{ exchange: 'mx.drain.example', priority: 10 }], TXT: [['v=spf1 -all']] });
  });
  afterAll(async () => {
    for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
    const pid = await postmasterPid(dataDir);
    if (pid && alive(pid)) process.kill(pid, 'SIGQUIT');
    await Promise.all([hibp.close(), dns.close()]);
    await sleep(200);
    await rm(dataDir, { recursive: true, force: true });
  });

  const env = () => ({ ...hibp.env, ...dns.env, HIBP_RATE_LIMITS: '100000/second', BREACH_CACHE_TTL_SECONDS: '0', GRAVATAR_ENABLED: 'false' });

  it('on SIGTERM turns not-ready, answers the scans in flight and the keep-alive traffic, closes its connections and exits 0', async () => {
    const server = await startServer(dataDir, env());
    children.push(server.child);
    hibp.delayMs = 2_000;
    const base = `http://127.0.0.1:${server.port}`;

    // Keep-alive clients asking in a loop; each one stops once told Connection: close (it would go to another instance).
    const agent = new Agent({ keepAlive: true, maxSockets: 8 });
    let signalled = false;
    const seen = { after: 0, closeAfter: 0, errors: [] as string[] };
    const client = async () => {
      for (;;) {
        const res = await new Promise<{ connection?: string } | undefined>((resolve) => {
          const req = httpGet(`${base}/api/health`, { agent }, (r) => {
            r.resume();
            r.on('end', () => resolve({ connection: r.headers.connection }));
          });
          req.on('error', (err: NodeJS.ErrnoException) => {
            seen.errors.push(`${signalled ? 'after' : 'before'} ${err.code ?? err.message}`);
            resolve(undefined);
          });
        });
        if (!res) return;
        if (signalled) seen.after++;
        if (signalled && res.connection === 'close') {
          seen.closeAfter++;
          return;
        }
      }
    };
    const clients = Array.from({ length: 8 }, client);

    const scans = Array.from({ length: 4 }, () =>
      fetch(`${base}/api/scans`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ input: EMAIL }) }).then(
        async (r) => `${r.status} ${(await r.json().then((b: { checks?: unknown[] }) => Array.isArray(b.checks), () => false)) ? 'with checks' : 'no result'}`,
        (err: Error & { cause?: { code?: string } }) => `error ${err.cause?.code ?? err.message}`,
      ),
    );
    await sleep(700); // the scans are waiting for HIBP
    signalled = true;
    server.child.kill('SIGTERM');
    // The signal reaches the process a moment later (a loaded machine schedules it when it can): the
    // first answers after it must be not-ready. Asked every 50 ms, for at most 2 s.
    const readiness = () => fetch(`${base}/api/ready`, { headers: { connection: 'close' } }).then(async (r) => ({ status: r.status, body: (await r.json()) as { status: string } }));
    let ready = await readiness();
    for (let tries = 0; ready.status === 200 && tries < 40; tries++) {
      await sleep(50);
      ready = await readiness();
    }
    expect(ready).toEqual({ status: 503, body: expect.objectContaining({ status: 'draining' }) });

    expect(await Promise.all(scans)).toEqual(Array(4).fill('200 with checks'));
    await Promise.all(clients);
    agent.destroy();
    expect(await server.exited).toBe(0);
    expect(seen.errors).toEqual([]);
    expect(seen.closeAfter).toBe(8);
    expect(server.output()).toContain('HTTP drained');
    expect(server.output()).toContain('"msg":"stopped"');
  }, 90_000);

  it('starts its embedded PostgreSQL again when the postmaster dies, and stops the new one on SIGTERM', async () => {
    const server = await startServer(dataDir, env());
    children.push(server.child);
    const base = `http://127.0.0.1:${server.port}`;
    const first = await postmasterPid(dataDir);
    process.kill(first!, 'SIGKILL');
    // Fast 503s while it is down, then ready again without a restart of the app.
    let sawDown = false;
    const deadline = Date.now() + 60_000;
    for (;;) {
      const status = await fetch(`${base}/api/ready`).then((r) => r.status, () => 0);
      if (status === 503) sawDown = true;
      if (status === 200 && (sawDown || server.output().includes('started again'))) break;
      if (Date.now() > deadline) throw new Error(`not ready again within 60 s:\n${server.output()}`);
      await sleep(100);
    }
    expect(server.output()).toContain('embedded PostgreSQL exited unexpectedly');
    expect(server.output()).toContain('embedded PostgreSQL started again');
    const second = await postmasterPid(dataDir);
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
    expect((await fetch(`${base}/api/plans`)).status).toBe(200);

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('embedded PostgreSQL stopped');
    expect(alive(second!)).toBe(false);
    expect(existsSync(join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
  }, 120_000);
});
