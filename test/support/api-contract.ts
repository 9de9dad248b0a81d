import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type request from 'supertest';

/**
 * The committed OpenAPI document as a contract: each real answer is checked against the schema the
 * document gives for its operation, status and content type (ajv). Objects are closed (a property
 * the document does not declare fails), so the code can answer neither less nor more than it
 * documents. `covered()` says which operations got a documented success answer.
 */

type Json = Record<string, unknown>;
interface Operation {
  id: string;
  method: string;
  template: string;
  pattern: RegExp;
  responses: Record<string, { content?: Record<string, { schema?: Json }> }>;
  security?: unknown[];
}
export interface Recorded {
  operationId: string;
  status: number;
}

const DOCUMENT_PATH = join(__dirname, '../../openapi/openapi.json');

/**
 * The document's schemas as JSON Schema for ajv: every object schema with properties and no say
 * about others is closed, and OpenAPI 3.0's `nullable: true` becomes "null, or the schema".
 */
function asJsonSchema(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(asJsonSchema);
  if (node === null || typeof node !== 'object') return node;
  const out: Json = {};
  for (const [key, value] of Object.entries(node)) out[key] = key === 'example' || key === 'examples' ? value : asJsonSchema(value);
  if (out.properties && out.additionalProperties === undefined) out.additionalProperties = false;
  if (out.nullable === true) {
    const { nullable: _nullable, description, ...schema } = out;
    return { ...(description === undefined ? {} : { description }), anyOf: [{ type: 'null' }, schema] };
  }
  return out;
}

export class ApiContract {
  readonly document: Json;
  readonly operations: Operation[] = [];
  private readonly ajv: Ajv;
  private readonly validators = new Map<string, ValidateFunction>();
  private readonly seen: Recorded[] = [];

  constructor() {
    this.document = JSON.parse(readFileSync(DOCUMENT_PATH, 'utf8')) as Json;
    // `discriminator` with a mapping is not ajv's; the oneOf it annotates already picks exactly one
    // schema by `kind`.
    this.ajv = new Ajv({ strict: false, allErrors: true, discriminator: false });
    addFormats(this.ajv);
    this.ajv.addSchema(asJsonSchema({ components: this.document.components }) as Json, 'openapi');
    for (const [template, item] of Object.entries(this.document.paths as Record<string, Record<string, Json>>)) {
      for (const [method, op] of Object.entries(item)) {
        const pattern = new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`);
        this.operations.push({
          id: op.operationId as string,
          method: method.toUpperCase(),
          template,
          pattern,
          responses: op.responses as Operation['responses'],
          security: op.security as unknown[] | undefined,
        });
      }
    }
  }

  /** The schema of a component, for the parts of an answer the document describes in words (the event stream). */
  validateComponent(name: string, value: unknown, where: string): void {
    this.assertValid(this.validator(`component ${name}`, { $ref: `#/components/schemas/${name}` }), value, where);
  }

  /** Checks one answer and records it; throws with what does not match. */
  record(res: request.Response): Recorded {
    const req = (res as unknown as { req: { method: string; path: string } }).req;
    const path = req.path.split('?')[0];
    const op = this.operations.find((o) => o.method === req.method && o.pattern.test(path));
    if (!op) throw new Error(`${req.method} ${path} is not in the OpenAPI document`);
    const where = `${op.id} (${req.method} ${path}) answered ${res.status}`;
    const documented = op.responses[String(res.status)] ?? op.responses.default;
    if (!documented) throw new Error(`${where}: status not documented`);
    if (res.status >= 400 && !op.responses[String(res.status)] && !op.responses.default) throw new Error(`${where}: error status not documented`);

    const contentType = String(res.headers['content-type'] ?? '').split(';')[0].trim();
    const content = documented.content ?? {};
    const body = res.body as unknown;
    if (Object.keys(content).length === 0) {
      const empty = res.text === undefined || res.text === '' || (res.status >= 300 && res.status < 400);
      if (!empty) throw new Error(`${where}: a ${contentType || 'body'} answer where the document says no content`);
    } else {
      const media = content[contentType];
      if (!media) throw new Error(`${where}: content type ${contentType || '(none)'} is not one of ${Object.keys(content).join(', ')}`);
      if (contentType === 'application/json') {
        const pointer = `${op.template.replace(/~/g, '~0').replace(/\//g, '~1')}/${req.method.toLowerCase()}/responses/${documented === op.responses.default ? 'default' : res.status}`;
        this.assertValid(this.validator(pointer, media.schema ?? {}), body, where);
      } else if (res.text === undefined && !Buffer.isBuffer(body) && typeof body !== 'string') {
        throw new Error(`${where}: no ${contentType} body`);
      }
    }
    const recorded = { operationId: op.id, status: res.status };
    this.seen.push(recorded);
    return recorded;
  }

  /** Operations with at least one documented success answer (below 400), and those without. */
  coverage(): { covered: string[]; missing: string[] } {
    const ok = new Set(this.seen.filter((r) => r.status < 400).map((r) => r.operationId));
    return {
      covered: this.operations.filter((o) => ok.has(o.id)).map((o) => o.id),
      missing: this.operations.filter((o) => !ok.has(o.id)).map((o) => o.id),
    };
  }

  /** Every answer checked so far. */
  get recorded(): readonly Recorded[] {
    return this.seen;
  }

  private validator(key: string, schema: Json): ValidateFunction {
    let validate = this.validators.get(key);
    if (!validate) {
      // Refs point into the document's components, registered as 'openapi'.
      const rebased = JSON.parse(JSON.stringify(asJsonSchema(schema)).replace(/"#\/components\//g, '"openapi#/components/')) as Json;
      validate = this.ajv.compile(rebased);
      this.validators.set(key, validate);
    }
    return validate;
  }

  private assertValid(validate: ValidateFunction, value: unknown, where: string): void {
    if (validate(value)) return;
    const errors = (validate.errors ?? []).map((e) => `${e.instancePath || '(root)'} ${e.message}${e.params && 'additionalProperty' in e.params ? `: ${String(e.params.additionalProperty)}` : ''}`);
    throw new Error(`${where}: the answer does not match the document:\n  ${errors.slice(0, 10).join('\n  ')}\n${JSON.stringify(value).slice(0, 600)}`);
  }
}
