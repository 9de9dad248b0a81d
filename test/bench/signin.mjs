// Sign-in figures (issue: sign-in latency p50/p99 and sign-ins per second with 20 concurrent
// clients; the password hash cost). Prints numbers; asserts nothing. Needs `npm run build:server`.
// The server runs with its real rate limits: every request comes from its own address
// (X-Forwarded-For, trusted from loopback) and the sign-ins rotate over many accounts, so no limit
// is reached and nothing is switched off for the benchmark.
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { nextIp, percentile, require, root, startServer, stopServer } from './bench-support.mjs';

const { hashPassword, verifyPassword } = require(join(root, 'dist/server/auth/password.hasher.js'));

const ACCOUNTS = 100; // the per-account limit is 10 attempts per 15 minutes
const SEQUENTIAL = 200;
const CONCURRENCY = 20;
const CONCURRENT_SECONDS = 10;
const PASSWORD = 'bench-password-1';

async function post(base, path, body) {
  const began = performance.now();
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': nextIp() },
    body: JSON.stringify(body),
  });
  await res.arrayBuffer();
  return { status: res.status, ms: performance.now() - began };
}

async function inParallel(count, limit, task) {
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < count) await task(next++);
    }),
  );
}

const dataDir = mkdtempSync(join(tmpdir(), 'fp-bench-signin-'));
chmodSync(dataDir, 0o755);
let server;
try {
  // The hash alone, in this process.
  const hashTimes = [];
  const stored = await hashPassword(PASSWORD);
  for (let i = 0; i < 10; i++) {
    const began = performance.now();
    await verifyPassword(PASSWORD, stored);
    hashTimes.push(performance.now() - began);
  }

  server = await startServer(dataDir);
  const emails = Array.from({ length: ACCOUNTS }, (_, i) => `bench.${i}@example.test`);
  await inParallel(ACCOUNTS, 8, async (i) => {
    const res = await post(server.base, '/api/auth/signup', { email: emails[i], password: PASSWORD });
    if (res.status !== 201) throw new Error(`sign-up answered ${res.status}`);
  });
  await sleep(500); // let the verification emails (outbox rows) settle

  let attempt = 0;
  const signIn = async () => {
    const email = emails[attempt++ % ACCOUNTS];
    const res = await post(server.base, '/api/auth/login', { email, password: PASSWORD, rememberMe: false });
    if (res.status !== 200) throw new Error(`sign-in answered ${res.status}`);
    return res.ms;
  };

  for (let i = 0; i < 5; i++) await signIn(); // warm-up
  const sequential = [];
  for (let i = 0; i < SEQUENTIAL; i++) sequential.push(await signIn());

  const concurrent = [];
  const deadline = performance.now() + CONCURRENT_SECONDS * 1000;
  const began = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < deadline) concurrent.push(await signIn());
    }),
  );
  const elapsed = (performance.now() - began) / 1000;

  const f = (n) => n.toFixed(1);
  console.log(`cpus: ${availableParallelism()}`);
  console.log(`scrypt (N=2^15, r=8, p=1, 32 MiB) verify in-process: median ${f(percentile(hashTimes, 50))} ms`);
  console.log(`sign-in latency, sequential (${SEQUENTIAL}): p50 ${f(percentile(sequential, 50))} ms, p99 ${f(percentile(sequential, 99))} ms`);
  console.log(
    `sign-ins with ${CONCURRENCY} concurrent clients: ${concurrent.length} in ${f(elapsed)} s = ${f(concurrent.length / elapsed)} /s; ` +
      `latency p50 ${f(percentile(concurrent, 50))} ms, p99 ${f(percentile(concurrent, 99))} ms`,
  );
} finally {
  await stopServer(server);
  rmSync(dataDir, { recursive: true, force: true });
}
