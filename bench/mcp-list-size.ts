// What a tools/list answer costs an agent: bytes of the tool list as served, without output
// schemas (what the issue 26 budget counts: at most 40 KB), of names, descriptions and input
// schemas alone, and a token estimate (characters / 4). The baseline is the same tools with their
// zod inputs converted directly, as HTTP sees them (comma-list unions, no enums, deprecated keys).
import { z } from 'zod';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { OPERATIONS } from '../src/ops/registry.js';

export const LIST_BUDGET_BYTES = 40 * 1024;

export interface ListSize {
  list: string;
  tools: number;
  bytes_served: number;
  bytes_without_output: number;
  bytes_names_descriptions_inputs: number;
  tokens_without_output: number;
}

const bytes = (v: unknown): number => Buffer.byteLength(JSON.stringify(v));

export const listSize = (list: string, tools: readonly Tool[]): ListSize => {
  const withoutOutput = tools.map(({ outputSchema: _o, ...rest }) => rest);
  const core = tools.map((t) => ({ name: t.name, description: t.description, inputSchema: t.inputSchema }));
  const without = bytes({ tools: withoutOutput });
  return {
    list,
    tools: tools.length,
    bytes_served: bytes({ tools }),
    bytes_without_output: without,
    bytes_names_descriptions_inputs: bytes(core),
    tokens_without_output: Math.round(JSON.stringify({ tools: withoutOutput }).length / 4),
  };
};

/** The same tools with each operation's zod input converted as is: the size before the agent form. */
export const directConversion = (tools: readonly Tool[]): Tool[] =>
  tools.map((t) => {
    const op = OPERATIONS.find((o) => o.name === t.name)!;
    const inputSchema = z.toJSONSchema(op.input, { target: 'draft-7', io: 'input', unrepresentable: 'any' }) as Tool['inputSchema'];
    return { ...t, inputSchema };
  });
