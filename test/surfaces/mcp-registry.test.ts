// The MCP tool list is the registry: every read operation is a tool, no tool lacks an operation,
// and each tool's schemas, annotations and description are what an agent needs.
import { describe, expect, it } from 'vitest';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { ToolSchema } from '@modelcontextprotocol/sdk/types.js';
import { OPERATIONS } from '../../src/ops/registry.js';
import { buildTools, isTool } from '../../src/mcp/tools.js';

const tools = buildTools();
const byName = new Map(tools.map((t) => [t.name, t]));
const ajv = new AjvJsonSchemaValidator();

describe('MCP tools from the registry', () => {
  it('makes every current-shape read operation a tool, and nothing else', () => {
    const expected = OPERATIONS.filter((op) => !op.local && (op.mcpTool === true || (op.readOnly && op.http?.shape !== 'earlier'))).map((op) => op.name);
    expect([...byName.keys()].sort()).toEqual([...expected].sort());
    expect(expected.length).toBeGreaterThan(0);
  });

  it('has no tool without an operation, and no duplicate names', () => {
    for (const tool of tools) expect(OPERATIONS.some((op) => op.name === tool.name && isTool(op))).toBe(true);
    expect(byName.size).toBe(tools.length);
  });

  it('keeps write and CLI-only operations out', () => {
    for (const op of OPERATIONS.filter((o) => (!o.readOnly && o.mcpTool !== true) || o.local)) expect(byName.has(op.name)).toBe(false);
    for (const name of ['tm_watches_create', 'tm_watches_update', 'tm_watches_delete', 'pause_watch', 'resume_watch']) expect(byName.has(name)).toBe(true);
  });

  for (const tool of tools) {
    describe(tool.name, () => {
      const op = OPERATIONS.find((o) => o.name === tool.name)!;

      it('is a valid MCP Tool with a spec-conformant name', () => {
        expect(ToolSchema.safeParse(tool).success).toBe(true);
        expect(tool.name).toMatch(/^[A-Za-z0-9_.-]{1,128}$/);
      });

      it('has object input and output schemas that compile', () => {
        expect(tool.inputSchema.type).toBe('object');
        expect(tool.outputSchema?.type).toBe('object');
        expect(() => ajv.getValidator(tool.inputSchema as never)).not.toThrow();
        expect(() => ajv.getValidator(tool.outputSchema as never)).not.toThrow();
      });

      it('declares read-only, idempotent, non-destructive annotations (an mcpTool write: not read-only, not destructive)', () => {
        expect(tool.annotations).toMatchObject({ readOnlyHint: op.readOnly, idempotentHint: op.readOnly, destructiveHint: false });
      });

      it('describes itself, its scope, and that results are facts, not advice', () => {
        expect(tool.description).toContain(op.description ?? op.summary);
        expect(tool.description).toContain(op.scope);
        if (op.meter !== 'account') expect(tool.description).toMatch(/not legal advice/);
      });

      it('accepts the spec §7 error body in its output schema', () => {
        const validate = ajv.getValidator(tool.outputSchema as never);
        const body = {
          error: {
            type: 'not_found',
            title: 'Not found',
            status: 404,
            detail: 'No trademark US:1.',
            instance: `/mcp/tools/${tool.name}`,
            suggestion: null,
            retryable: false,
            retry_after: null,
          },
          request_id: 'req_1',
        };
        expect(validate(body).valid).toBe(true);
        expect(validate({ error: { type: 'not_a_slug' } }).valid).toBe(false);
      });
    });
  }
});
