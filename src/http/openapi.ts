// The OpenAPI 3.1 document of `GET /v1/openapi.json`, generated from the same route table and zod
// schemas the server runs: query and path parameters from GET inputs, request bodies from
// POST/PATCH inputs, responses from outputs, plus the shared error, header and health parts.
import { z } from 'zod';
import type { OpDefinition } from '../ops/define-op.js';
import { DEFAULT_BODY_LIMIT } from './body.js';
import { shapeOf } from '../ops/input.js';
import { SHAPE_HEADER, type Route } from './routes.js';

type Json = Record<string, unknown>;

const schemas: Json = {};

/** JSON Schema of a zod type, with any `$defs` moved into components so refs resolve in the document. */
const jsonSchema = (t: z.ZodTypeAny, io: 'input' | 'output', prefix: string): Json => {
  const s = z.toJSONSchema(t, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as Json;
  delete s.$schema;
  const defs = s.$defs as Record<string, Json> | undefined;
  delete s.$defs;
  const text = JSON.stringify(s).replace(/"#\/\$defs\/([^"]+)"/g, (_m, name: string) => `"#/components/schemas/${prefix}_${name}"`);
  if (defs) {
    for (const [name, def] of Object.entries(defs)) {
      schemas[`${prefix}_${name}`] = JSON.parse(JSON.stringify(def).replace(/"#\/\$defs\/([^"]+)"/g, (_m, n: string) => `"#/components/schemas/${prefix}_${n}"`)) as Json;
    }
  }
  return JSON.parse(text) as Json;
};

const isOptional = (t: z.ZodTypeAny): boolean => t.safeParse(undefined).success;

const ref = (name: string): Json => ({ $ref: `#/components/responses/${name}` });

const rateHeaders = {
  'Request-Id': { $ref: '#/components/headers/Request-Id' },
  'RateLimit-Policy': { $ref: '#/components/headers/RateLimit-Policy' },
  RateLimit: { $ref: '#/components/headers/RateLimit' },
};

const pathParamsOf = (path: string): string[] => [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);

const operationFor = (route: Route, op: OpDefinition, earlier: OpDefinition | null): Json => {
  const pathParams = pathParamsOf(route.path);
  const shape = shapeOf(op.input) ?? {};
  const parameters: Json[] = pathParams.map((name) => ({
    name,
    in: 'path',
    required: true,
    schema: shape[name] ? jsonSchema(shape[name]!, 'input', op.name) : { type: 'string' },
    ...(shape[name]?.description ? { description: shape[name]!.description } : {}),
  }));
  let requestBody: Json | undefined;
  if (route.method === 'GET' || route.method === 'DELETE') {
    for (const [name, field] of Object.entries(shape)) {
      if (pathParams.includes(name)) continue;
      const schema = jsonSchema(field, 'input', op.name);
      parameters.push({
        name,
        in: 'query',
        required: !isOptional(field),
        schema,
        ...(schema.type === 'array' ? { style: 'form', explode: true } : {}),
        ...(field.description ? { description: field.description } : {}),
      });
    }
  } else {
    const body = jsonSchema(op.input, 'input', op.name);
    const props = body.properties as Json | undefined;
    for (const name of pathParams) delete props?.[name];
    if (Array.isArray(body.required)) body.required = (body.required as string[]).filter((n) => !pathParams.includes(n));
    // An upload route takes a multipart form whose file field is binary (src/http/multipart.ts).
    const upload = op.http?.upload;
    if (upload && props?.[upload]) props[upload] = { type: 'string', format: 'binary', description: 'The file (PNG, JPEG, GIF or WebP; at most 10 MB)' };
    requestBody = { required: true, content: { [upload ? 'multipart/form-data' : 'application/json']: { schema: body } } };
  }
  if (route.method !== 'GET') parameters.push({ $ref: '#/components/parameters/Idempotency-Key' });
  if (earlier) {
    parameters.push({
      name: SHAPE_HEADER,
      in: 'header',
      required: false,
      description: `Send \`${SHAPE_HEADER}: earlier\` for the earlier (spec §4.3) shape, answered by ${earlier.name}.`,
      schema: { type: 'string', enum: ['current', 'earlier'] },
    });
  }
  const out = jsonSchema(op.output, 'output', op.name);
  const okSchema = earlier ? { oneOf: [out, jsonSchema(earlier.output, 'output', earlier.name)] } : out;
  const ok = route.method === 'POST' && !op.readOnly ? '201' : '200';
  const responses: Json = {
    [ok]: {
      description: op.summary,
      headers: { ...rateHeaders, ...(route.method === 'GET' ? { ETag: { $ref: '#/components/headers/ETag' } } : {}) },
      content: {
        'application/json': { schema: okSchema },
        // A document operation answers the document itself in the media type asked for.
        ...Object.fromEntries(Object.keys(op.http?.documents ?? {}).filter((m) => m !== 'application/json').map((m) => [m, { schema: { type: 'string' } }])),
      },
    },
    '400': ref('BadRequest'),
    '401': ref('Unauthorized'),
    '403': ref('Forbidden'),
    '404': ref('NotFound'),
    '429': ref('RateLimited'),
    '500': ref('InternalError'),
  };
  if (route.method === 'GET') responses['304'] = { description: 'Not modified (If-None-Match matched the ETag); still counted against the limit.', headers: rateHeaders };
  else {
    responses['409'] = ref('Conflict');
    responses['413'] = ref('PayloadTooLarge');
  }
  return {
    operationId: route.alias ? `${op.name}_at${route.path.replace(/\W+/g, '_')}` : op.name,
    summary: op.summary,
    ...(op.description ? { description: op.description } : {}),
    tags: [op.http?.shape === 'earlier' ? 'earlier shape' : op.scope],
    'x-scope': op.scope,
    'x-meter': op.meter,
    security: [{ bearer: [] }],
    parameters,
    ...(requestBody ? { requestBody } : {}),
    responses,
  };
};

