// The MCP tool list is the registry: which operations are tools, their names, annotations, agent
// input schemas (enums, typed objects, no deprecated inputs) and descriptions said once.
import { describe, expect, it } from 'vitest';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { ToolSchema, type Tool } from '@modelcontextprotocol/sdk/types.js';
import { OPERATIONS } from '../../src/ops/registry.js';
import { buildTools, FORMER_TOOL_NAMES, isTool, toolLookup, toolsFor } from '../../src/mcp/tools.js';
import { DEFAULT_TOOLSETS, parseToolsets, TOOLSETS, toolsetOf } from '../../src/mcp/toolsets.js';
import { CHANNELS } from '../../src/search/params.js';
import { WATCH_TYPES } from '../../src/monitor/watch-query.js';

const tools = buildTools();
const byName = new Map(tools.map((t) => [t.name, t]));
const ajv = new AjvJsonSchemaValidator();
const tool = (name: string): Tool => byName.get(name)!;
const props = (t: Tool): Record<string, Record<string, unknown>> => (t.inputSchema.properties ?? {}) as Record<string, Record<string, unknown>>;

/** The names spec §4.6 gives (`signa_` served as `tm_`); every other tool is verb_noun. */
const MANDATED = [
  'tm_watches_create', 'tm_watches_update', 'tm_watches_delete', 'pause_watch', 'resume_watch', 'preview_watch',
  'get_watch_diagnostics', 'list_alerts_for_watch', 'lookup_alert', 'get_usage', 'get_usage_summary', 'get_account',
  'list_status_codes', 'search_trademarks',
];
const VERBS = ['get', 'list', 'search', 'suggest', 'compute', 'batch_get', 'reconcile', 'estimate', 'vote_for', 'withdraw', 'compare', 'classify', 'validate', 'create', 'rerun', 'decide', 'check'];

/** Every (sub)schema of a JSON Schema, for properties that hold anywhere in it. */
const walk = (s: unknown, visit: (node: Record<string, unknown>, key: string | null) => void, key: string | null = null): void => {
  if (Array.isArray(s)) return s.forEach((v) => walk(v, visit, key));
  if (s === null || typeof s !== 'object') return;
  const node = s as Record<string, unknown>;
  visit(node, key);
  for (const [k, v] of Object.entries(node)) {
    if (k === 'properties' && v && typeof v === 'object') for (const [p, sub] of Object.entries(v)) walk(sub, visit, p);
    else if (k !== 'enum' && k !== 'const' && k !== 'default') walk(v, visit, key);
  }
};

