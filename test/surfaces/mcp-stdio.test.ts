// `tm mcp` over stdio, driven by the official SDK client through StdioClientTransport spawning
// `node bin/tm.js mcp` (the test command builds first): the keyless local user, and a keyed
// session that acts as the key's organization with its scopes.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { Client as ModernClient } from '@modelcontextprotocol/client';
import { StdioClientTransport as ModernStdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { packagePath } from '../../src/data-files.js';
import { isTool } from '../../src/mcp/tools.js';
import { DEFAULT_TOOLSETS, toolsetOf } from '../../src/mcp/toolsets.js';
import { OPERATIONS } from '../../src/ops/registry.js';
import { tempContext, type TempContext } from '../helpers/factory.js';
import { exampleArgs, NOW, seed, SYNCED_AT, type Seeded } from './mcp-fixture.js';

const built = packagePath('dist', 'src', 'cli', 'main.js');
let t: TempContext;
let s: Seeded;

const spawnClient = async (env: Record<string, string>): Promise<{ client: Client }> => {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [packagePath('bin', 'tm.js'), 'mcp', '--db', t.ctx.config.dbPath],
    env: { PATH: process.env.PATH ?? '', TM_NOW: NOW, ...env },
  });
  const client = new Client({ name: 'tm-stdio-test', version: '0' });
  await client.connect(transport);
  return { client };
};

beforeAll(async () => {
  expect(existsSync(built), 'run `npm run build` first').toBe(true);
  t = tempContext(NOW);
  s = await seed(t.ctx, t.dir);
  t.ctx.store.auth.usage.flush();
});
afterAll(async () => {
  await t.cleanup();
});

describe('tm mcp over stdio', () => {
  it('serves every tool to the local user, each result conforming to its output schema', async () => {
    // The local user holds every scope; TM_MCP_TOOLSETS=all lists every toolset.
    const { client } = await spawnClient({ TM_MCP_TOOLSETS: 'all' });
    const { tools } = await client.listTools();
    expect(tools.map((x) => x.name).sort()).toEqual(
      OPERATIONS.filter(isTool).map((op) => op.name).sort(),
    );
    const { client: defaults } = await spawnClient({});
    expect((await defaults.listTools()).tools.map((x) => x.name).sort()).toEqual(
      OPERATIONS.filter((op) => isTool(op) && DEFAULT_TOOLSETS.includes(toolsetOf(op.name)!)).map((op) => op.name).sort(),
    );
    await defaults.close();
    for (const tool of tools) {
      // callTool validates structuredContent against outputSchema and throws on a mismatch.
      const r = (await client.callTool({ name: tool.name, arguments: exampleArgs(tool, s.markId) })) as CallToolResult;
      expect(r.structuredContent, tool.name).toBeTypeOf('object');
    }
    const mark = (await client.callTool({ name: 'get_trademark', arguments: { id: 'US:97123456' } })) as CallToolResult;
    expect(mark.structuredContent).toMatchObject({ id: s.markId });
    expect(mark._meta?.['tm/sources']).toEqual([{ office_code: 'US', last_successful_sync: SYNCED_AT }]);
    const missing = (await client.callTool({ name: 'get_trademark', arguments: { id: 'US:1' } })) as CallToolResult;
    expect(missing.isError).toBe(true);
    expect(missing.structuredContent).toMatchObject({ error: { type: 'not_found', status: 404 } });
    await client.close();
  });

  it("with TM_API_KEY acts as the key's organization and holds only its scopes", async () => {
    const { client } = await spawnClient({ TM_API_KEY: s.keyReadOnly });
    const ok = (await client.callTool({ name: 'get_trademark', arguments: { id: s.markId } })) as CallToolResult;
    expect(ok.isError).toBeFalsy();
    const billing = OPERATIONS.find((op) => op.scope === 'billing:read' && op.readOnly && !op.local);
    if (billing) {
      const denied = (await client.callTool({ name: billing.name, arguments: {} })) as CallToolResult;
      expect(denied.structuredContent).toMatchObject({ error: { type: 'forbidden', required_scope: 'billing:read' } });
    }
    await client.close();
    const logs = await t.ctx.store.auth.usage.logs(s.orgA, true, Number.MAX_SAFE_INTEGER, 10);
    expect(logs.map((l) => l.operation)).toContain('get_trademark');
  });

  it('serves the stateless 2026-07-28 revision to a client that starts with it', async () => {
    const client = new ModernClient({ name: 'tm-stdio-modern', version: '0' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
    await client.connect(
      new ModernStdioClientTransport({
        command: process.execPath,
        args: [packagePath('bin', 'tm.js'), 'mcp', '--db', t.ctx.config.dbPath],
        env: { PATH: process.env.PATH ?? '', TM_NOW: NOW },
      }),
    );
    expect(client.getNegotiatedProtocolVersion()).toBe('2026-07-28');
    const { tools } = await client.listTools();
    expect(tools.map((x) => x.name)).toContain('get_trademark');
    const r = (await client.callTool({ name: 'get_trademark', arguments: { id: s.markId } })) as { structuredContent?: unknown };
    expect(r.structuredContent).toMatchObject({ id: s.markId });
    await client.close();
  });

  it('refuses to start with a bad key, and says why on stderr', async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [packagePath('bin', 'tm.js'), 'mcp', '--db', t.ctx.config.dbPath, '--key', 'tmk_live_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'],
      env: { PATH: process.env.PATH ?? '', TM_NOW: NOW },
      stderr: 'pipe',
    });
    let err = '';
    transport.stderr?.on('data', (d: Buffer) => (err += d.toString()));
    const exited = new Promise<void>((resolve) => (transport.onclose = resolve));
    await expect(new Client({ name: 'x', version: '0' }).connect(transport)).rejects.toThrow();
    await exited;
    expect(err).toMatch(/Invalid API key/);
  });
});
