// `tm mcp`: the MCP server over stdio for desktop agents. With an API key (--key or TM_API_KEY)
// the session acts as that key's organization, with its scopes and metering; without one it is
// the trusted local user of this machine's store (all scopes, no metering). The first message
// picks the era: `initialize` starts a 2025 session (SDK 1.x); a request whose `_meta` names a
// protocol version is served statelessly at 2026-07-28 (SDK v2).
import { PassThrough, type Writable } from 'node:stream';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { serveStdio, StdioServerTransport as ModernStdioTransport } from '@modelcontextprotocol/server/stdio';
import { authenticateApiKey, RateLimiter } from '../auth/index.js';
import { closeContext, createContext, type Logger } from '../context.js';
import type { ConfigOverrides } from '../config.js';
import { credentialCaller, LOCAL_ORG, localCaller } from './caller.js';
import { createModernMcpServer } from './modern.js';
import { createMcpServer, type McpCaller } from './server.js';
import { parseToolsets } from './toolsets.js';

export interface McpStdioOptions extends ConfigOverrides {
  /** An API key; defaults to TM_API_KEY. */
  key?: string;
  /** The toolsets tools/list shows: a comma list or `all` (src/mcp/toolsets.ts); default TM_MCP_TOOLSETS, else the default groups. */
  toolsets?: string;
  logger?: Logger;
  stdin?: NodeJS.ReadableStream;
  stdout?: NodeJS.WritableStream;
}

const PROTOCOL_VERSION_META = 'io.modelcontextprotocol/protocolVersion';

/** Holds stdin back until its first line is read; the returned stream replays everything. */
const peekFirstLine = (stdin: NodeJS.ReadableStream): Promise<{ line: string; input: PassThrough }> =>
  new Promise((resolve) => {
    const input = new PassThrough();
    let buffered = Buffer.alloc(0);
    const onData = (chunk: Buffer): void => {
      buffered = Buffer.concat([buffered, chunk]);
      const newline = buffered.indexOf(10);
      if (newline < 0) return;
      stdin.off('data', onData).off('end', onEnd);
      input.write(buffered);
      stdin.pipe(input);
      resolve({ line: buffered.subarray(0, newline).toString('utf8'), input });
    };
    const onEnd = (): void => {
      input.end(buffered);
      resolve({ line: buffered.toString('utf8'), input });
    };
    stdin.on('data', onData).once('end', onEnd);
  });

const isModernFirst = (line: string): boolean => {
  try {
    const message = JSON.parse(line) as { method?: string; params?: { _meta?: Record<string, unknown> } };
    return message.method !== 'initialize' && typeof message.params?._meta?.[PROTOCOL_VERSION_META] === 'string';
  } catch {
    return false;
  }
};

const serve2025 = async (caller: McpCaller, input: PassThrough, stdout?: NodeJS.WritableStream): Promise<void> => {
  const server = createMcpServer(async () => caller);
  const closed = new Promise<void>((resolve) => {
    server.onclose = resolve;
  });
  await server.connect(new StdioServerTransport(input, stdout as NodeJS.WriteStream | undefined));
  input.once('end', () => void server.close());
  await closed;
};

const serve2026 = async (caller: McpCaller, input: PassThrough, stdout?: NodeJS.WritableStream): Promise<void> => {
  const ended = new Promise<void>((resolve) => input.once('end', resolve));
  const handle = serveStdio(() => createModernMcpServer(async () => caller), {
    legacy: 'reject',
    transport: new ModernStdioTransport(input, stdout as Writable | undefined),
  });
  await ended;
  await handle.close();
};

/** Serves MCP on stdin/stdout until the client closes the stream. Logs go to stderr only. */
export const runMcpStdio = async (options: McpStdioOptions = {}): Promise<void> => {
  const base = createContext(options, options.logger);
  const key = options.key ?? process.env.TM_API_KEY;
  let caller: McpCaller;
  try {
    const toolsets = parseToolsets(options.toolsets ?? process.env.TM_MCP_TOOLSETS);
    // A bad key stops `tm mcp` before it speaks, so the agent host reports why it failed to start.
    caller = {
      ...(key
        ? credentialCaller(base, await authenticateApiKey(base, key), 'api_key', { limiter: new RateLimiter(), meterOAuth: false })
        : localCaller({ ...base, org: LOCAL_ORG })),
      toolsets,
    };
  } catch (err) {
    await closeContext(base);
    throw err;
  }
  const { line, input } = await peekFirstLine(options.stdin ?? process.stdin);
  await (isModernFirst(line) ? serve2026 : serve2025)(caller, input, options.stdout);
  // Usage and request-log writes are buffered; a stdio session ends with the process.
  await base.store.auth.usage.flush();
  await closeContext(base);
};
