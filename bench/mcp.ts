// `npm run bench:mcp`: what tools/list costs (bytes and a token estimate, for a key with every
// scope and for a trademarks:read key, against the 40 KB budget and the direct zod conversion),
// and the latency of one MCP tools/call (get_trademark) through `tm serve`'s /mcp, with
// authentication, the MCP rate limit, metering and the request log on, for a 2025-11-25 session
// (SDK 1.x client) and for the stateless 2026-07-28 revision (SDK v2 client), and over stdio
// (`tm mcp`). Sequential calls from one client; the HTTP server runs in this process.
// Writes bench/results/mcp.{json,md}. Options: --size 10000  --calls 1000  --seed 42
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Client as ModernClient, StreamableHTTPClientTransport as ModernTransport } from '@modelcontextprotocol/client';
import { createOrganization, issueApiKey, SCOPES } from '../src/auth/index.js';
import { closeContext, createContext } from '../src/context.js';
import { createHttpServer } from '../src/http/server.js';
import { mcpMount } from '../src/mcp/http.js';
import { corpusRecords } from './corpus/generate.js';
import { directConversion, LIST_BUDGET_BYTES, listSize, type ListSize } from './mcp-list-size.js';
import { benchCommand, consoleTable, markdownTable, percentile, repoRoot, writeReport, type Table } from './lib/results.js';

const NOW = '2026-11-22T12:00:00.000Z';

const { values: opts } = parseArgs({
  options: {
    size: { type: 'string', default: '10000' },
    calls: { type: 'string', default: '1000' },
    seed: { type: 'string', default: '42' },
  },
});

interface Row {
  transport: string;
  calls: number;
  calls_per_s: number;
  p50_ms: number;
  p99_ms: number;
}

type CallTool = (args: { name: string; arguments: Record<string, unknown> }) => Promise<unknown>;

const measure = async (transport: string, callTool: CallTool, ids: string[], calls: number): Promise<Row> => {
  for (let i = 0; i < 20; i++) await callTool({ name: 'get_trademark', arguments: { id: ids[i % ids.length]! } });
  const times: number[] = [];
  const t0 = performance.now();
  for (let i = 0; i < calls; i++) {
    const s = performance.now();
    const r = (await callTool({ name: 'get_trademark', arguments: { id: ids[i % ids.length]! } })) as { isError?: boolean };
    times.push(performance.now() - s);
    if (r.isError) throw new Error(`call ${i} failed: ${JSON.stringify(r)}`);
  }
  const total = performance.now() - t0;
  return { transport, calls, calls_per_s: (calls / total) * 1000, p50_ms: percentile(times, 50), p99_ms: percentile(times, 99) };
};

