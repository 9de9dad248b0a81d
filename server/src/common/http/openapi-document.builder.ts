import type { OpenAPIObject, OperationObject, ParameterObject, ReferenceObject, RequestBodyObject, ResponseObject, SchemaObject } from '@nestjs/swagger';
import { RATE_LIMIT_HEADERS } from './rate-limit-headers.util';

/**
 * What the decorators cannot say once for all routes, added to the generated OpenAPI document:
 * the server (PUBLIC_URL), who may call each operation (`security: []` on public ones), the
 * RateLimit-* headers of rate-limited ones, the 403 of a read-only API token on writes, a request
 * example (curl) on every operation, the versioning policy, and small schema repairs. Pure: it
 * reads the document and returns a new one.
 */

export interface ApiDocumentSettings {
  /** PUBLIC_URL: the one server of this document. */
  publicUrl: string;
}

export const API_DESCRIPTION = `Privacy audits of email addresses, websites, social handles and images, for integrators.

**Authentication.** Send \`Authorization: Bearer <token>\` with a personal API token (create one on the account page or with \`POST /api/auth/tokens\`; \`fp_…\`, shown once) or an access token from sign-in. A token may be **read-only** (then only \`GET\` requests are accepted; anything else answers 403) and may **expire** (then it answers 401). Operations marked \`security: []\` are public; those listing an empty requirement (\`{}\`) beside the bearer scheme are open to visitors and give more to a signed-in caller. Account management (tokens, deletion, payments) needs a signed-in session, not an API token.

**Errors.** Every error answers \`{ statusCode, error, requestId }\`, \`error\` being the message to show a person; quote \`requestId\` (also the \`X-Request-Id\` header) when you report a problem.

**Rate limits.** Rate-limited operations send \`RateLimit-Limit\`, \`RateLimit-Remaining\` and \`RateLimit-Reset\` (seconds until the window resets; IETF draft "RateLimit header fields for HTTP") on every answer, describing the limit closest to running out (for a signed-in caller's \`POST /api/scans\`, the plan's monthly scans); past it they answer 429 with \`Retry-After\`. A busy server answers 503 with \`Retry-After\`, having done nothing.

**Pagination.** Every list takes \`page\` (from 1, default 1) and \`pageSize\` (its limit: 1 to 100, default 20) and answers that page's items, newest first, with \`total\` (items over all pages), \`page\` and \`pageSize\`. A page past the end is empty. The plan catalogue, a fixed list of four, is answered whole.

**Versioning.** \`/api\` is version 1 of this API. Within it, changes are additive only: new operations, new optional parameters and request fields, new response fields (ignore fields you do not know) and new enum values where the description says more may come. A breaking change (removing or renaming anything, changing a type or a meaning, making something required) goes to \`/api/v2\`, and \`/api\` keeps working beside it for at least six months after \`/api/v2\` is announced in the changelog. \`info.version\` is the server's release, not the API version.`;

/** Tags, in the order integrators meet them. */
const TAGS: { name: string; description: string }[] = [
  { name: 'scans', description: 'Privacy scans of an email address, a website or a social handle, the image metadata check, and the scan history.' },
  { name: 'passwords', description: 'The k-anonymous password exposure check: only a 5-character hash prefix is sent.' },
  { name: 'monitoring', description: 'Monitors that re-scan emails and handles on a schedule and alert on what is new.' },
  { name: 'reports', description: "The user's report (JSON, PDF, CSV)." },
  { name: 'dashboard', description: "The signed-in user's overview." },
  { name: 'auth', description: 'Accounts, sessions, email verification, password reset, API tokens, Google sign-in.' },
  { name: 'billing', description: 'Plans and card payments (Stripe).' },
  { name: 'analytics', description: 'First-party analytics events and the pricing A/B test.' },
  { name: 'site', description: 'Public facts about this server.' },
  { name: 'health', description: 'Liveness and readiness, for load balancers and orchestrators.' },
  { name: 'operations', description: 'For the operators of this server (OPERATOR_TOKEN).' },
];

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;
type Method = (typeof METHODS)[number];

