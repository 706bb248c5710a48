// MCP tool definitions generated from the operation registry: every read-only operation is one
// tool, with JSON Schemas converted from its zod input and output, and annotations.
import { z } from 'zod';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { OpDefinition } from '../ops/define-op.js';
import { OPERATIONS } from '../ops/registry.js';
import { ToolErrorBody } from './tool-result.js';

type JsonSchema = Record<string, unknown>;

/**
 * The operations that are MCP tools: every read-only one, except CLI-only administration and the
 * earlier-shape REST routes, which repeat current operations in an older shape and would give an
 * agent two tools for one question. Write tools arrive with monitoring; an operation with
 * `mcpTool` (clearance: screenings, listing checks, classification) is a tool regardless.
 */
export const isTool = (op: OpDefinition): boolean => !op.local && (op.mcpTool === true || (op.readOnly && op.http?.shape !== 'earlier'));

export const toolOperations = (ops: readonly OpDefinition[] = OPERATIONS): OpDefinition[] => ops.filter(isTool);

// Draft-07, as the SDK's own McpServer emits: the SDK client validates with a default (draft-07)
// ajv instance, which cannot resolve the 2020-12 meta-schema.
const toJsonSchema = (schema: z.ZodTypeAny, io: 'input' | 'output'): JsonSchema =>
  z.toJSONSchema(schema, { target: 'draft-7', io, unrepresentable: 'any' }) as JsonSchema;

const objectInputSchema = (op: OpDefinition): JsonSchema => {
  const schema = toJsonSchema(op.input, 'input');
  if (schema.type !== 'object') throw new Error(`operation ${op.name}: MCP tool input must be a zod object`);
  return schema;
};

/**
 * A tool result is either the operation's output or, with `isError`, the spec §7 error body.
 * Both go in `structuredContent`, and the SDK client (1.x, typescript-sdk issue #1943) validates
 * error results against `outputSchema` too, so the schema admits both shapes.
 */
const outputSchemaFor = (op: OpDefinition): JsonSchema => {
  const { $schema, definitions: okDefs, ...ok } = toJsonSchema(op.output, 'output');
  const { $schema: _e, definitions: errDefs, ...err } = toJsonSchema(ToolErrorBody, 'output');
  const definitions = { ...(okDefs as JsonSchema | undefined), ...(errDefs as JsonSchema | undefined) };
  return {
    $schema,
    type: 'object',
    anyOf: [ok, err],
    ...(Object.keys(definitions).length > 0 ? { definitions } : {}),
  };
};

const scopeSentence = (op: OpDefinition): string =>
  op.scope === 'trademarks:read'
    ? 'Needs scope trademarks:read (or MCP read/search).'
    : `Needs scope ${op.scope}.`;

const PROVENANCE =
  'Results are facts from trademark office records, with the office and its last successful sync; they are not legal advice.';

export const describeTool = (op: OpDefinition): string =>
  [op.description ?? op.summary, op.meter === 'account' ? null : PROVENANCE, scopeSentence(op)]
    .filter((s): s is string => s !== null)
    .join('\n\n');

export const toolDefinition = (op: OpDefinition): Tool => ({
  name: op.name,
  title: op.summary,
  description: describeTool(op),
  inputSchema: objectInputSchema(op) as Tool['inputSchema'],
  outputSchema: outputSchemaFor(op) as Tool['outputSchema'],
  annotations: {
    title: op.summary,
    readOnlyHint: op.readOnly,
    // An `mcpTool` write only adds a record (a saved screening, a decision): never destructive.
    destructiveHint: !op.readOnly && op.mcpTool !== true,
    idempotentHint: op.readOnly,
    // Tools read the local store only; they never reach out to an open world.
    openWorldHint: false,
  },
});

// Converting every schema takes ~150 ms, and HTTP builds a server per session (2025) or per
// request (2026), so each registry's tool list is converted once.
const built = new WeakMap<readonly OpDefinition[], Tool[]>();

export const buildTools = (ops: readonly OpDefinition[] = OPERATIONS): Tool[] => {
  let tools = built.get(ops);
  if (!tools) {
    tools = toolOperations(ops).map(toolDefinition);
    built.set(ops, tools);
  }
  return tools;
};
