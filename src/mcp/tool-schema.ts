// JSON Schemas of MCP tools, converted from the operations' zod schemas. Input schemas are what an
// agent should send, not everything the HTTP form tolerates: a field registered with `forAgents`
// (src/core/agent-schema.ts) shows its typed form (enums, typed objects); `string | array` lists
// show as arrays, `"true"|boolean` as boolean; deprecated fields are left out (they still work).
import { z } from 'zod';
import { agentSchemaOf } from '../core/agent-schema.js';
import type { OpDefinition } from '../ops/define-op.js';
import { ToolErrorBody } from './tool-result.js';

export type JsonSchema = Record<string, unknown>;

const OMIT = 'x-tm-omit';
/** Paging inputs mean the same in every list; the server instructions explain them once. */
const PAGING = new Set(['limit', 'cursor', 'include_total']);
/** The CLI hides the same fields from --help (src/cli/flags.ts). */
const DEPRECATED = /^deprecated\b/i;
const ISO_DATE = '^\\d{4}-\\d{2}-\\d{2}$';

// Draft-07, as the SDK's own McpServer emits: the SDK client validates with a default (draft-07)
// ajv instance, which cannot resolve the 2020-12 meta-schema.
const convert = (schema: z.ZodTypeAny, io: 'input' | 'output', agent: boolean): JsonSchema =>
  z.toJSONSchema(schema, {
    target: 'draft-7',
    io,
    unrepresentable: 'any',
    override: agent
      ? (ctx) => {
          const entry = agentSchemaOf(ctx.zodSchema);
          if (entry === undefined) return;
          const json = ctx.jsonSchema as JsonSchema;
          const description = json.description;
          for (const key of Object.keys(json)) delete json[key];
          if (entry === null) json[OMIT] = true;
          else {
            const { $schema: _s, ...typed } = convert(entry, io, true);
            Object.assign(json, description === undefined ? {} : { description }, typed);
          }
        }
      : undefined,
  }) as JsonSchema;

const isObject = (v: unknown): v is JsonSchema => v !== null && typeof v === 'object' && !Array.isArray(v);

/** A comma list or repeated value (`string | array`): an agent sends the array. */
const listForm = (anyOf: unknown[]): JsonSchema | null => {
  if (anyOf.length !== 2) return null;
  const [a, b] = anyOf as JsonSchema[];
  if (a?.type === 'string' && b?.type === 'array' && Object.keys(a).length === 1) return b;
  if (a?.type === 'boolean' && b?.type === 'string' && JSON.stringify(b.enum) === '["true","false"]') return { type: 'boolean' };
  return null;
};

/** Rewrites one converted schema in place into its agent form (see the module comment). */
const simplify = (node: JsonSchema): JsonSchema => {
  let s = node;
  if (Array.isArray(s.anyOf)) {
    const form = listForm(s.anyOf);
    if (form) {
      const { anyOf: _a, ...rest } = s;
      s = { ...rest, ...form };
    }
  }
  // `number | string`: a number the query string carries as text. `string | number` list items:
  // codes and ids, which a query string may also carry as digits.
  const types = JSON.stringify(s.type);
  if (types === '["number","string"]') s.type = 'number';
  else if (types === '["string","number"]') s.type = 'string';
  if (typeof s.format === 'string') delete s.pattern;
  // Shorter spellings of the same constraint, and one an agent never needs (no empty ids).
  if (s.pattern === ISO_DATE) {
    delete s.pattern;
    s.format = 'date';
  }
  if (s.type === 'string' && s.minLength === 1) delete s.minLength;
  if (isObject(s.propertyNames) && s.propertyNames.type === 'string' && Object.keys(s.propertyNames).length === 1) delete s.propertyNames;
  // `{}` allows anything, as an absent keyword does.
  if (isObject(s.additionalProperties) && Object.keys(s.additionalProperties).length === 0) delete s.additionalProperties;
  if (isObject(s.properties)) {
    const kept: Record<string, JsonSchema> = {};
    for (const [key, value] of Object.entries(s.properties)) {
      if (!isObject(value) || value[OMIT] === true || (typeof value.description === 'string' && DEPRECATED.test(value.description))) continue;
      kept[key] = simplify(value);
      if (PAGING.has(key)) delete kept[key].description;
    }
    s.properties = kept;
    if (Array.isArray(s.required)) {
      const required = s.required.filter((k) => typeof k === 'string' && k in kept);
      if (required.length > 0) s.required = required;
      else delete s.required;
    }
  }
  if (isObject(s.items)) s.items = simplify(s.items);
  if (isObject(s.additionalProperties)) s.additionalProperties = simplify(s.additionalProperties);
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) if (Array.isArray(s[key])) s[key] = (s[key] as unknown[]).map((v) => (isObject(v) ? simplify(v) : v));
  return s;
};

/** The tool's input schema: an object, in its agent form, without `$schema` (draft-07 is the clients' default). */
export const inputSchemaFor = (op: OpDefinition): JsonSchema => {
  const { $schema: _s, ...schema } = convert(op.input, 'input', true);
  if (schema.type !== 'object') throw new Error(`operation ${op.name}: MCP tool input must be a zod object`);
  // The top level's `additionalProperties: false` tells an agent nothing the property list does
  // not; unknown arguments are refused with unknown_parameter all the same.
  const { additionalProperties: _a, ...top } = simplify(schema);
  return top;
};

/**
 * A tool result is either the operation's output or, with `isError`, the spec §7 error body.
 * Both go in `structuredContent`, and the SDK client (1.x, typescript-sdk issue #1943) validates
 * error results against `outputSchema` too, so the schema admits both shapes.
 */
export const outputSchemaFor = (op: OpDefinition): JsonSchema => {
  const { $schema, definitions: okDefs, ...ok } = convert(op.output, 'output', false);
  const { $schema: _e, definitions: errDefs, ...err } = convert(ToolErrorBody, 'output', false);
  const definitions = { ...(okDefs as JsonSchema | undefined), ...(errDefs as JsonSchema | undefined) };
  return {
    $schema,
    type: 'object',
    anyOf: [ok, err],
    ...(Object.keys(definitions).length > 0 ? { definitions } : {}),
  };
};