const RATE_LIMIT_HEADER_OBJECTS = {
  [RATE_LIMIT_HEADERS.limit]: { description: 'Requests allowed in the current window of the limit closest to running out.', schema: { type: 'integer' } },
  [RATE_LIMIT_HEADERS.remaining]: { description: 'Requests left in that window.', schema: { type: 'integer' } },
  [RATE_LIMIT_HEADERS.reset]: { description: 'Seconds until that window resets.', schema: { type: 'integer' } },
};

const READ_ONLY_TOKEN = 'Called with a read-only API token: it may only read (GET).';

const isRef = (value: unknown): value is ReferenceObject => typeof value === 'object' && value !== null && '$ref' in value;

export function finishApiDocument(source: OpenAPIObject, settings: ApiDocumentSettings): OpenAPIObject {
  const document = structuredClone(source);
  const publicUrl = settings.publicUrl.replace(/\/+$/, '');
  document.info = {
    ...document.info,
    description: API_DESCRIPTION,
    termsOfService: `${publicUrl}/terms`,
    contact: { name: 'Footprint', url: `${publicUrl}/about` },
    license: { name: 'Proprietary: use of the API is subject to the Terms of Service', url: `${publicUrl}/terms` },
  };
  document.servers = [{ url: publicUrl, description: 'This Footprint server (its PUBLIC_URL).' }];
  const used = new Set(Object.values(document.paths).flatMap((item) => METHODS.flatMap((m) => (item[m] as OperationObject | undefined)?.tags ?? [])));
  document.tags = TAGS.filter((t) => used.has(t.name)).concat([...used].filter((name) => !TAGS.some((t) => t.name === name)).map((name) => ({ name, description: name })));

  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const operation = item[method] as OperationObject | undefined;
      if (!operation) continue;
      // No requirement declared: nobody needs credentials for it.
      operation.security ??= [];
      const responses = operation.responses as Record<string, ResponseObject>;
      if (responses['429']) {
        for (const [status, response] of Object.entries(responses)) {
          if (status === '429' || /^2\d\d$/.test(status)) response.headers = { ...RATE_LIMIT_HEADER_OBJECTS, ...(response.headers ?? {}) };
        }
      }
      const bearer = operation.security.some((requirement) => 'bearer' in requirement);
      if (bearer && method !== 'get' && method !== 'head') {
        const forbidden = responses['403'];
        if (!forbidden) responses['403'] = { description: READ_ONLY_TOKEN, content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBodyDto' } } } };
        else if (!forbidden.description.includes(READ_ONLY_TOKEN)) forbidden.description = `${forbidden.description} Or: ${READ_ONLY_TOKEN.charAt(0).toLowerCase()}${READ_ONLY_TOKEN.slice(1)}`;
      }
      const body = operation.requestBody as RequestBodyObject | undefined;
      const json = body?.content['application/json'];
      if (json && json.example === undefined && json.examples === undefined) {
        const example = exampleOf(json.schema, document);
        if (example !== undefined) json.example = example;
      }
      (operation as OperationObject & { 'x-codeSamples'?: unknown })['x-codeSamples'] = [{ lang: 'curl', label: 'curl', source: curlSample(method, path, operation, document, publicUrl) }];
    }
  }
  repairSchemas(document);
  return document;
}

function resolve(value: SchemaObject | ReferenceObject | undefined, document: OpenAPIObject): SchemaObject | undefined {
  if (!value) return undefined;
  if (!isRef(value)) return value;
  const name = value.$ref.replace('#/components/schemas/', '');
  return document.components?.schemas?.[name] as SchemaObject | undefined;
}

/** An example value built from the schema's own examples (required properties must have one). */
export function exampleOf(value: SchemaObject | ReferenceObject | undefined, document: OpenAPIObject, depth = 0): unknown {
  const schema = resolve(value, document);
  if (!schema || depth > 6) return undefined;
  if (schema.example !== undefined) return schema.example;
  if (schema.default !== undefined) return schema.default;
  if (schema.enum?.length) return schema.enum[0];
  if (schema.allOf?.length === 1) return exampleOf(schema.allOf[0], document, depth + 1);
  if (schema.type === 'array') {
    const item = exampleOf(schema.items, document, depth + 1);
    return item === undefined ? undefined : [item];
  }
  if (schema.type === 'object' || schema.properties) {
    const result: Record<string, unknown> = {};
    for (const [name, property] of Object.entries(schema.properties ?? {})) {
      const example = exampleOf(property, document, depth + 1);
      if (example !== undefined) result[name] = example;
      else if (schema.required?.includes(name)) return undefined;
    }
    return Object.keys(result).length > 0 || !schema.required?.length ? result : undefined;
  }
  return undefined;
}

