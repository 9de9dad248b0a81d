// TLS session reuse in SafeFetcher (issue 38, point 2): CPU spent by this process per HTTPS request,
// as the username check asks its sites. SITES names (one per site, all on 127.0.0.1, one certificate
// for them all, trusted for this run) are each asked ROUNDS times in turn: round 1 is a first scan
// (a full handshake per site), the later rounds are later scans of other handles. The fake HTTPS
// server runs in a child process, so its CPU is not counted here; it counts full and resumed
// handshakes (the TLS socket's isSessionReused()).
//
// Then keep-alive (issue 38, point 2): one host asked REPEATS times in a row, over a server that keeps
// the connection (SafeFetcher reuses it, pooled by name and pinned address) and over one that closes
// each connection (`Connection: close`: a new connection per request, TLS resumed), HTTPS and plain.
// With keep-alive, the later rounds above reuse the sites' kept connections too (within 4 s, at most
// 128 idle): no handshake at all.
//
// Node 22.19+ (tls.setDefaultCACertificates). BENCH_SOURCE_ROOT=<another checkout's root> runs that
// checkout's SafeFetcher (a "before" figure). Prints numbers; asserts nothing.
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import * as tls from 'node:tls';
import { require, requireTs, root } from './bench-support.mjs';

if (process.argv[2] === 'serve') {
  // The fake sites: one HTTPS server answering a small page, as a profile check's answer.
  const { createServer } = await import('node:https');
  const { createServer: createPlainServer } = await import('node:http');
  const [certificate] = await once(process, 'message');
  const counts = { full: 0, resumed: 0 };
  const page = (_req, res) => res.end('<html><body>profile of someone</body></html>');
  const server = createServer(certificate, page);
  server.on('secureConnection', (socket) => counts[socket.isSessionReused() ? 'resumed' : 'full']++);
  // The same page over plain HTTP: the cost of a request without TLS, the floor no TLS saving goes below.
  const plain = createPlainServer(page);
  // The same, closing each connection after its answer: no keep-alive possible.
  const closing = (req, res) => page(req, res.setHeader('Connection', 'close'));
  const serverClosing = createServer(certificate, closing);
  serverClosing.on('secureConnection', (socket) => counts[socket.isSessionReused() ? 'resumed' : 'full']++);
  const plainClosing = createPlainServer(closing);
  const all = [server, plain, serverClosing, plainClosing];
  await Promise.all(all.map((s) => new Promise((resolve) => s.listen(0, '127.0.0.1', resolve))));
  const [port, plainPort, closingPort, plainClosingPort] = all.map((s) => s.address().port);
  process.send({ port, plainPort, closingPort, plainClosingPort });
  process.on('message', (message) => {
    if (message === 'counts') {
      process.send({ ...counts });
      counts.full = counts.resumed = 0;
    }
  });
} else {
  const SITES = Number(process.env.BENCH_TLS_SITES ?? 100);
  const ROUNDS = Number(process.env.BENCH_TLS_ROUNDS ?? 4);
  const sourceRoot = process.env.BENCH_SOURCE_ROOT ?? root;
  const { selfSignedCertificate } = requireTs('test/fakes/websites.ts');
  // The first path that loads: a checkout from before issue 41's renames has the older file names.
  const server = (...paths) => {
    for (const path of paths) {
      try {
        return require(join(sourceRoot, path));
      } catch (err) {
        if (err.code !== 'MODULE_NOT_FOUND' || path === paths[paths.length - 1]) throw err;
      }
    }
  };
  const { loadConfig } = server('server/src/common/config/app.config.ts', 'server/src/common/config/app-config.ts');
  const { SafeFetcher } = server('server/src/common/security/ssrf/safe.fetcher.ts', 'server/src/common/security/ssrf/safe-fetcher.ts');

  const certificate = selfSignedCertificate(['*.tls-bench.test']);
  if (!certificate || !tls.setDefaultCACertificates) throw new Error('needs openssl and Node 22.19+ (tls.setDefaultCACertificates)');
  tls.setDefaultCACertificates([...tls.getCACertificates('default'), certificate.cert]);

  const child = fork(new URL(import.meta.url).pathname, ['serve'], { stdio: 'inherit' });
  child.send(certificate);
  const [{ port, plainPort, closingPort, plainClosingPort }] = await once(child, 'message');
  const REPEATS = Number(process.env.BENCH_REPEATS ?? 200);
  const counts = async () => {
    child.send('counts');
    return (await once(child, 'message'))[0];
  };
  const lookup = async () => [{ address: '127.0.0.1', family: 4 }];
  const config = loadConfig({ NODE_ENV: 'test', FETCH_ALLOWED_PORTS: `${port},${plainPort},${closingPort},${plainClosingPort}`, FETCH_ALLOWED_ADDRESSES: '127.0.0.1/32' });
  const fetcher = new SafeFetcher(config, lookup);
  const signal = new AbortController().signal;
  /** CPU ms per request of `count` requests made by `url(i)`, and the wall time per request. */
  const perRequest = async (url, count = SITES) => {
    const cpu = process.cpuUsage();
    const began = performance.now();
    for (let i = 0; i < count; i++) {
      const res = await fetcher.fetch(url(i), { signal });
      if (res.status !== 200) throw new Error(`status ${res.status}`);
    }
    const used = process.cpuUsage(cpu);
    return {
      text: `${((used.user + used.system) / 1000 / count).toFixed(2)} ms CPU per request (user ${(used.user / 1000 / count).toFixed(2)}, system ${(used.system / 1000 / count).toFixed(2)})`,
      wall: `${((performance.now() - began) / count).toFixed(2)} ms wall`,
    };
  };

  console.log(`${SITES} HTTPS sites on one loopback server (another process), each asked ${ROUNDS} times; SafeFetcher from ${sourceRoot}; Node ${process.version}`);
  // Warm-up on a name of its own (module loading, JIT), not counted.
  for (let i = 0; i < 20; i++) await fetcher.fetch(`https://warmup.tls-bench.test:${port}/`, { signal });
  await counts();
  for (let round = 1; round <= ROUNDS; round++) {
    const { text, wall } = await perRequest((site) => `https://site${site}.tls-bench.test:${port}/user/someone`);
    const handshakes = await counts();
    console.log(`  round ${round}: ${text}; ${wall}; handshakes: ${handshakes.full} full, ${handshakes.resumed} resumed`);
  }
  const { text, wall } = await perRequest((site) => `http://site${site}.tls-bench.test:${plainPort}/user/someone`);
  console.log(`  plain HTTP, for comparison: ${text}; ${wall}`);

  console.log(`one host asked ${REPEATS} times in a row:`);
  for (const [label, url] of [
    ['HTTPS, connection kept alive', `https://one.tls-bench.test:${port}/user/someone`],
    ['HTTPS, server closes each connection (TLS resumed)', `https://one.tls-bench.test:${closingPort}/user/someone`],
    ['plain HTTP, connection kept alive', `http://one.tls-bench.test:${plainPort}/user/someone`],
    ['plain HTTP, server closes each connection', `http://one.tls-bench.test:${plainClosingPort}/user/someone`],
  ]) {
    await fetcher.fetch(url, { signal }); // its first connection (and full handshake), not counted
    await counts();
    const { text, wall } = await perRequest(() => url, REPEATS);
    const handshakes = await counts();
    console.log(`  ${label}: ${text}; ${wall}${url.startsWith('https') ? `; handshakes: ${handshakes.full} full, ${handshakes.resumed} resumed` : ''}`);
  }
  fetcher.onModuleDestroy?.();
  child.kill();
}
