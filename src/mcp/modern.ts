// The stateless 2026-07-28 MCP revision on /mcp, served with the SDK v2 server package (Node 20):
// no initialize handshake and no session, every request self-describing. The tools, results,
// scopes and metering are the same as the 2025 revisions (server.ts); only the wiring differs.
import {
  createMcpHandler,
  isLegacyRequest,
  ProtocolError,
  ProtocolErrorCode,
  Server,
  type McpHttpHandler,
} from '@modelcontextprotocol/server';
import type { OpDefinition } from '../ops/define-op.js';
import { OPERATIONS } from '../ops/registry.js';
import { INSTRUCTIONS, runTool, SERVER_INFO, type CtxForCall } from './server.js';
import { toolLookup, toolsFor } from './tools.js';

/** A v2 server exposing the registry tools; built per request by the stateless handler. */
export const createModernMcpServer = (ctxForCall: CtxForCall, ops: readonly OpDefinition[] = OPERATIONS): Server => {
  const server = new Server(SERVER_INFO, { capabilities: { tools: {} }, instructions: INSTRUCTIONS });
  const lookup = toolLookup(ops);
  // The v1 and v2 packages declare the same wire types separately, hence the casts.
  server.setRequestHandler('tools/list', async (_request, ctx) => {
    const caller = await ctxForCall(ctx.http?.authInfo);
    return { tools: toolsFor(caller.scopes, ops, caller.toolsets) } as never;
  });
  server.setRequestHandler('tools/call', async (request, ctx) => {
    const op = lookup(request.params.name);
    if (!op) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown tool: ${request.params.name}`);
    return (await runTool(op, request.params.arguments, ctx.http?.authInfo, ctxForCall)) as never;
  });
  return server;
};

/** The 2026-07-28 handler; 2025-era requests are left to the session transport (legacy: reject). */
export const createModernHandler = (ctxForCall: CtxForCall, maxRequestBodySize: number): McpHttpHandler =>
  createMcpHandler(() => createModernMcpServer(ctxForCall), { legacy: 'reject', maxRequestBodySize });

/**
 * True for a request of the stateless revision: a POST without a session whose headers and
 * `_meta` name 2026-07-28 or later. Reads a clone, so the body stays unread for whoever serves it.
 */
export const isModernRequest = async (req: Request, maxRequestBodySize: number): Promise<boolean> =>
  req.method === 'POST' && !req.headers.has('mcp-session-id') && !(await isLegacyRequest(req.clone(), undefined, { maxRequestBodySize }));
