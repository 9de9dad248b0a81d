import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FakeOidcProvider } from '../fakes/oidc-provider';
import { FakeStripeApi } from '../fakes/stripe-api';
import { CSRF, signUp, SignedUp } from '../support/auth';
import { createTestApp, TestApp } from '../support/test-app';

/**
 * Bad input never gets a 5xx. Generated from the committed openapi/openapi.json: every operation
 * that takes a JSON body (and every other POST, PUT, PATCH or DELETE, which must ignore or refuse
 * one) gets bodies of the wrong shape, wrong types in each documented property, huge values,
 * deep nesting and Unicode edge cases; every GET with query parameters gets them in each
 * parameter. Signed in, with the CSRF header, so the requests reach validation and beyond.
 */

interface Schema {
  $ref?: string;
  type?: string;
  format?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  allOf?: Schema[];
}
interface Operation {
  method: string;
  path: string;
  body?: Schema;
  query: string[];
}

const document = JSON.parse(readFileSync(join(__dirname, '..', '..', 'openapi', 'openapi.json'), 'utf8')) as {
  paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: Schema }> }; parameters?: { in: string; name: string }[] }>>;
  components: { schemas: Record<string, Schema> };
};

function resolve(schema: Schema | undefined): Schema | undefined {
  if (!schema) return undefined;
  if (schema.$ref) return resolve(document.components.schemas[schema.$ref.split('/').pop()!]);
  if (schema.allOf) return schema.allOf.map(resolve).reduce<Schema>((a, b) => ({ ...a, ...b, properties: { ...a.properties, ...b?.properties } }), {});
  return schema;
}

