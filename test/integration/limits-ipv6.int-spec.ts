import { awayFromWindowEdge, freshEmail } from '../support/auth';
import { createTestApp, TestApp } from '../support/test-app';

/**
 * Per-address limits count people, not addresses: every address of one IPv6 /64 is one client,
 * an IPv4-mapped IPv6 address is its IPv4 address. Client addresses come from X-Forwarded-For,
 * which the app trusts from loopback (TRUST_PROXY's default), as it would behind a proxy.
 */
describe('per-address limits and IPv6', () => {
  let t: TestApp;
  let network = 0;
  /** A /64 of the documentation range (this app has its own database, so its own counters); `host` picks an address in it. */
  const freshNetwork = () => {
    network += 1;
    const prefix = `2001:db8:1:${network.toString(16)}`;
    return (host: number) => `${prefix}:${((host * 7919) % 65536).toString(16)}:${host.toString(16)}:ab:${(host + 1).toString(16)}`;
  };
  let v4Counter = 0;
  const freshIpv4 = () => `198.51.100.${++v4Counter}`;

  beforeAll(async () => {
    t = await createTestApp({ VISITOR_SCANS_PER_HOUR: '4', FETCH_ALLOWED_PORTS: '9', SCAN_TIMEOUT_MS: '1500', SCAN_CHECK_TIMEOUT_MS: '1500' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const visitorScan = (ip: string) => t.http().post('/api/scans').set('X-Forwarded-For', ip).send({ input: 'https://shop.example.test/' });
  const login = (ip: string) => t.http().post('/api/auth/login').set('X-Forwarded-For', ip).send({ email: freshEmail('nobody'), password: 'not-the-password' });
  const resetRequest = (ip: string) => t.http().post('/api/auth/password-reset/request').set('X-Forwarded-For', ip).send({ email: freshEmail('reset') });

  it('limits visitor scans per /64: new addresses in the same network do not get more', async () => {
    await awayFromWindowEdge(3600);
    const host = freshNetwork();
    const statuses: number[] = [];
    for (let i = 1; i <= 6; i++) statuses.push((await visitorScan(host(i))).status);
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
    // Another /64 (even the next one) is another client.
    expect((await visitorScan(freshNetwork()(1))).status).toBe(200);
  });

  it('limits sign-in attempts per /64 (20 per 10 minutes), each from a new address', async () => {
    await awayFromWindowEdge(600);
    const host = freshNetwork();
    const statuses: number[] = [];
    for (let i = 1; i <= 22; i++) statuses.push((await login(host(i))).status);
    expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(20)).toEqual([429, 429]);
    expect((await login(freshNetwork()(1))).status).toBe(401);
  });

  it('counts ::ffff:a.b.c.d and a.b.c.d as one client', async () => {
    await awayFromWindowEdge(3600);
    const ip = freshIpv4();
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await resetRequest(i % 2 ? `::ffff:${ip}` : ip)).status);
    expect(statuses.every((s) => s === 202)).toBe(true);
    expect((await resetRequest(`::ffff:${ip}`)).status).toBe(429);
    expect((await resetRequest(ip)).status).toBe(429);
    // Written in hexadecimal, the mapped address is still the same client.
    const [a, b, c, d] = ip.split('.').map(Number);
    const hex = `::ffff:${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
    expect((await resetRequest(hex)).status).toBe(429);
    expect((await resetRequest(freshIpv4())).status).toBe(202);
  });
});
