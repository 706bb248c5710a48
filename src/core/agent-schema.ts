// The agent-facing type of an input field, where the HTTP form is looser than what an agent should
// send. A query string carries comma lists, `"true"`, and numbers as text, so many inputs accept
// `string | array` and check the values in the operation, with messages naming the parameter.
// MCP tool schemas (src/mcp/tool-schema.ts) show the registered type instead: the allowed values
// as an `enum`, a typed object instead of a free one. Validation stays the operation's own, so
// every surface accepts the same inputs and gives the same errors.
import type { z } from 'zod';

/** A replacement zod schema for the field's JSON Schema in tool definitions; `null` omits the field. */
const agentSchemas = new WeakMap<object, z.ZodTypeAny | null>();

/** What was registered for a schema instance: a schema, `null` (omitted), or undefined (none). */
export const agentSchemaOf = (field: object): z.ZodTypeAny | null | undefined => agentSchemas.get(field);

/**
 * Registers `schema` as what agents are shown for `field` (the exact instance that sits in the
 * object shape, wrappers included), and returns `field` unchanged.
 */
export const forAgents = <T extends z.ZodTypeAny>(field: T, schema: z.ZodTypeAny | null): T => {
  agentSchemas.set(field, schema);
  return field;
};
