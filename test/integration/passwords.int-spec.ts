import { createHash } from 'node:crypto';
import { FakeHibp } from '../fakes/hibp';
import { awayFromWindowEdge, freshIp } from '../support/auth';
import { captureLogs, createTestApp, TestApp } from '../support/test-app';

// The password exposure check's range proxy, end to end against the fake Pwned Passwords.

const RATE_LIMITED = 'Rate limit exceeded. Please try again later.';
const FAILED = 'Failed to check password';
const sha1 = (text: string) => createHash('sha1').update(text).digest('hex').toUpperCase();

describe('GET /api/passwords/range/{prefix}', () => {
  const fake = new FakeHibp();
  const logs = captureLogs();
  let t: TestApp;

  beforeAll(async () => {
    await fake.start();
    fake.addPassword('correct horse battery staple', 42);
    t = await createTestApp({ ...fake.env, SCAN_CHECK_TIMEOUT_MS: '1500', LOG_LEVEL: 'trace' }, { logger: logs.logger });
  });
  afterAll(async () => {
    await t?.close();
    await fake.close();
  });
  beforeEach(() => fake.resetBehaviour());

  const range = (prefix: string, ip = freshIp()) => t.http().get(`/api/passwords/range/${prefix}`).set('X-Forwarded-For', ip);

  it('passes the padded range through as text/plain, never cached', async () => {
    const hash = sha1('correct horse battery staple');
    const res = await range(hash.slice(0, 5).toLowerCase()).expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.headers['cache-control']).toBe('no-store');

    const lines = res.text.split('\r\n');
    expect(lines).toContain(`${hash.slice(5)}:42`);
    expect(lines.length).toBeGreaterThanOrEqual(300);
    expect(lines.filter((line) => /^[0-9A-F]{35}:0$/.test(line))).toHaveLength(lines.length - 1);

    const [request] = fake.requestsTo('range');
    expect(request.path).toBe(`/range/${hash.slice(0, 5)}`);
    expect(request.headers['add-padding']).toBe('true');
  });

  it('refuses anything but 5 hexadecimal characters, without asking upstream', async () => {
    for (const bad of ['ABCD', 'ABCDEF', 'ABCDG', 'AB%20CD', sha1('x')]) {
      const res = await range(bad).expect(400);
      expect(res.body).toMatchObject({ statusCode: 400, error: 'Invalid password hash prefix' });
    }
    expect(fake.requests).toHaveLength(0);
  });

  it('answers 429 with Retry-After when the range service rate-limits us', async () => {
    fake.failures.range = { kind: 'rate-limited', retryAfter: '9' };
    const res = await range('ABCDE').expect(429);
    expect(res.body.error).toBe(RATE_LIMITED);
    expect(res.headers['retry-after']).toBe('9');
  });

  it('answers 502 when the range service fails or answers nonsense, 504 when it does not answer', async () => {
    fake.failures.range = { kind: 'status', status: 500 };
    expect((await range('ABCDE').expect(502)).body.error).toBe(FAILED);
    fake.failures.range = { kind: 'malformed' };
    expect((await range('ABCDE').expect(502)).body.error).toBe(FAILED);
    fake.failures.range = { kind: 'hang' };
    const started = Date.now();
    expect((await range('ABCDE').expect(504)).body.error).toBe(FAILED);
    expect(Date.now() - started).toBeLessThan(5_000); // SCAN_CHECK_TIMEOUT_MS is 1500: it gave up, it did not wait for the fake
  });

  it('limits each IP address to 60 checks a minute', async () => {
    await awayFromWindowEdge(60);
    const ip = freshIp();
    for (let i = 0; i < 60; i++) await range('ABCDE', ip).expect(200);
    const limited = await range('ABCDE', ip).expect(429);
    expect(limited.body.error).toBe(RATE_LIMITED);
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(fake.requestsTo('range')).toHaveLength(60);
    await range('ABCDE', freshIp()).expect(200); // another address is not affected
  });

  it('never logs the prefix: the request line names the route template', async () => {
    const prefix = 'C0FFE';
    logs.lines.length = 0;
    await range(prefix).expect(200);
    await range(prefix.toLowerCase()).expect(200);
    await range(`${prefix}1`).expect(400);
    fake.failures.range = { kind: 'status', status: 500 };
    await range(prefix).expect(502);

    const requestLines = logs.entries().filter((entry) => entry.req !== undefined);
    expect(requestLines).toHaveLength(4);
    for (const entry of requestLines) expect((entry.req as { path: string }).path).toBe('/api/passwords/range/{prefix}');
    for (const line of logs.lines) expect(line.toUpperCase()).not.toContain(prefix);
  });

  it('is documented as getPasswordRange, answering text/plain', async () => {
    const doc = (await t.http().get('/api/docs-json').expect(200)).body;
    const operation = doc.paths['/api/passwords/range/{prefix}'].get;
    expect(operation.operationId).toBe('getPasswordRange');
    expect(operation.parameters).toEqual([expect.objectContaining({ name: 'prefix', in: 'path', required: true })]);
    expect(operation.responses['200'].content['text/plain'].schema).toMatchObject({ type: 'string' });
    for (const status of ['400', '429', '502', '504']) {
      // Errors are JSON even on this text route.
      expect(Object.keys(operation.responses[status].content)).toEqual(['application/json']);
      expect(operation.responses[status].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/ErrorBodyDto' });
    }
    expect(operation.responses['429'].headers).toHaveProperty('Retry-After');
  });
});
