// `npm run smoke:mcp-inspector`: drives `tm`'s MCP server with the official MCP Inspector CLI
// (1.0.3, the line that runs on Node 20; fetched by npx, ~160 MB, so this is a smoke script and
// not part of `npm test`) over Streamable HTTP and stdio, and writes
// bench/results/mcp-inspector-smoke.{json,md} with each step's outcome and wall time.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createOrganization, issueApiKey } from '../src/auth/index.js';
import { closeContext, createContext } from '../src/context.js';
import { createHttpServer } from '../src/http/server.js';
import { mcpMount } from '../src/mcp/http.js';
import { benchCommand, consoleTable, markdownTable, repoRoot, writeReport } from './lib/results.js';

const INSPECTOR = '@modelcontextprotocol/inspector@1.0.3';

interface Step {
  name: string;
  args: string[];
  /** Checks the JSON the Inspector printed; returns a failure message or null. */
  expect: (out: Record<string, unknown>) => string | null;
}

interface StepResult {
  step: string;
  ok: boolean;
  ms: number;
  note: string;
}

const inspect = (args: string[]): Promise<{ code: number; out: string; err: string }> =>
  new Promise((resolve) => {
    const child = spawn('npx', ['-y', INSPECTOR, '--cli', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('close', (code) => resolve({ code: code ?? 1, out, err }));
  });

/** The Inspector prints a deprecation banner, then one JSON document. */
const jsonOf = (out: string): Record<string, unknown> | null => {
  const start = out.indexOf('{');
  try {
    return start < 0 ? null : (JSON.parse(out.slice(start)) as Record<string, unknown>);
  } catch {
    return null;
  }
};

const toolNames = (o: Record<string, unknown>): string[] => ((o.tools as { name: string }[] | undefined) ?? []).map((t) => t.name);
const errorType = (o: Record<string, unknown>): unknown => (o.structuredContent as { error?: { type?: string } } | undefined)?.error?.type;

const listsTools = (o: Record<string, unknown>): string | null =>
  toolNames(o).includes('get_trademark') ? null : `no get_trademark in ${toolNames(o).join(', ')}`;
const notFound = (o: Record<string, unknown>): string | null =>
  o.isError === true && errorType(o) === 'not_found' ? null : `expected not_found, got ${JSON.stringify(o).slice(0, 200)}`;
const structured = (o: Record<string, unknown>): string | null =>
  o.isError !== true && typeof o.structuredContent === 'object' ? null : `no structuredContent: ${JSON.stringify(o).slice(0, 200)}`;

const main = async (): Promise<void> => {
  const dir = mkdtempSync(join(tmpdir(), 'tm-inspector-'));
  const db = join(dir, 'tm.db');
  const ctx = createContext({ db });
  const org = await createOrganization(ctx, 'Inspector');
  const { secret } = await issueApiKey(ctx, { orgId: org.id, scopes: ['trademarks:read'], livemode: true });
  const http = createHttpServer({ context: ctx, accessLog: 'off', mountMcp: mcpMount({}) });
  const { url } = await http.listen(0, '127.0.0.1');
  const overHttp = [`${url}/mcp`, '--transport', 'http', '--header', `Authorization: Bearer ${secret}`];
  const overStdio = ['node', join(repoRoot, 'bin', 'tm.js'), 'mcp', '--db', db];
  const steps: Step[] = [
    { name: 'http tools/list', args: [...overHttp, '--method', 'tools/list'], expect: listsTools },
    { name: 'http tools/call list_offices', args: [...overHttp, '--method', 'tools/call', '--tool-name', 'list_offices'], expect: structured },
    { name: 'http tools/call get_trademark (unknown mark)', args: [...overHttp, '--method', 'tools/call', '--tool-name', 'get_trademark', '--tool-arg', 'id="US:1"'], expect: notFound },
    { name: 'stdio tools/list', args: [...overStdio, '--method', 'tools/list'], expect: listsTools },
    { name: 'stdio tools/call get_trademark (unknown mark)', args: [...overStdio, '--method', 'tools/call', '--tool-name', 'get_trademark', '--tool-arg', 'id="US:1"'], expect: notFound },
  ];
  const results: StepResult[] = [];
  for (const step of steps) {
    const t0 = performance.now();
    const { code, out, err } = await inspect(step.args);
    const json = jsonOf(out);
    const failure =
      code !== 0 ? `exit ${code}: ${`${out}${err}`.trim().split('\n').slice(-2).join(' ')}` : json ? step.expect(json) : `no JSON printed: ${out.slice(0, 200)}`;
    results.push({ step: step.name, ok: failure === null, ms: performance.now() - t0, note: failure ?? '' });
  }
  await http.shutdown();
  await closeContext(ctx);
  rmSync(dir, { recursive: true, force: true });

  const table = { headers: ['step', 'result', 'wall ms', 'note'], rows: results.map((r) => [r.step, r.ok ? 'pass' : 'FAIL', r.ms, r.note]) };
  console.log(consoleTable(table));
  const paths = writeReport(
    { name: 'mcp-inspector-smoke', title: 'MCP Inspector CLI smoke test', command: benchCommand('smoke:mcp-inspector'), results },
    `Client: \`npx -y ${INSPECTOR} --cli\` (the first step includes the npx download when it is not cached).\n\n${markdownTable(table)}`,
  );
  console.log(`\nwrote ${paths.md}`);
  process.exitCode = results.every((r) => r.ok) ? 0 : 1;
};

await main();
