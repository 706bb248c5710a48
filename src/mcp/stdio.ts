// `tm mcp`: the MCP server over stdio for desktop agents. With an API key (--key or TM_API_KEY)
// the session acts as that key's organization, with its scopes and metering; without one it is
// the trusted local user of this machine's store (all read scopes, no metering).
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { closeContext, createContext, type Logger } from '../context.js';
import type { ConfigOverrides } from '../config.js';
import { authenticateApiKey, RateLimiter } from '../auth/index.js';
import { credentialCaller, LOCAL_ORG, localCaller } from './caller.js';
import { createMcpServer, type McpCaller } from './server.js';

export interface McpStdioOptions extends ConfigOverrides {
  /** An API key; defaults to TM_API_KEY. */
  key?: string;
  logger?: Logger;
  stdin?: NodeJS.ReadableStream;
  stdout?: NodeJS.WritableStream;
}

/** Serves MCP on stdin/stdout until the client closes the stream. Logs go to stderr only. */
export const runMcpStdio = async (options: McpStdioOptions = {}): Promise<void> => {
  const base = createContext(options, options.logger);
  const key = options.key ?? process.env.TM_API_KEY;
  let caller: McpCaller;
  try {
    // A bad key stops `tm mcp` before it speaks, so the agent host reports why it failed to start.
    caller = key
      ? credentialCaller(base, await authenticateApiKey(base, key), 'api_key', { limiter: new RateLimiter(), meterOAuth: false })
      : localCaller({ ...base, org: LOCAL_ORG });
  } catch (err) {
    await closeContext(base);
    throw err;
  }
  const server = createMcpServer(async () => caller);
  const transport = new StdioServerTransport(
    options.stdin as NodeJS.ReadStream | undefined,
    options.stdout as NodeJS.WriteStream | undefined,
  );
  const closed = new Promise<void>((resolve) => {
    server.onclose = resolve;
  });
  await server.connect(transport);
  const stdin = options.stdin ?? process.stdin;
  stdin.once('end', () => void server.close());
  await closed;
  // Usage and request-log writes are buffered; a stdio session ends with the process.
  base.store.auth.usage.flush();
  await closeContext(base);
};