const operations: Operation[] = Object.entries(document.paths).flatMap(([path, methods]) =>
  Object.entries(methods)
    .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
    .map(([method, op]) => ({
      method,
      path,
      body: resolve(op.requestBody?.content['application/json']?.schema),
      query: (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
    }))
    .filter((op) => op.method !== 'get' || op.query.length > 0)
    // Multipart uploads are not JSON operations (the image check has its own fuzz test).
    .filter((op) => !(document.paths[op.path][op.method].requestBody && !op.body)),
);

/** A plausible value of a property, so the other properties' bad values are what gets judged. */
function plausible(name: string, schema: Schema | undefined): unknown {
  const s = resolve(schema);
  if (s?.enum?.length) return s.enum[0];
  switch (s?.type) {
    case 'integer':
    case 'number':
      return 1;
    case 'boolean':
      return true;
    case 'array':
      return [plausible(name, s.items)];
    case 'object':
      return Object.fromEntries(Object.entries(s.properties ?? {}).map(([k, v]) => [k, plausible(k, v)]));
    default:
      return /email/i.test(name) || s?.format === 'email' ? 'fuzz.person@example.test' : /password/i.test(name) ? 'not-the-password-1' : 'fuzz';
  }
}

const deep = (levels: number): unknown => {
  let value: unknown = 'bottom';
  for (let i = 0; i < levels; i++) value = i % 2 ? { x: value } : [value];
  return value;
};

/** Strings no client should send, and some every client may. */
const UNICODE_EDGES: Record<string, string> = {
  nul: 'a\u0000b',
  'lone high surrogate': 'a\uD800b',
  'lone low surrogate': '\uDFFFz',
  'surrogate at the end': 'x@example.test\uD83D',
  bom: '\uFEFFfuzz@example.test',
  'right-to-left override': 'gpj.\u202Eexe',
  'zero-width joiners': 'a\u200D\u200B\u2060b',
  'combining marks': `e${'\u0301'.repeat(5_000)}`,
  'NFKC expansion': '\uFDFA'.repeat(300),
  noncharacter: '\uFFFF\uFFFE',
  emoji: '🙂👩‍👩‍👧‍👦',
  'full-width @': 'fuzz\uFF20example.test',
  'control characters': '\u0001\u0007\u001B[31m\r\n',
  'percent and quotes': `%00%ED%A0%80'";--`,
};

const WRONG_TYPES: Record<string, unknown> = {
  number: 123,
  'negative number': -1,
  'huge number': 1e308,
  boolean: true,
  null: null,
  'empty array': [],
  'empty object': {},
  'nested arrays': [[['x']]],
  string: 'not-what-you-expected',
};

interface Case {
  label: string;
  body?: unknown;
  raw?: Buffer;
  query?: Record<string, string>;
}

function casesFor(op: Operation): Case[] {
  const cases: Case[] = [];
  if (op.method === 'get') {
    for (const name of op.query) {
      for (const [label, value] of Object.entries({ ...UNICODE_EDGES, huge: 'x'.repeat(50_000), negative: '-1', float: '1.5', exponent: '1e400' })) {
        cases.push({ label: `query ${name}: ${label}`, query: { [name]: value } });
      }
    }
    return cases;
  }
  const base = (op.body ? plausible('', op.body) : {}) as Record<string, unknown>;
  // The body as a whole.
  for (const [label, value] of Object.entries({ ...WRONG_TYPES, 'deep (3,000 levels)': deep(3_000), 'deep (40 levels)': deep(40) })) {
    cases.push({ label: `body: ${label}`, body: value });
  }
  cases.push({ label: 'body: not JSON', raw: Buffer.from('{"a": ') });
  cases.push({ label: 'body: invalid UTF-8 bytes', raw: Buffer.concat([Buffer.from('{"x":"'), Buffer.from([0xc3, 0x28, 0xed, 0xa0, 0x80, 0xff]), Buffer.from('"}')]) });
  cases.push({ label: 'body: JSON escape of a lone surrogate', raw: Buffer.from('{"email":"\\ud800@example.test","name":"\\udfff","input":"\\u0000"}') });
  cases.push({ label: 'body: over 100 KB', body: { ...base, padding: 'x'.repeat(150_000) } });
  cases.push({ label: 'body: unknown property', body: { ...base, isAdmin: true, __proto__x: 1 } });
  cases.push({ label: 'body: __proto__ key', raw: Buffer.from(`{"__proto__":{"polluted":true},"constructor":{"prototype":{"x":1}}}`) });
  // Each documented property.
  for (const [name, schema] of Object.entries(resolve(op.body)?.properties ?? {})) {
    for (const [label, value] of Object.entries(WRONG_TYPES)) cases.push({ label: `${name}: ${label}`, body: { ...base, [name]: value } });
    for (const [label, value] of Object.entries(UNICODE_EDGES)) cases.push({ label: `${name}: ${label}`, body: { ...base, [name]: value } });
    cases.push({ label: `${name}: huge string`, body: { ...base, [name]: 'x'.repeat(90_000) } });
    cases.push({ label: `${name}: deep value`, body: { ...base, [name]: deep(3_000) } });
    cases.push({ label: `${name}: long array`, body: { ...base, [name]: Array.from({ length: 10_000 }, (_, i) => `item${i}@example.test`) } });
    if (resolve(schema)?.type === 'object' || resolve(schema)?.type === 'array') {
      const inner = plausible(name, schema);
      const mutated = JSON.parse(JSON.stringify(inner, (_k, v) => (typeof v === 'string' ? UNICODE_EDGES['lone high surrogate'] : v)));
      cases.push({ label: `${name}: lone surrogates inside`, body: { ...base, [name]: mutated } });
    }
  }
  return cases;
}

const pathFor = (path: string) =>
  path.replace(/\{([^}]+)\}/g, (_m, name: string) => (name === 'prefix' ? 'ABCDE' : name === 'testName' ? 'pricing_test' : '5b0c64b6-6a43-4e0e-8a38-54a6f0c0a1f3'));