const main = async (): Promise<void> => {
  const size = Number(opts.size);
  const calls = Number(opts.calls);
  const dir = mkdtempSync(join(tmpdir(), 'tm-bench-mcp-'));
  const db = join(dir, 'tm.db');
  const ctx = createContext({ db, now: NOW });
  const ids: string[] = [];
  let batch = [];
  for (const r of corpusRecords({ count: size, seed: Number(opts.seed) })) {
    batch.push(r);
    if (ids.length < 1000) ids.push(r.id);
    if (batch.length === 1000) {
      await ctx.store.trademarks.upsert(batch, NOW);
      batch = [];
    }
  }
  if (batch.length) await ctx.store.trademarks.upsert(batch, NOW);
  const limits = { mcp: { limit: 100_000_000 }, reads: { limit: 100_000_000 }, daily: { reads: 1_000_000_000 } };
  const org = await createOrganization(ctx, 'bench', limits);
  const { secret } = await issueApiKey(ctx, { orgId: org.id, scopes: ['trademarks:read'], livemode: true });
  const http = createHttpServer({ context: ctx, accessLog: 'off', mountMcp: mcpMount({}) });
  const { url } = await http.listen(0, '127.0.0.1');
  const endpoint = new URL(`${url}/mcp`);
  const headers = { Authorization: `Bearer ${secret}` };
  const rows: Row[] = [];

  const full = await issueApiKey(ctx, { orgId: org.id, scopes: [...SCOPES], livemode: true });
  const lister = new Client({ name: 'bench', version: '0' });
  await lister.connect(new StreamableHTTPClientTransport(endpoint, { requestInit: { headers: { Authorization: `Bearer ${full.secret}` } } }));
  const everyTool = (await lister.listTools()).tools;
  await lister.close();
  const allLister = new Client({ name: 'bench', version: '0' });
  await allLister.connect(new StreamableHTTPClientTransport(new URL(`${endpoint.href}?toolsets=all`), { requestInit: { headers: { Authorization: `Bearer ${full.secret}` } } }));
  const everyToolset = (await allLister.listTools()).tools;
  await allLister.close();
  const legacy = new Client({ name: 'bench', version: '0' });
  await legacy.connect(new StreamableHTTPClientTransport(endpoint, { requestInit: { headers } }));
  const sizes: ListSize[] = [
    listSize('every scope, default toolsets (also stdio without a key)', everyTool),
    listSize('trademarks:read key, default toolsets', (await legacy.listTools()).tools),
    listSize('every scope, every toolset (?toolsets=all)', everyToolset),
    listSize('baseline: every scope, default toolsets, inputs converted directly from zod', directConversion(everyTool)),
  ];
  rows.push(await measure('HTTP 2025-11-25 (session)', (a) => legacy.callTool(a), ids, calls));
  await legacy.close();

  const modern = new ModernClient({ name: 'bench', version: '0' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
  await modern.connect(new ModernTransport(endpoint, { requestInit: { headers } }));
  await modern.listTools();
  rows.push(await measure('HTTP 2026-07-28 (stateless)', (a) => modern.callTool(a), ids, calls));
  await modern.close();

  const stdio = new Client({ name: 'bench', version: '0' });
  await stdio.connect(
    new StdioClientTransport({ command: process.execPath, args: [join(repoRoot, 'bin', 'tm.js'), 'mcp', '--db', db, '--key', secret], env: { PATH: process.env.PATH ?? '', TM_NOW: NOW } }),
  );
  await stdio.listTools();
  rows.push(await measure('stdio (tm mcp --key)', (a) => stdio.callTool(a), ids, calls));
  await stdio.close();

  await http.shutdown();
  await closeContext(ctx);
  rmSync(dir, { recursive: true, force: true });

  const kb = (n: number): string => `${(n / 1024).toFixed(1)} KB`;
  const sizeTable: Table = {
    headers: ['tools/list for', 'tools', 'as served', 'without output schemas', 'tokens (chars/4)', 'names + descriptions + inputs', `≤ ${kb(LIST_BUDGET_BYTES)}`],
    rows: sizes.map((s) => [s.list, s.tools, kb(s.bytes_served), kb(s.bytes_without_output), s.tokens_without_output, kb(s.bytes_names_descriptions_inputs), s.bytes_without_output <= LIST_BUDGET_BYTES ? 'yes' : 'no']),
  };
  const table: Table = {
    headers: ['transport', 'calls', 'calls/s', 'p50 ms', 'p99 ms'],
    rows: rows.map((r) => [r.transport, r.calls, r.calls_per_s, r.p50_ms.toFixed(2), r.p99_ms.toFixed(2)]),
  };
  console.log(consoleTable(sizeTable));
  console.log(consoleTable(table));
  const paths = writeReport(
    { name: 'mcp', title: 'MCP tools/list size and tools/call latency (get_trademark)', command: benchCommand('bench:mcp'), results: { size, sizes, rows } },
    [
      '## tools/list',
      'Bytes of the JSON `{tools}` as the SDK client receives it over /mcp. The budget (issue 26) is the list without output schemas. The baseline lists the same tools with each input schema converted directly from its zod schema (the HTTP form: comma-list unions, no enums, deprecated keys). Before issue 26 the list held 84 tools: 111.7 KB without output schemas, 498 KB with them.',
      markdownTable(sizeTable),
      '## tools/call',
      `Store: ${size} generated marks. One client, sequential calls, the HTTP server in the same process; auth, MCP rate limit, metering and the request log on.`,
      markdownTable(table),
    ].join('\n\n'),
  );
  console.log(`\nwrote ${paths.md}`);
};

await main();