/** A value for a parameter in a sample: its example, else one its schema allows. */
function parameterValue(parameter: ParameterObject, document: OpenAPIObject): string {
  const schema = resolve(parameter.schema, document);
  const value = parameter.example ?? exampleOf(parameter.schema, document);
  if (value !== undefined) return String(value);
  if (schema?.format === 'uuid') return '3f6d2a9e-5b1c-4e8f-9a7d-2c4b6e8f0a1d';
  return `<${parameter.name}>`;
}

const shellQuote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

/** A curl command for the operation, with its credentials, headers and an example body. */
export function curlSample(method: Method, path: string, operation: OperationObject, document: OpenAPIObject, publicUrl: string): string {
  const parameters = (operation.parameters ?? []).map((p) => (isRef(p) ? undefined : p)).filter((p): p is ParameterObject => p !== undefined);
  let url = path.replace(/\{([^}]+)\}/g, (_match, name: string) => {
    const parameter = parameters.find((p) => p.in === 'path' && p.name === name);
    return encodeURIComponent(parameter ? parameterValue(parameter, document) : `<${name}>`);
  });
  const query = parameters.filter((p) => p.in === 'query' && (p.required || p.example !== undefined || resolve(p.schema, document)?.example !== undefined));
  if (query.length > 0) url += `?${query.map((p) => `${encodeURIComponent(p.name)}=${encodeURIComponent(parameterValue(p, document))}`).join('&')}`;
  const lines = [`curl -X ${method.toUpperCase()} ${shellQuote(`${publicUrl}${url}`)}`];
  const security = operation.security ?? [];
  const schemes = new Set(security.flatMap((requirement) => Object.keys(requirement)));
  if (schemes.has('bearer')) lines.push(`-H "Authorization: Bearer $FOOTPRINT_TOKEN"`);
  if (schemes.has('operatorToken')) lines.push(`-H "Authorization: Bearer $OPERATOR_TOKEN"`);
  if (schemes.has('refreshCookie')) lines.push(`-b "fp_refresh=$FOOTPRINT_REFRESH"`);
  for (const header of parameters.filter((p) => p.in === 'header')) lines.push(`-H ${shellQuote(`${header.name}: ${parameterValue(header, document)}`)}`);
  const body = operation.requestBody as RequestBodyObject | undefined;
  if (body?.content['application/json']) {
    const example = body.content['application/json'].example ?? exampleOf(body.content['application/json'].schema, document) ?? {};
    lines.push(`-H 'Content-Type: application/json'`, `-d ${shellQuote(JSON.stringify(example))}`);
  } else if (body?.content['multipart/form-data']) {
    const schema = resolve(body.content['multipart/form-data'].schema, document);
    for (const name of Object.keys(schema?.properties ?? {})) lines.push(`-F ${shellQuote(`${name}=@photo.jpg`)}`);
  }
  return lines.join(' \\\n  ');
}

/**
 * OpenAPI 3.0 repairs of what the generator writes: `allOf` holding one schema and nothing else is
 * that schema; `nullable` needs a `type` beside it (the type its alternatives share).
 */
function repairSchemas(document: OpenAPIObject): void {
  const visit = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(visit);
    if (!node || typeof node !== 'object') return node;
    const schema = Object.fromEntries(Object.entries(node).map(([key, value]) => [key, visit(value)])) as SchemaObject & Record<string, unknown>;
    if (Array.isArray(schema.allOf) && schema.allOf.length === 1 && Object.keys(schema).length === 1) return schema.allOf[0];
    if (schema.nullable && !schema.type) {
      const members = schema.oneOf ?? schema.anyOf ?? schema.allOf ?? [];
      const types = new Set(members.map((m) => resolve(m as SchemaObject | ReferenceObject, document)?.type));
      if (types.size === 1 && [...types][0]) schema.type = [...types][0];
    }
    return schema;
  };
  document.paths = visit(document.paths) as OpenAPIObject['paths'];
  if (document.components?.schemas) document.components.schemas = visit(document.components.schemas) as Record<string, SchemaObject>;
}