const errorResponse = (description: string, retry = false): Json => ({
  description,
  headers: { 'Request-Id': { $ref: '#/components/headers/Request-Id' }, ...(retry ? { 'Retry-After': { $ref: '#/components/headers/Retry-After' } } : {}) },
  content: { 'application/json': { schema: { oneOf: [{ $ref: '#/components/schemas/Error' }, { $ref: '#/components/schemas/EarlierError' }] } } },
});

const ERROR_SCHEMA: Json = {
  type: 'object',
  required: ['error', 'request_id'],
  properties: {
    error: {
      type: 'object',
      required: ['type', 'title', 'status', 'detail', 'instance', 'suggestion', 'retryable', 'retry_after'],
      properties: {
        type: { type: 'string' },
        title: { type: 'string' },
        status: { type: 'integer' },
        detail: { type: 'string' },
        instance: { type: ['string', 'null'] },
        suggestion: { type: ['string', 'null'] },
        retryable: { type: 'boolean' },
        retry_after: { type: ['integer', 'null'] },
        param: { type: 'string' },
      },
    },
    request_id: { type: 'string', pattern: '^req_' },
  },
};

const EARLIER_ERROR_SCHEMA: Json = {
  type: 'object',
  required: ['success', 'error'],
  properties: {
    success: { const: false },
    error: {
      type: 'object',
      required: ['code', 'message', 'details', 'request_id', 'documentation_url'],
      properties: {
        code: { type: 'string' },
        message: { type: 'string' },
        details: { type: 'object' },
        request_id: { type: 'string' },
        documentation_url: { type: 'string' },
      },
    },
  },
};

const DEP = { type: 'object', required: ['status'], properties: { status: { enum: ['ok', 'error'] }, latency_ms: { type: 'integer' } } };
/** Only with a read replica (`--read-url`): its lag against the primary, or why it is not read. */
const REPLICA = {
  ...DEP,
  properties: { ...DEP.properties, lag_ms: { type: 'integer' }, lag_bytes: { type: 'integer' }, reason: { type: 'string' } },
};
const READY = {
  type: 'object',
  required: ['status', 'service', 'uptime_ms', 'dependencies'],
  properties: {
    status: { enum: ['ok', 'degraded', 'unhealthy', 'shutting_down'] },
    service: { const: 'core-api' },
    uptime_ms: { type: 'integer' },
    dependencies: { type: 'object', required: ['database', 'cache', 'search'], properties: { database: DEP, cache: DEP, search: DEP, replica: REPLICA } },
  },
};
const LIVE = { type: 'object', required: ['status'], properties: { status: { const: 'ok' } } };

