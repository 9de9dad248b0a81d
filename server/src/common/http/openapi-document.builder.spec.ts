import type { OpenAPIObject } from '@nestjs/swagger';
import { API_DESCRIPTION, finishApiDocument } from './openapi-document.builder';

const ERROR = { $ref: '#/components/schemas/ErrorBodyDto' };
const json = (schema: object) => ({ content: { 'application/json': { schema } } });

function source(): OpenAPIObject {
  return {
    openapi: '3.0.0',
    info: { title: 'Footprint API', version: '1.2.3' },
    paths: {
      '/api/plans': { get: { operationId: 'listPlans', tags: ['billing'], responses: { '200': { description: 'ok' } } } },
      '/api/monitoring/{id}': {
        put: {
          operationId: 'updateMonitor',
          tags: ['monitoring'],
          security: [{ bearer: [] }],
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } }],
          requestBody: json({ $ref: '#/components/schemas/UpdateMonitorDto' }),
          responses: { '200': { description: 'ok' }, '401': { description: 'no', ...json(ERROR) } },
        },
      },
      '/api/scans': {
        post: {
          operationId: 'createScan',
          tags: ['scans'],
          security: [{ bearer: [] }, {}],
          requestBody: json({ type: 'object', required: ['input'], properties: { input: { type: 'string', example: 'jane@example.com' } } }),
          responses: { '200': { description: 'ok' }, '403': { description: 'Over the plan.' }, '429': { description: 'Too many', ...json(ERROR) } },
        },
      },
    },
    components: {
      schemas: {
        ErrorBodyDto: { type: 'object' },
        UpdateMonitorDto: { type: 'object', required: ['active'], properties: { active: { type: 'boolean', example: false } } },
        Wrapped: { type: 'object', properties: { only: { allOf: [{ $ref: '#/components/schemas/ErrorBodyDto' }] } } },
      },
    },
  } as OpenAPIObject;
}

describe('finishApiDocument', () => {
  const original = source();
  const document = finishApiDocument(original, { publicUrl: 'https://privacy.example.org/' });

  it('names PUBLIC_URL as the one server and carries the description with the versioning policy', () => {
    expect(document.servers).toEqual([{ url: 'https://privacy.example.org', description: expect.any(String) }]);
    expect(document.info.description).toBe(API_DESCRIPTION);
    expect(API_DESCRIPTION).toContain('`/api` is version 1');
    expect(API_DESCRIPTION).toContain('`/api/v2`');
  });

  it('marks operations without a requirement public (security: []) and keeps the others', () => {
    expect(document.paths['/api/plans'].get?.security).toEqual([]);
    expect(document.paths['/api/monitoring/{id}'].put?.security).toEqual([{ bearer: [] }]);
    expect(document.paths['/api/scans'].post?.security).toEqual([{ bearer: [] }, {}]);
  });

  it('documents the RateLimit headers on the answers of rate-limited operations only', () => {
    const scan = document.paths['/api/scans'].post!.responses as Record<string, { headers?: Record<string, unknown> }>;
    for (const status of ['200', '429']) expect(Object.keys(scan[status].headers ?? {})).toEqual(['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset']);
    expect(scan['403'].headers).toBeUndefined();
    const plans = document.paths['/api/plans'].get!.responses as Record<string, { headers?: unknown }>;
    expect(plans['200'].headers).toBeUndefined();
  });

  it("documents a read-only token's 403 on writes that take a bearer token", () => {
    const update = document.paths['/api/monitoring/{id}'].put!.responses as Record<string, { description: string }>;
    expect(update['403'].description).toBe('Called with a read-only API token: it may only read (GET).');
    const scan = document.paths['/api/scans'].post!.responses as Record<string, { description: string }>;
    expect(scan['403'].description).toBe('Over the plan. Or: called with a read-only API token: it may only read (GET).');
    expect(document.paths['/api/plans'].get!.responses['403']).toBeUndefined();
  });

  it('gives every operation a curl sample and every JSON body an example built from the schemas', () => {
    const update = document.paths['/api/monitoring/{id}'].put as unknown as Record<string, unknown> & { requestBody: { content: Record<string, { example?: unknown }> } };
    expect(update.requestBody.content['application/json'].example).toEqual({ active: false });
    expect(update['x-codeSamples']).toEqual([
      {
        lang: 'curl',
        label: 'curl',
        source: [
          "curl -X PUT 'https://privacy.example.org/api/monitoring/3f6d2a9e-5b1c-4e8f-9a7d-2c4b6e8f0a1d'",
          '  -H "Authorization: Bearer $FOOTPRINT_TOKEN"',
          "  -H 'Content-Type: application/json'",
          `  -d '{"active":false}'`,
        ].join(' \\\n'),
      },
    ]);
    const plans = document.paths['/api/plans'].get as unknown as Record<string, unknown>;
    expect(plans['x-codeSamples']).toEqual([{ lang: 'curl', label: 'curl', source: "curl -X GET 'https://privacy.example.org/api/plans'" }]);
  });

  it('unwraps a lone allOf, and leaves the source document as it was', () => {
    expect(document.components?.schemas?.Wrapped).toEqual({ type: 'object', properties: { only: { $ref: '#/components/schemas/ErrorBodyDto' } } });
    expect(original.servers).toBeUndefined();
    expect(original.paths['/api/plans'].get?.security).toBeUndefined();
  });
});
