// `npm run docs:mcp`: writes the table of served MCP tools into docs/mcp.md (between the
// `tools:start` and `tools:end` markers) from the registry, so the documentation lists what
// tools/list serves. test/surfaces/mcp-docs.test.ts fails when the two differ.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildTools } from '../src/mcp/tools.js';
import { DEFAULT_TOOLSETS, TOOLSETS, toolsetOf } from '../src/mcp/toolsets.js';
import { OPERATIONS } from '../src/ops/registry.js';
import { repoRoot } from './lib/results.js';

export const DOC_PATH = join(repoRoot, 'docs', 'mcp.md');
const START = '<!-- tools:start (npm run docs:mcp) -->';
const END = '<!-- tools:end -->';

const hints = (a: { readOnlyHint?: boolean; destructiveHint?: boolean; idempotentHint?: boolean; openWorldHint?: boolean } = {}): string =>
  [a.readOnlyHint ? 'read-only' : 'writes', a.destructiveHint ? 'destructive' : null, a.idempotentHint && !a.readOnlyHint ? 'idempotent' : null, a.openWorldHint ? 'open world' : null]
    .filter(Boolean)
    .join(', ');

/** The markdown table: one row per tool, grouped by toolset (default ones first). */
export const toolTable = (): string => {
  const tools = buildTools();
  const order = Object.keys(TOOLSETS);
  const rows = [...tools]
    .sort((a, b) => order.indexOf(toolsetOf(a.name)!) - order.indexOf(toolsetOf(b.name)!))
    .map((t) => {
      const op = OPERATIONS.find((o) => o.name === t.name)!;
      const set = toolsetOf(t.name)!;
      const listed = (DEFAULT_TOOLSETS as readonly string[]).includes(set) ? `${set} (default)` : set;
      return `| \`${t.name}\` | ${listed} | \`${op.scope}\` | ${hints(t.annotations)} | ${op.summary} |`;
    });
  return [START, '', `${tools.length} tools.`, '', '| tool | toolset | scope | hints | what it does |', '|---|---|---|---|---|', ...rows, '', END].join('\n');
};

/** docs/mcp.md with its table replaced by the current one. */
export const withTable = (doc: string): string => {
  const start = doc.indexOf(START);
  const end = doc.indexOf(END);
  if (start < 0 || end < start) throw new Error(`docs/mcp.md has no ${START} … ${END} section`);
  return `${doc.slice(0, start)}${toolTable()}${doc.slice(end + END.length)}`;
};

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  writeFileSync(DOC_PATH, withTable(readFileSync(DOC_PATH, 'utf8')));
  console.log(`wrote the tool table of ${DOC_PATH}`);
}