const healthPath = (summary: string, schema: Json, ready: boolean): Json => ({
  get: {
    operationId: summary.replace(/\W+/g, '_').toLowerCase(),
    summary,
    tags: ['health'],
    security: [],
    responses: {
      '200': { description: ready ? 'ok or degraded' : 'alive', content: { 'application/json': { schema } } },
      ...(ready ? { '503': { description: 'unhealthy or shutting_down', content: { 'application/json': { schema } } } } : {}),
    },
  },
});

export const buildOpenApi = (routes: readonly Route[]): Json => {
  for (const k of Object.keys(schemas)) delete schemas[k];
  const paths: Record<string, Json> = {
    '/v1/health': healthPath('Health', LIVE, false),
    '/health/live': healthPath('Liveness', LIVE, false),
    '/health/ready': healthPath('Readiness', READY, true),
    '/v1/openapi.json': {
      get: { operationId: 'openapi', summary: 'This document', tags: ['health'], security: [], responses: { '200': { description: 'OpenAPI 3.1 document', content: { 'application/json': { schema: { type: 'object' } } } } } },
    },
  };
  for (const route of routes) {
    const main = route.current ?? route.earlier!;
    const alt = route.current && route.earlier ? route.earlier : null;
    paths[route.path] = { ...paths[route.path], [route.method.toLowerCase()]: operationFor(route, main, alt) };
  }
  schemas.Error = ERROR_SCHEMA;
  schemas.EarlierError = EARLIER_ERROR_SCHEMA;
  return {
    openapi: '3.1.0',
    info: {
      title: 'tm trademark intelligence API',
      version: '1',
      description: `Generated from the operation registry. Errors follow spec §7; earlier-shape routes answer the earlier error body. Request bodies are limited to ${DEFAULT_BODY_LIMIT} bytes.`,
    },
    servers: [{ url: '/' }],
    security: [{ bearer: [] }],
    paths,
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'An API key, tmk_live_… or tmk_test_…' } },
      parameters: {
        'Idempotency-Key': {
          name: 'Idempotency-Key',
          in: 'header',
          required: true,
          description: 'Required on POST, PATCH and DELETE; scoped to the organization; kept 24 hours.',
          schema: { type: 'string', minLength: 1, maxLength: 257 },
        },
      },
      headers: {
        'Request-Id': { description: 'req_… id of this request; also in the request log.', schema: { type: 'string' } },
        'RateLimit-Policy': { description: '<limit>;w=<window seconds>, comma-separated per policy.', schema: { type: 'string' } },
        RateLimit: { description: 'remaining=<N>, reset=<seconds>', schema: { type: 'string' } },
        'Retry-After': { description: 'Seconds to wait.', schema: { type: 'integer' } },
        ETag: { description: 'Weak validator for If-None-Match.', schema: { type: 'string' } },
      },
      responses: {
        BadRequest: errorResponse('validation_error, id_type_mismatch, cursor_invalid, cursor_expired, unknown_parameter, too_complex or conflicting_params'),
        Unauthorized: errorResponse('Missing, malformed, expired or revoked credential'),
        Forbidden: errorResponse('The key lacks the required scope'),
        NotFound: errorResponse('No such resource or route'),
        Conflict: errorResponse('Idempotency-Key reused with a different body (conflict), or still in flight (idempotency_processing)', true),
        PayloadTooLarge: errorResponse('Request body over the size limit'),
        RateLimited: errorResponse('Rate limit or daily cap exceeded', true),
        InternalError: errorResponse('Server failure; no stack is ever included'),
      },
      schemas: { ...schemas },
    },
  };
};