describe('MCP tools from the registry', () => {
  it('lists read operations and mcpTool writes; leaves out local, earlier-shape, calendar and covered operations', () => {
    const expected = OPERATIONS.filter(
      (op) => !op.local && !op.mcp?.coveredBy && (op.mcpTool === true || (op.readOnly && op.http?.shape !== 'earlier' && !op.http?.produces)),
    ).map((op) => op.name);
    expect([...byName.keys()].sort()).toEqual([...expected].sort());
    for (const name of ['get_deadlines_ics', 'get_portfolio_deadlines_ics', 'list_portfolio_deadlines', 'list_owner_trademarks']) expect(byName.has(name)).toBe(false);
  });

  it('names, for every operation left out as covered, a tool that is listed', () => {
    const covered = OPERATIONS.filter((op) => op.mcp?.coveredBy);
    expect(covered.length).toBeGreaterThan(0);
    for (const op of covered) expect(byName.has(op.mcp!.coveredBy!), `${op.name} → ${op.mcp!.coveredBy}`).toBe(true);
  });

  it('has one naming scheme: the spec names as given, verb_noun for the rest, no duplicates', () => {
    for (const name of MANDATED) expect(byName.has(name), name).toBe(true);
    for (const t of tools) {
      if (MANDATED.includes(t.name) || t.name.startsWith('tm_webhooks_')) continue;
      expect(VERBS.some((v) => t.name.startsWith(`${v}_`) && t.name.length > v.length + 1), t.name).toBe(true);
    }
    expect(byName.size).toBe(tools.length);
  });

  it('still runs a tool called by its former name, without listing it', () => {
    const lookup = toolLookup();
    for (const [former, current] of Object.entries(FORMER_TOOL_NAMES)) {
      expect(byName.has(former)).toBe(false);
      expect(lookup(former)?.name).toBe(current);
    }
    expect(lookup('no_such_tool')).toBeUndefined();
  });

  it('marks deletes and overwrites destructive, reads read-only, repeats idempotent', () => {
    for (const name of ['tm_watches_delete', 'tm_webhooks_delete', 'withdraw_office_vote']) {
      expect(tool(name).annotations, name).toMatchObject({ readOnlyHint: false, destructiveHint: true, idempotentHint: true });
    }
    for (const name of ['tm_watches_update', 'tm_webhooks_update', 'decide_screening_hit']) {
      expect(tool(name).annotations, name).toMatchObject({ readOnlyHint: false, destructiveHint: true, idempotentHint: true });
    }
    for (const name of ['pause_watch', 'resume_watch', 'vote_for_office']) {
      expect(tool(name).annotations, name).toMatchObject({ readOnlyHint: false, destructiveHint: false, idempotentHint: true });
    }
    for (const name of ['tm_watches_create', 'tm_webhooks_create', 'create_screening', 'rerun_screening']) {
      expect(tool(name).annotations, name).toMatchObject({ readOnlyHint: false, destructiveHint: false, idempotentHint: false });
    }
    expect(tool('tm_webhooks_test').annotations).toMatchObject({ readOnlyHint: false, destructiveHint: false, openWorldHint: true });
    for (const t of tools) {
      const op = OPERATIONS.find((o) => o.name === t.name)!;
      expect(Object.keys(t.annotations ?? {}).sort()).toEqual(['destructiveHint', 'idempotentHint', 'openWorldHint', 'readOnlyHint']);
      if (op.readOnly) expect(t.annotations, t.name).toMatchObject({ readOnlyHint: true, destructiveHint: false, idempotentHint: true });
      if (op.http?.method === 'DELETE') expect(t.annotations?.destructiveHint, t.name).toBe(true);
      if (t.name !== 'tm_webhooks_test') expect(t.annotations?.openWorldHint, t.name).toBe(false);
    }
  });

  it('shows allowed values as enums and the watch query as a typed object', () => {
    const search = props(tool('search_trademarks'));
    expect(search.similarity).toMatchObject({ type: 'array', items: { enum: [...CHANNELS] } });
    expect(search.status).toMatchObject({ type: 'array', items: { enum: ['pending', 'active', 'inactive', 'unknown', 'mixed'] } });
    expect(search.nice_classes).toMatchObject({ type: 'array', items: { type: 'integer', minimum: 1, maximum: 45 } });
    expect(search.sort?.enum).toContain('-filing_date');
    expect(search.limit).toMatchObject({ type: 'integer', maximum: 100 });
    expect(search.all).toEqual(expect.objectContaining({ type: 'boolean' }));
    expect(search.exclude).toMatchObject({ type: 'object', additionalProperties: false });
    for (const name of ['tm_watches_create', 'tm_watches_update', 'preview_watch']) {
      const p = props(tool(name));
      expect(p.watch_type, name).toMatchObject({ enum: [...WATCH_TYPES] });
      expect(p.query, name).toMatchObject({ type: 'object', additionalProperties: false });
      const query = p.query as { properties: Record<string, Record<string, unknown>> };
      expect(Object.keys(query.properties).sort()).toEqual(['filters', 'min_tier', 'q', 'similarity', 'version']);
      expect(query.properties.similarity).toMatchObject({ items: { enum: [...CHANNELS] } });
      expect(query.properties.min_tier?.enum).toEqual(['identical', 'near_identical', 'similar', 'related']);
      expect(query.properties.filters).toMatchObject({ type: 'object', additionalProperties: false, properties: { niceClasses: { type: 'array' } } });
      if (name === 'preview_watch') for (const key of ['name', 'trigger_events', 'metadata']) expect(p[key], key).toBeUndefined();
      else expect(p.trigger_events).toMatchObject({ items: { enum: expect.arrayContaining(['trademark.created']) } });
    }
    expect(props(tool('tm_webhooks_create')).enabled_events).toMatchObject({ items: { enum: ['alert.created', 'trademark.status_changed', 'office_action.issued'] } });
  });

  it('offers no deprecated input, no HTTP-only form, and no untyped string-or-array union', () => {
    const search = props(tool('search_trademarks'));
    for (const key of ['strategies', 'match', 'ranking_profile', 'query', 'filters', 'filing_date_gt', 'expiry_date_lt']) expect(search[key], key).toBeUndefined();
    expect(search.filing_date_gte).toMatchObject({ type: 'string' });
    for (const t of tools) {
      walk(t.inputSchema, (node, key) => {
        expect(String(node.description ?? ''), `${t.name}.${key}`).not.toMatch(/^deprecated/i);
        const anyOf = node.anyOf as Record<string, unknown>[] | undefined;
        if (anyOf) expect(anyOf.some((a) => a.type === 'array') && anyOf.some((a) => a.type === 'string'), `${t.name}.${key}`).toBe(false);
        expect(JSON.stringify(node.type), `${t.name}.${key}`).not.toBe('["number","string"]');
      });
    }
  });

  it('says what each tool does once: the operation description, no repeated boilerplate', () => {
    const seen = new Set<string>();
    for (const t of tools) {
      const op = OPERATIONS.find((o) => o.name === t.name)!;
      expect(t.description).toBe(op.description ?? op.summary);
      expect(seen.has(t.description!), t.name).toBe(false);
      seen.add(t.description!);
      const sentences = t.description!.split(/(?<=\.)\s+/);
      expect(new Set(sentences).size, t.name).toBe(sentences.length);
    }
  });

  it('puts every tool in exactly one toolset, and names no tool that is not served', () => {
    const named = Object.values(TOOLSETS).flat();
    expect(new Set(named).size).toBe(named.length);
    expect([...named].sort()).toEqual(tools.map((t) => t.name).sort());
    expect(parseToolsets(undefined)).toEqual(new Set(DEFAULT_TOOLSETS));
    expect(parseToolsets('all').size).toBe(Object.keys(TOOLSETS).length);
    expect(parseToolsets(' parties, records ')).toEqual(new Set(['parties', 'records']));
    expect(() => parseToolsets('parties,nope')).toThrow(/unknown toolset 'nope'/);
    for (const name of MANDATED) expect(DEFAULT_TOOLSETS, name).toContain(toolsetOf(name));
  });

  it('keeps the default tools/list without output schemas within 40 KB', () => {
    const every = new Set(['trademarks:read', 'events:read', 'portfolios:manage', 'api-keys:manage', 'billing:read'] as const);
    const listed = toolsFor(every).map(({ outputSchema: _o, ...rest }) => rest);
    expect(Buffer.byteLength(JSON.stringify({ tools: listed }))).toBeLessThanOrEqual(40 * 1024);
  });

  it('lists to a caller only the tools its scopes allow', () => {
    const all = new Set(Object.keys(TOOLSETS) as (keyof typeof TOOLSETS)[]);
    const read = toolsFor(new Set(['trademarks:read']), undefined, all);
    expect(read.length).toBeGreaterThan(0);
    for (const t of read) expect(OPERATIONS.find((o) => o.name === t.name)!.scope).toBe('trademarks:read');
    expect(read.some((t) => t.name === 'tm_watches_delete')).toBe(false);
    expect(toolsFor(new Set(), undefined, all)).toEqual([]);
    const everything = toolsFor(new Set(['trademarks:read', 'events:read', 'portfolios:manage', 'api-keys:manage', 'billing:read']), undefined, all);
    expect(everything.map((t) => t.name)).toEqual(tools.map((t) => t.name));
  });

  for (const t of tools) {
    describe(t.name, () => {
      it('is a valid MCP Tool whose schemas compile', () => {
        expect(ToolSchema.safeParse(t).success).toBe(true);
        expect(t.name).toMatch(/^[a-z0-9_]{1,64}$/);
        expect(isTool(OPERATIONS.find((o) => o.name === t.name)!)).toBe(true);
        expect(t.inputSchema.type).toBe('object');
        expect(() => ajv.getValidator(t.inputSchema as never)).not.toThrow();
        expect(() => ajv.getValidator(t.outputSchema as never)).not.toThrow();
      });

      it('accepts the spec §7 error body in its output schema', () => {
        const validate = ajv.getValidator(t.outputSchema as never);
        const body = {
          error: { type: 'not_found', title: 'Not found', status: 404, detail: 'No trademark US:1.', instance: `/mcp/tools/${t.name}`, suggestion: null, retryable: false, retry_after: null },
          request_id: 'req_1',
        };
        expect(validate(body).valid).toBe(true);
        expect(validate({ error: { type: 'not_a_slug' } }).valid).toBe(false);
      });
    });
  }
});
