// MCP tool definitions generated from the operation registry: which operations are tools, their
// names, descriptions, annotations and schemas (tool-schema.ts), and the list a caller may see.
import type { Tool, ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import type { OpDefinition, Scope } from '../ops/define-op.js';
import { OPERATIONS } from '../ops/registry.js';
import { inputSchemaFor, outputSchemaFor } from './tool-schema.js';
import { DEFAULT_TOOLSETS, toolsetOf, type Toolset } from './toolsets.js';

/**
 * The operations that are MCP tools: every read-only one, except CLI-only administration, the
 * earlier-shape REST routes (they repeat current operations in an older shape and would give an
 * agent two tools for one question) and calendar feeds (text for calendar apps; list_deadlines
 * gives an agent the same rows), and operations another tool covers (`mcp.coveredBy`). An
 * operation with `mcpTool` (watch and webhook writes, screenings, decisions) is a tool regardless.
 */
export const isTool = (op: OpDefinition): boolean =>
  !op.local && op.mcp?.coveredBy === undefined && (op.mcpTool === true || (op.readOnly && op.http?.shape !== 'earlier' && op.http?.produces === undefined));

export const toolOperations = (ops: readonly OpDefinition[] = OPERATIONS): OpDefinition[] => ops.filter(isTool);

/** Tool names before the one naming scheme (docs/mcp.md "Names"); tools/call still accepts them. */
export const FORMER_TOOL_NAMES: Readonly<Record<string, string>> = { suggest: 'suggest_trademarks' };

/**
 * Hints from the operation: a read changes nothing; a DELETE removes, a PATCH overwrites (both
 * destructive, and both leave the same state when repeated); a POST adds. `op.mcp` overrides.
 */
export const annotationsFor = (op: OpDefinition): ToolAnnotations => {
  const method = op.http?.method;
  return {
    readOnlyHint: op.readOnly,
    destructiveHint: !op.readOnly && (op.mcp?.destructive ?? (method === 'DELETE' || method === 'PATCH')),
    idempotentHint: op.readOnly || (op.mcp?.idempotent ?? (method === 'DELETE' || method === 'PATCH')),
    // Tools read and write this service's own store; only `openWorld` ones reach further.
    openWorldHint: op.mcp?.openWorld ?? false,
  };
};

/** What the tool does and when to pick it, said once; provenance is in the server instructions. */
export const describeTool = (op: OpDefinition): string => op.description ?? op.summary;

// No `title`: it would repeat the description's first words; clients show the name instead.
export const toolDefinition = (op: OpDefinition): Tool => ({
  name: op.name,
  description: describeTool(op),
  inputSchema: inputSchemaFor(op) as Tool['inputSchema'],
  outputSchema: outputSchemaFor(op) as Tool['outputSchema'],
  annotations: annotationsFor(op),
});

interface Built {
  tools: Tool[];
  scopes: Scope[];
}

// Converting every schema takes ~150 ms, and HTTP builds a server per session (2025) or per
// request (2026), so each registry's tool list is converted once.
const built = new WeakMap<readonly OpDefinition[], Built>();

const build = (ops: readonly OpDefinition[]): Built => {
  let b = built.get(ops);
  if (!b) {
    const tools = toolOperations(ops);
    b = { tools: tools.map(toolDefinition), scopes: tools.map((op) => op.scope) };
    built.set(ops, b);
  }
  return b;
};

export const buildTools = (ops: readonly OpDefinition[] = OPERATIONS): Tool[] => build(ops).tools;

/**
 * The tools listed to a caller holding `scopes`, in the chosen toolsets (src/mcp/toolsets.ts):
 * a tool needing a scope the caller lacks is not listed.
 */
export const toolsFor = (
  scopes: ReadonlySet<Scope>,
  ops: readonly OpDefinition[] = OPERATIONS,
  toolsets: ReadonlySet<Toolset> = new Set(DEFAULT_TOOLSETS),
): Tool[] => {
  const b = build(ops);
  return b.tools.filter((t, i) => scopes.has(b.scopes[i]!) && toolsets.has(toolsetOf(t.name)!));
};

/** The operation behind a tool name, former names included; undefined for an unknown tool. */
export const toolLookup = (ops: readonly OpDefinition[] = OPERATIONS): ((name: string) => OpDefinition | undefined) => {
  const byName = new Map(toolOperations(ops).map((op) => [op.name, op]));
  return (name) => byName.get(name) ?? byName.get(FORMER_TOOL_NAMES[name] ?? '');
};
