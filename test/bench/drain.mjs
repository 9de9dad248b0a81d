// SIGTERM drain (issue 39): the built server with signed-in scans in flight (HIBP's fake answers
// after DRAIN_SOURCE_DELAY_MS) under keep-alive traffic (50 clients on a keep-alive
// agent, GET /api/plans), then SIGTERM. Prints the requests served after the signal, the requests cut (reset or never answered), the scans answered and
// cut, the exit code and how long the drain took; then starts the server again on the same data
// and prints the quota each cut scan left used (the promise: none). Asserts nothing.
// DRAIN_SOURCE_DELAY_MS (default 3000) against SHUTDOWN_TIMEOUT_MS (DRAIN_SHUTDOWN_TIMEOUT_MS,
// default 10000): a delay longer than the timeout shows the forced exit. LOAD_APP_ENTRY runs
// another build. Needs `npm run build:server`.
import { Agent, get as httpGet } from 'node:http';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { nextIp, requireTs, startServer, stopServer } from './bench-support.mjs';

const SOURCE_DELAY_MS = Number(process.env.DRAIN_SOURCE_DELAY_MS ?? 3000);
const SHUTDOWN_TIMEOUT_MS = Number(process.env.DRAIN_SHUTDOWN_TIMEOUT_MS ?? 10_000);
const SCANS = 20;

const { FakeHibp, sampleBreach } = requireTs('test/fakes/hibp.ts');
const { FakeGravatar } = requireTs('test/fakes/gravatar.ts');
const { FakeDnsServer } = requireTs('test/fakes/dns-server.ts');

async function post(base, path, body, headers = {}) {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': nextIp(), ...headers },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json().catch(() => undefined) };
}

