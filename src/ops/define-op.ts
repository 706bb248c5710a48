// The operation definition (docs/architecture.md "One operation, three surfaces"): one object per public
// operation, from which the CLI, HTTP routes, MCP tools and the OpenAPI document are built.
import type { z } from 'zod';
import type { Context } from '../context.js';
import { expandIdPrefixes } from './ids/id-prefixes.js';

export type Scope = 'trademarks:read' | 'events:read' | 'portfolios:manage' | 'api-keys:manage' | 'billing:read';
/** Usage class and rate-limit tier; `reference` is logged but not billed, `account` neither. */
export type Meter = 'search' | 'read' | 'write' | 'monitoring' | 'reference' | 'account';

export interface OpDefinition<I extends z.ZodTypeAny = z.ZodTypeAny, O extends z.ZodTypeAny = z.ZodTypeAny> {
  name: string;
  summary: string;
  /** Longer text for MCP tool descriptions and OpenAPI; tells an agent when to pick this tool. */
  description?: string;
  scope: Scope;
  meter: Meter;
  /** Usage units one call counts under its meter (spec §8: an image search costs 3); default 1. */
  credits?: number;
  /** Read-only operations become MCP tools with readOnlyHint. */
  readOnly: boolean;
  /**
   * `aliases` are further paths serving the same operation, e.g. `/v1/offices` beside `/v1/reference/offices`;
   * an alias may start with another method, e.g. `POST /v1/trademarks` (input from the JSON body).
   * `shape: 'earlier'` marks a spec §4.3 earlier-shape route; where it shares a path with a current op,
   * HTTP selects it by the `TM-Shape: earlier` header (docs/http.md).
   */
  /**
   * `produces`: a content type other than JSON (a calendar feed); the operation returns `{ body }`
   * and HTTP sends that text with this type and an ETag, while MCP and the CLI see the object.
   */
  /**
   * `documents`: the operation renders a document (a report) and returns `{ format, media_type,
   * content }`. HTTP answers the document itself with its media type, the format taken from the
   * `format` parameter or else from `Accept` (this maps each media type to its format); only a
   * client whose Accept names application/json gets the JSON object.
   */
  /**
   * `earlier`: parameters renamed to the one name per concept (docs/http.md "Deprecated parameter
   * names"), earlier name → current key; the earlier name still works and the answer carries a
   * `Deprecation` header. Never in MCP schemas.
   */
  http?: {
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
    path: string;
    aliases?: string[];
    shape?: 'earlier';
    produces?: string;
    documents?: Record<string, string>;
    earlier?: Record<string, string>;
    /** A multipart/form-data upload: this field is the file (read as base64 text), the rest form fields (src/http/multipart.ts). */
    upload?: string;
  };
  /** An MCP tool even though it writes or has the earlier shape: no current read-only operation answers its question. */
  mcpTool?: boolean;
  /**
   * MCP tool hints where the HTTP method does not tell them (docs/mcp.md "Annotations"): by default
   * a DELETE is destructive and idempotent, a PATCH destructive (it overwrites) and idempotent, a
   * POST neither; `openWorld` marks a tool that reaches outside the store (a webhook test delivery).
   * `coveredBy` names the tool that already answers this operation's question (a filter of it),
   * so this one is not listed: every tool costs an agent's context on every session.
   */
  mcp?: { destructive?: boolean; idempotent?: boolean; openWorld?: boolean; coveredBy?: string };
  /** Administration run on the machine holding the store (`tm orgs create`): CLI only, never HTTP or MCP. */
  local?: boolean;
  /**
   * `command` is the words and positional args, e.g. `deadlines compute` or `search <q>`.
   * `flags` maps a CLI flag name to an input key where they differ, e.g. `{ office: 'offices' }`.
   * `file` names a positional argument that is a file path (or - for stdin): the CLI reads it and
   * `read` turns its text into input keys, so `tm reconcile docket.csv` posts the same body as HTTP.
   */
  /**
   * `flagOn` names another command this one is also reachable from, by its file argument as a
   * flag: `search` on search_image makes `tm search --image FILE` run it (operation-commands.ts).
   */
  cli?: { command: string; flags?: Record<string, string>; flagOn?: string; file?: { arg: string; binary?: boolean; read: (text: string, name: string) => Record<string, unknown> } };
  /**
   * Reads only what may lag the last write (spec §4.2: search reads an eventually consistent
   * index): a search or a list of marks. With a read replica it runs there while the replica is
   * current (src/read-routing.ts); detail reads never set this and read the primary.
   */
  replicaReads?: boolean;
  /** Reads no stored marks (inline computation): the CLI runs it even where no store exists yet. */
  storeless?: boolean;
  input: I;
  output: O;
  run: (ctx: Context, input: z.infer<I>) => Promise<z.infer<O>>;
}

/**
 * Every operation takes a unique prefix wherever it takes an id (src/ops/ids/id-prefixes.ts): its
 * run sees the whole ids, whichever surface or operation called it.
 */
export const defineOp = <I extends z.ZodTypeAny, O extends z.ZodTypeAny>(def: OpDefinition<I, O>): OpDefinition<I, O> => ({
  ...def,
  run: async (ctx, input) => def.run(ctx, await expandIdPrefixes(ctx, input)),
});
