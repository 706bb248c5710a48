// GET /v1/openapi.json: an OpenAPI 3.1 document generated from the registry, validated by
// @readme/openapi-parser, covering every route the server answers; live responses of the
// running server are checked against the document's response schemas.
import { compileErrors, dereference, validate } from '@readme/openapi-parser';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATIONS } from '../../src/ops/registry.js';
import { startHttp, type HttpFixture } from './http-fixture.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- bodies are checked by the assertions, not by types
type Doc = { openapi: string; paths: Record<string, Record<string, any>> };

let f: HttpFixture;
let doc: Doc;
let deref: Doc;
const ajv = new AjvJsonSchemaValidator();

beforeAll(async () => {
  f = await startHttp();
  doc = (await (await fetch(`${f.url}/v1/openapi.json`)).json()) as Doc;
  deref = (await dereference(structuredClone(doc) as never)) as unknown as Doc;
});
afterAll(async () => f.close());

/** Validates a live response against the document's schema for that path, method and status. */
const conforms = async (path: string, method: string, res: Response): Promise<void> => {
  const op = deref.paths[path]?.[method.toLowerCase()];
  expect(op, `${method} ${path} is documented`).toBeDefined();
  const spec = op.responses[String(res.status)];
  expect(spec, `${method} ${path} documents status ${res.status}`).toBeDefined();
  if (res.status === 304) return;
  const schema = spec.content['application/json'].schema;
  const check = ajv.getValidator(schema)(await res.json());
  expect(check.errorMessage ?? null, `${method} ${path} ${res.status}`).toBe(null);
};

describe('OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    expect(doc.openapi).toBe('3.1.0');
    const result = await validate(structuredClone(doc) as never);
    expect(result.valid ? '' : compileErrors(result)).toBe('');
  });

  it('documents every registry route and the health routes', () => {
    for (const op of OPERATIONS) {
      if (!op.http || op.local) continue;
      for (const entry of [op.http.path, ...(op.http.aliases ?? [])]) {
        const [method, path] = entry.includes(' ') ? entry.split(/\s+/) as [string, string] : [op.http.method, entry];
        const documented = doc.paths[path]?.[method.toLowerCase()];
        expect(documented, `${method} ${path}`).toBeDefined();
        if (op.http.shape !== 'earlier' || documented.operationId === op.name) continue;
        expect(JSON.stringify(documented.parameters)).toContain('TM-Shape');
      }
    }
    for (const path of ['/v1/health', '/health/live', '/health/ready', '/v1/openapi.json']) expect(doc.paths[path]?.get).toBeDefined();
    expect(Object.values(doc.paths).flatMap((p) => Object.values(p)).every((o) => typeof o.operationId === 'string')).toBe(true);
  });

  it('requires Idempotency-Key on every POST, PATCH and DELETE', () => {
    for (const item of Object.values(deref.paths)) {
      for (const [method, op] of Object.entries(item)) {
        if (!['post', 'patch', 'delete'].includes(method)) continue;
        expect(op.parameters.some((p: { name: string; in: string; required: boolean }) => p.name === 'Idempotency-Key' && p.in === 'header' && p.required)).toBe(true);
      }
    }
  });
});