const hibp = new FakeHibp();
const gravatar = new FakeGravatar();
const dns = new FakeDnsServer();
const dataDir = mkdtempSync(join(tmpdir(), 'fp-bench-drain-'));
chmodSync(dataDir, 0o755);
let server;
try {
  await Promise.all([hibp.start(), gravatar.start(), dns.start()]);
  const email = 'drain.person@drain.example';
  hibp.setBreaches(email, [sampleBreach()]);
  dns.set('drain.example', { MX: [{ exchange: 'mx.drain.example', priority: 10 }], TXT: [['v=spf1 -all']] });
  dns.set('_dmarc.drain.example', { TXT: [['v=DMARC1; p=reject']] });
  const env = { LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn', ...hibp.env, ...gravatar.env, ...dns.env, HIBP_RATE_LIMITS: '100000/second', BREACH_CACHE_TTL_SECONDS: '0', SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS) };
  server = await startServer(dataDir, env, process.env.LOAD_APP_ENTRY);

  const users = [];
  for (let i = 0; i < SCANS; i++) {
    const signup = await post(server.base, '/api/auth/signup', { email: `drain.${i}@example.test`, password: 'bench-password-1' });
    if (signup.status !== 201) throw new Error(`sign-up answered ${signup.status}`);
    users.push(signup.body.accessToken);
  }
  hibp.delayMs = SOURCE_DELAY_MS;

  // Keep-alive traffic: 50 clients, each sending its next request as soon as the last is answered,
  // on a keep-alive agent. A refused connection after the signal is the drain working (the port is
  // closed, the client goes elsewhere); a reset or a dropped answer is a request cut.
  let signalAt = Infinity;
  let stopTraffic = false;
  const traffic = { before: 0, after: 0, closeAfter: 0, refusedAfter: 0, resetNewAfter: 0, cutAfter: 0, cutBefore: 0 };
  const agent = new Agent({ keepAlive: true, maxSockets: 50 });
  const ask = () =>
    new Promise((resolve) => {
      const req = httpGet(`${server.base}/api/plans`, { agent }, (res) => {
        res.resume();
        res.on('end', () => {
          if (performance.now() > signalAt) {
            traffic.after++;
            if (res.headers.connection === 'close') traffic.closeAfter++;
          } else traffic.before++;
          resolve();
        });
        res.on('error', () => resolve());
      });
      req.on('error', (err) => {
        if (performance.now() <= signalAt) traffic.cutBefore++;
        else if (err.code === 'ECONNREFUSED') traffic.refusedAfter++;
        // A new connection still in the kernel's queue when the port closed: never reached the app.
        else if (!req.reusedSocket) traffic.resetNewAfter++;
        else traffic.cutAfter++;
        resolve();
      });
    });
  const clients = Array.from({ length: 50 }, async () => {
    while (!stopTraffic) {
      await ask();
      // Once refused, this client has gone to another instance.
      if (performance.now() > signalAt && traffic.refusedAfter > 0) await sleep(50);
    }
  });
  await sleep(1000);

  const scans = users.map((token) =>
    fetch(`${server.base}/api/scans`, { method: 'POST', headers: { 'Content-Type': 'application/json', authorization: `Bearer ${token}`, 'X-Forwarded-For': nextIp() }, body: JSON.stringify({ input: email }) }).then(
      async (res) => ({ status: res.status, ok: res.status === 200 && (await res.json().then(() => true, () => false)) }),
      (err) => ({ status: err.cause?.code ?? 'error', ok: false }),
    ),
  );
  await sleep(Math.min(1000, SOURCE_DELAY_MS / 2));
  const exited = new Promise((resolve) => server.child.on('exit', (code) => resolve(code)));
  signalAt = performance.now();
  server.child.kill('SIGTERM');
  const readyAfter = await fetch(`${server.base}/api/ready`).then((r) => r.status, () => 'refused');
  const code = await exited;
  const drainMs = performance.now() - signalAt;
  stopTraffic = true;
  await Promise.all(clients);
  agent.destroy();
  const results = await Promise.all(scans);
  const answered = results.filter((r) => r.ok).length;
  server = undefined;

  console.log(`scans in flight at the signal: ${SCANS} (source answers after ${SOURCE_DELAY_MS} ms; SHUTDOWN_TIMEOUT_MS ${SHUTDOWN_TIMEOUT_MS})`);
  console.log(`/api/ready right after the signal: ${readyAfter}`);
  console.log(`exit code ${code} after ${Math.round(drainMs)} ms`);
  console.log(
    `keep-alive requests: ${traffic.before} answered before the signal, ${traffic.after} after it (${traffic.closeAfter} of them with Connection: close); ` +
      `after it ${traffic.refusedAfter} new connections refused, ${traffic.resetNewAfter} new connections reset in the accept queue, ` +
      `${traffic.cutAfter} requests on open keep-alive connections reset or unanswered (${traffic.cutBefore} requests failed before it)`,
  );
  const counts = new Map();
  for (const r of results) counts.set(String(r.status), (counts.get(String(r.status)) ?? 0) + 1);
  const statuses = [...counts].map(([s, n]) => `${n}x${s}`).join(' ');
  console.log(`scans answered: ${answered}; cut: ${SCANS - answered} (${statuses})`);

  // The quota each scan left: started again on the same data.
  server = await startServer(dataDir, env, process.env.LOAD_APP_ENTRY);
  let usedWithAnswerLost = 0;
  let usedTotal = 0;
  for (let i = 0; i < SCANS; i++) {
    const login = await post(server.base, '/api/auth/login', { email: `drain.${i}@example.test`, password: 'bench-password-1', rememberMe: false });
    const usage = await fetch(`${server.base}/api/scans/usage`, { headers: { authorization: `Bearer ${login.body.accessToken}` } }).then((r) => r.json());
    usedTotal += usage.used;
    if (!results[i].ok && usage.used > 0) usedWithAnswerLost++;
  }
  console.log(`quota used: ${usedTotal} scans; used by a scan whose answer was cut: ${usedWithAnswerLost}`);
} finally {
  await stopServer(server);
  await Promise.all([hibp.close(), gravatar.close(), dns.close()]);
  rmSync(dataDir, { recursive: true, force: true });
}