describe('bad input never answers 5xx (generated from openapi/openapi.json)', () => {
  // Payments and Google sign-in configured (against their fakes): an unconfigured one answers 503 by design.
  const stripe = new FakeStripeApi();
  const oidc = new FakeOidcProvider();
  let t: TestApp;
  let user: SignedUp;

  beforeAll(async () => {
    await Promise.all([stripe.start(), oidc.start()]);
    t = await createTestApp({
      ...stripe.env,
      ...oidc.env,
      FETCH_ALLOWED_PORTS: '9',
      HIBP_API_URL: 'http://127.0.0.1:9',
      PWNED_PASSWORDS_URL: 'http://127.0.0.1:9',
      GRAVATAR_API_URL: 'http://127.0.0.1:9',
      DNS_SERVERS: '127.0.0.1:9',
      SCAN_TIMEOUT_MS: '1000',
      SCAN_CHECK_TIMEOUT_MS: '1000',
      OPERATOR_TOKEN: 'o'.repeat(40),
    });
    user = await signUp(t);
  });
  afterAll(async () => {
    await t?.close();
    await Promise.all([stripe.stop(), oidc.stop()]);
  });

  it('covers every JSON operation of the document', () => {
    const withBodies = operations.filter((op) => op.body).map((op) => `${op.method} ${op.path}`);
    expect(withBodies).toEqual(expect.arrayContaining(['post /api/auth/signup', 'post /api/auth/tokens', 'post /api/scans', 'post /api/monitoring', 'post /api/analytics/track']));
    expect(withBodies.length).toBeGreaterThanOrEqual(15);
  });

  it('answers every bad request below 500', async () => {
    const serverErrors: string[] = [];
    const unshaped: string[] = [];
    let requests = 0;
    for (const op of operations) {
      for (const c of casesFor(op)) {
        const http = t.http();
        let req = http[op.method as 'post'](pathFor(op.path))
          .set(CSRF)
          .set('X-Forwarded-For', `203.0.113.${requests % 250}`)
          .auth(op.path === '/api/analytics/daily' ? 'o'.repeat(40) : user.accessToken, { type: 'bearer' });
        if (c.query) req = req.query(c.query);
        // The bytes as they are (superagent would JSON-encode a Buffer).
        if (c.raw) req = req.set('Content-Type', 'application/json').serialize((body: Buffer) => body as unknown as string).send(c.raw);
        else if (op.method !== 'get') req = req.set('Content-Type', 'application/json').send(JSON.stringify(c.body ?? null));
        const res = await req;
        requests += 1;
        if (res.status >= 500) serverErrors.push(`${op.method.toUpperCase()} ${op.path} [${c.label}] → ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
        // Each refusal is the usual error body (431, a URL too long for Node's HTTP parser, never reaches the app).
        if (res.status >= 400 && res.status !== 431 && (res.body?.statusCode !== res.status || typeof res.body?.error !== 'string')) {
          unshaped.push(`${op.method.toUpperCase()} ${op.path} [${c.label}] → ${res.status} ${res.text.slice(0, 200)}`);
        }
      }
    }
    process.stdout.write(`bad-input run: ${requests} requests to ${operations.length} operations, ${serverErrors.length} answered 5xx\n`);
    expect(serverErrors).toEqual([]);
    expect(unshaped).toEqual([]);
    expect(requests).toBeGreaterThan(1000);
  }, 300_000);

  it('names the field of a NUL or a lone surrogate, and refuses deep JSON, with 400', async () => {
    const tokens = await t.http().post('/api/auth/tokens').auth(user.accessToken, { type: 'bearer' }).send({ name: 'bad\u0000name' });
    expect(tokens.status).toBe(400);
    expect(tokens.body.error).toBe('name contains a character that is not allowed (a NUL character or a broken Unicode surrogate)');
    const reset = await t
      .http()
      .post('/api/auth/password-reset/request')
      .set('Content-Type', 'application/json')
      .send('{"email":"someone\\ud800@example.test"}');
    expect(reset.status).toBe(400);
    expect(reset.body.error).toBe('email contains a character that is not allowed (a NUL character or a broken Unicode surrogate)');
    const deepScan = await t.http().post('/api/scans').set('Content-Type', 'application/json').send(JSON.stringify({ input: deep(3_000) }));
    expect(deepScan.status).toBe(400);
    expect(deepScan.body.error).toBe('The request body is nested too deeply');
  });
});