describe('live responses match the document', () => {
  const gets: [string, string][] = [
    ['/v1/trademarks/{id}', '/v1/trademarks/US:87310367'],
    ['/v1/trademarks/{id}', '/v1/trademarks/US:99999999'],
    ['/v1/trademarks/{id}/events', '/v1/trademarks/US:87310367/events?limit=3'],
    ['/v1/trademarks/{id}/assignments', '/v1/trademarks/US:87310367/assignments'],
    ['/v1/trademarks/{id}/proceedings', '/v1/trademarks/US:87310367/proceedings'],
    ['/v1/proceedings', '/v1/proceedings?kinds=opposition,cancellation&include_total=true'],
    ['/v1/proceedings/{id}', '/v1/proceedings/91000001'],
    ['/v1/owners/{id}/trademarks', '/v1/owners/own_29d08d73d164a218bad1/trademarks?include_total=true'],
    ['/v1/attorneys/{id}/trademarks', '/v1/attorneys/Jim%20H.%20Salter/trademarks'],
    ['/v1/attorneys', '/v1/attorneys?q=salter'],
    ['/v1/attorneys/{id}', '/v1/attorneys/Jim%20H.%20Salter'],
    ['/v1/firms', '/v1/firms?limit=5'],
    ['/v1/firms/{id}', '/v1/firms/Marks%20%26%20Clerk%20LLP'],
    ['/v1/offices/votes', '/v1/offices/votes'],
    ['/v1/analytics/composition', '/v1/analytics/composition?office=US'],
    ['/v1/analytics/renewals', '/v1/analytics/renewals?as_of_date=2026-11-22'],
    ['/v1/trademarks/{id}/documents', '/v1/trademarks/US:87310367/documents'],
    ['/v1/trademarks/{id}/citations', '/v1/trademarks/US:87310367/citations'],
    ['/v1/owners/search', '/v1/owners/search?q=tusimple'],
    ['/v1/owners/{owner_id}', '/v1/owners/own_29d08d73d164a218bad1'],
    ['/v1/search', '/v1/search?q=tusimple&threshold=0.1'],
    ['/v1/trademarks', '/v1/trademarks?q=tusimple&limit=2'],
    ['/v1/trademarks', '/v1/trademarks?offices[]=US'],
    ['/v1/usage', '/v1/usage'],
    ['/v1/usage/summary', '/v1/usage/summary?days=2'],
    ['/v1/organization', '/v1/organization'],
    ['/v1/logs', '/v1/logs?limit=5'],
    ['/v1/organization/api-keys', '/v1/organization/api-keys'],
    ['/v1/status-codes', '/v1/status-codes?office_code=US'],
    ['/v1/offices', '/v1/offices'],
    ['/v1/jurisdictions', '/v1/jurisdictions'],
    ['/health/ready', '/health/ready'],
  ];
  for (const [template, url] of gets) {
    it(`GET ${url}`, async () => conforms(template, 'GET', await f.call(url)));
  }

  it('GET with TM-Shape: earlier', async () => {
    const res = await f.call('/v1/trademarks/US:87310367', { headers: { 'TM-Shape': 'earlier' } });
    await conforms('/v1/trademarks/{id}', 'GET', res);
  });

  it('POST, PATCH and DELETE', async () => {
    await conforms('/v1/trademarks/batch', 'POST', await f.call('/v1/trademarks/batch', { method: 'POST', body: JSON.stringify({ items: ['US:87310367', 'US:1'] }) }));
    const created = await f.call('/v1/organization/api-keys', { method: 'POST', body: JSON.stringify({ scopes: ['trademarks:read'] }) });
    const key = (await created.clone().json()) as { id: string };
    await conforms('/v1/organization/api-keys', 'POST', created);
    await conforms('/v1/organization/api-keys/{id}', 'PATCH', await f.call(`/v1/organization/api-keys/${key.id}`, { method: 'PATCH', body: JSON.stringify({ name: 'renamed' }) }));
    await conforms('/v1/organization/api-keys/{id}', 'DELETE', await f.call(`/v1/organization/api-keys/${key.id}`, { method: 'DELETE' }));
    await conforms('/v1/feedback', 'POST', await f.call('/v1/feedback', { method: 'POST', body: JSON.stringify({ message: 'ok' }) }));
    await conforms('/v1/feedback', 'POST', await f.call('/v1/feedback', { method: 'POST', body: '{bad' }));
  });

  it('errors: 401 and 403', async () => {
    await conforms('/v1/usage', 'GET', await f.call('/v1/usage', { key: null }));
    await conforms('/v1/usage', 'GET', await f.call('/v1/usage', { key: f.orgA.read }));
  });
});
