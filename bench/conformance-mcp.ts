// `npm run conformance:mcp`: runs the official MCP conformance suite (@modelcontextprotocol/
// conformance 0.1.13, the last release that runs on Node 20) against `/mcp` of a real `tm serve`
// on 127.0.0.1, and writes bench/results/conformance-mcp.{json,md}. The suite sends no
// credential, so a pass-through proxy adds an API key, as an agent's client would; it forwards
// Host and Origin untouched so the DNS-rebinding scenario still reaches the server's guard.
// With TM_CONFORMANCE_NODE22 (a Node 22 binary) and TM_CONFORMANCE_ALPHA (the dist/index.js of
// @modelcontextprotocol/conformance 0.2.0-alpha, which needs Node 22) it also runs the
// 2025-11-25 and 2026-07-28 scenarios of that release.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createOrganization, issueApiKey } from '../src/auth/index.js';
import { closeContext, createContext } from '../src/context.js';
import { createHttpServer } from '../src/http/server.js';
import { mcpMount } from '../src/mcp/http.js';
import { benchCommand, consoleTable, markdownTable, repoRoot, writeReport, type Table } from './lib/results.js';

/**
 * The scenarios that test an application server. The rest of the suite (tools-call-*,
 * resources-*, prompts-*, logging, completion, elicitation, sampling) calls the fixture tools,
 * prompts and resources of the suite's own "everything" server, which an application does not have.
 */
export const APPLICABLE = [
  'server-initialize',
  'ping',
  'tools-list',
  'server-sse-multiple-streams',
  'dns-rebinding-protection',
] as const;

/** Scenarios of 0.2.0-alpha and the revision each runs at. */
export const APPLICABLE_ALPHA = [
  ['server-initialize', '2025-11-25'],
  ['tools-list', '2025-11-25'],
  ['server-stateless', '2026-07-28'],
  ['tools-list', '2026-07-28'],
  ['server-sse-multiple-streams', '2026-07-28'],
  ['dns-rebinding-protection', '2026-07-28'],
] as const;

interface Suite {
  label: string;
  node: string;
  script: string;
}

const STABLE: Suite = {
  label: '0.1.13',
  node: process.execPath,
  script: join(repoRoot, 'node_modules', '@modelcontextprotocol', 'conformance', 'dist', 'index.js'),
};

interface ScenarioResult {
  suite: string;
  scenario: string;
  revision: string | null;
  /** Checks the suite could not exercise because they call its own fixture tools. */
  untestable: number;
  passed: number;
  failed: number;
  ok: boolean;
  failures: string[];
}

const listen = (server: Server): Promise<number> =>
  new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));

/** Forwards every request to `target`, adding the Authorization header and nothing else. */
const credentialProxy = (targetPort: number, key: string): Server =>
  createServer((req, res) => {
    const upstream = request(
      { host: '127.0.0.1', port: targetPort, path: req.url, method: req.method, headers: { ...req.headers, authorization: `Bearer ${key}` } },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });

type Check = { name?: string; id?: string; status?: string; errorMessage?: string };

const untestable = (c: Check): boolean => c.status === 'FAILURE' && (c.errorMessage ?? '').startsWith('Not testable');

const readChecks = (dir: string): Check[] => {
  const found: Check[] = [];
  const walk = (d: string): void => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name === 'checks.json') found.push(...(JSON.parse(readFileSync(p, 'utf8')) as Check[]));
    }
  };
  if (existsSync(dir)) walk(dir);
  return found;
};

