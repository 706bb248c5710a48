// docs/mcp.md lists what tools/list serves: its tool table is the one the registry gives now
// (`npm run docs:mcp` rewrites it).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DOC_PATH, toolTable, withTable } from '../../bench/docs-mcp.js';
import { buildTools } from '../../src/mcp/tools.js';

describe('docs/mcp.md', () => {
  it('has the tool table of the served tools', () => {
    const doc = readFileSync(DOC_PATH, 'utf8');
    expect(doc).toContain(toolTable());
    expect(withTable(doc)).toBe(doc);
    for (const tool of buildTools()) expect(doc).toContain(`| \`${tool.name}\` |`);
  });
});