const runScenario = (suite: Suite, url: string, scenario: string, revision: string | null, outDir: string): Promise<ScenarioResult> =>
  new Promise((resolve) => {
    const args = [suite.script, 'server', '--url', url, '--scenario', scenario, '-o', outDir];
    if (revision) args.push('--spec-version', revision);
    const child = spawn(suite.node, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let log = '';
    child.stdout.on('data', (d: Buffer) => (log += d.toString()));
    child.stderr.on('data', (d: Buffer) => (log += d.toString()));
    child.on('close', (code) => {
      const checks = readChecks(outDir);
      const failedChecks = checks.filter((c) => c.status === 'FAILURE' && !untestable(c));
      const failures = failedChecks.map((c) => `${c.name ?? c.id}: ${c.errorMessage ?? ''}`.trim());
      if (checks.length === 0) failures.push(`no checks recorded (exit ${code}): ${log.trim().split('\n').slice(-3).join(' ')}`);
      resolve({
        suite: suite.label,
        scenario,
        revision,
        untestable: checks.filter(untestable).length,
        passed: checks.filter((c) => c.status === 'SUCCESS').length,
        failed: failedChecks.length,
        ok: failures.length === 0,
        failures,
      });
    });
  });

const main = async (): Promise<void> => {
  const dir = mkdtempSync(join(tmpdir(), 'tm-conformance-'));
  const ctx = createContext({ db: join(dir, 'tm.db') });
  const org = await createOrganization(ctx, 'Conformance');
  const { secret } = await issueApiKey(ctx, { orgId: org.id, scopes: ['trademarks:read', 'billing:read'], livemode: true });
  const http = createHttpServer({ context: ctx, accessLog: 'off', mountMcp: mcpMount({}) });
  const { port } = await http.listen(0, '127.0.0.1');
  const proxy = credentialProxy(port, secret);
  const proxyPort = await listen(proxy);
  const url = `http://127.0.0.1:${proxyPort}/mcp`;
  const results: ScenarioResult[] = [];
  for (const scenario of APPLICABLE) {
    results.push(await runScenario(STABLE, url, scenario, null, join(dir, 'out', scenario)));
  }
  const { TM_CONFORMANCE_NODE22: node22, TM_CONFORMANCE_ALPHA: alpha } = process.env;
  if (node22 && alpha) {
    const suite: Suite = { label: '0.2.0-alpha', node: node22, script: alpha };
    for (const [scenario, revision] of APPLICABLE_ALPHA) {
      results.push(await runScenario(suite, url, scenario, revision, join(dir, 'out-alpha', `${scenario}-${revision}`)));
    }
  }
  proxy.close();
  await http.shutdown();
  await closeContext(ctx);
  rmSync(dir, { recursive: true, force: true });

  const table: Table = {
    headers: ['suite', 'scenario', 'revision', 'checks passed', 'checks failed', 'not testable', 'result'],
    rows: results.map((r) => [r.suite, r.scenario, r.revision ?? 'default', r.passed, r.failed, r.untestable, r.ok ? 'pass' : 'FAIL']),
  };
  console.log(consoleTable(table));
  for (const r of results.filter((x) => !x.ok)) console.log(`\n${r.scenario}:\n  ${r.failures.join('\n  ')}`);
  const body = [
    'Suites: `@modelcontextprotocol/conformance` 0.1.13 (Node 20), and 0.2.0-alpha on Node 22 when TM_CONFORMANCE_NODE22 and TM_CONFORMANCE_ALPHA are set; server scenarios that apply to an application server (see docs/mcp.md). "Not testable" checks need the suite\'s own fixture tools (test_missing_capability, test_logging_tool, …).',
    '',
    markdownTable(table),
    ...results.filter((x) => !x.ok).map((r) => `\n${r.scenario}: ${r.failures.join('; ')}`),
  ].join('\n');
  const paths = writeReport(
    {
      name: 'conformance-mcp',
      title: 'MCP conformance of /mcp',
      command: `${node22 && alpha ? `TM_CONFORMANCE_NODE22=${node22} TM_CONFORMANCE_ALPHA=${alpha} ` : ''}${benchCommand('conformance:mcp')}`,
      results,
    },
    body,
  );
  console.log(`\nwrote ${paths.md}`);
  process.exitCode = results.every((r) => r.ok) ? 0 : 1;
};

await main();
