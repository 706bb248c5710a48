// The CLI starts from a built manifest: it must be what the registry gives now, every entry must
// name the module that holds its operation, and a command must import only what it uses.
import { execa } from 'execa';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { Command } from 'commander';
import { addCommands } from '../../src/cli/command-tree.js';
import { buildManifest } from '../../src/cli/manifest-build.js';
import type { Manifest } from '../../src/cli/manifest.js';
import { storeLocation, TEST_BACKEND } from '../helpers/test-backend.js';

const BUILT = 'dist/src/cli/manifest.json';
const built = JSON.parse(readFileSync(BUILT, 'utf8')) as Manifest;
const dir = mkdtempSync(join(tmpdir(), 'tm-manifest-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The file modules a `tm` process imported. */
const modulesOf = async (...args: string[]): Promise<string[]> => {
  const log = join(dir, `${args.join('_').replace(/\W/g, '')}.log`);
  const r = await execa('node', ['--import', './test/helpers/module-log.mjs', 'bin/tm.js', ...args], {
    env: { TM_MODULE_LOG: log, TM_HOME: dir },
    reject: false,
  });
  if (r.exitCode !== 0 && !args.some((a) => a.endsWith('none.db'))) throw new Error(`tm ${args.join(' ')} exited ${r.exitCode}: ${r.stderr}`);
  return readFileSync(log, 'utf8').trim().split('\n');
};

/** A store of two marks, for the commands that need one. */
const store = async (): Promise<{ db: string; id: string }> => {
  const db = storeLocation(dir);
  writeFileSync(join(dir, 'two.ndjson'), ['LUPO NERO', 'SUNBLAZE'].map((m, i) => JSON.stringify({ office_code: 'EM', application_number: String(40_000_000 + i), mark_text: m })).join('\n'));
  await execa('node', ['bin/tm.js', 'ingest', join(dir, 'two.ndjson'), '--db', db], { env: { TM_HOME: dir } });
  const found = await execa('node', ['bin/tm.js', 'search', 'LUPO', '--json', '--db', db], { env: { TM_HOME: dir } });
  return { db, id: (JSON.parse(found.stdout) as { data: { id: string }[] }).data[0]!.id };
};

describe('the CLI manifest', () => {
  it('is current: the built manifest is what the registry and command modules give now (run `npm run build`)', async () => {
    const fresh = await buildManifest();
    const strip = (m: Manifest) => ({ ...m, ops: m.ops.map(({ module: _m, export: _e, ...rest }) => rest) });
    expect(strip(built)).toEqual(fresh);
  });

  it('names, for every operation, the module that exports it', async () => {
    for (const entry of built.ops) {
      expect(entry.module, entry.name).toBeDefined();
      const mod = (await import(pathToFileURL(join('dist/src/ops', entry.module!)).href)) as Record<string, { name: string }>;
      expect(mod[entry.export!]?.name, entry.name).toBe(entry.name);
    }
  });

  it('builds only the command the line names; every command for none (the help) or an unknown one (the suggestion)', async () => {
    const names = async (word: string | null): Promise<string[]> => {
      const program = new Command('tm');
      await addCommands(program, built, word);
      return program.commands.map((c) => c.name());
    };
    const all = built.order.map((c) => c.name);
    expect(await names('show')).toEqual(['show']);
    expect(await names('deadlines')).toEqual(['deadlines']);
    expect(await names(null)).toEqual(all);
    expect(await names('shwo')).toEqual(all);
  });

  it.each([['--version'], ['--help']])('lets `tm %s` start without any operation, schema or store', async (flag) => {
    const loaded = await modulesOf(flag);
    const opModules = new Set(built.ops.map((op) => op.module));
    expect(loaded.some((u) => u.endsWith('/dist/src/cli/main.js'))).toBe(true);
    expect(loaded.filter((u) => opModules.has(u.replace(/.*\/dist\/src\/ops\//, '')))).toEqual([]);
    expect(loaded.filter((u) => /node_modules\/(zod|better-sqlite3|ink|react|hono|@modelcontextprotocol)\//.test(u))).toEqual([]);
  });

  it('answers `tm --version` alone without commander or the manifest', async () => {
    const loaded = await modulesOf('--version');
    expect(loaded.filter((u) => /node_modules\/commander\/|\/cli\/(manifest|command-tree)\.js$/.test(u))).toEqual([]);
  });

  it('opens the search index only for a command that searches: `tm show ID --json` loads no search module, no judgement and no table view', async () => {
    const { db, id } = await store();
    const show = await modulesOf('show', id, '--json', '--db', db);
    expect(show.some((u) => u.endsWith('/dist/src/ops/get-trademark.js'))).toBe(true);
    expect(show.filter((u) => /\/dist\/src\/search\/(search-index|judge|conceptual|analyze)\.js$|node_modules\/string-width\//.test(u))).toEqual([]);
    // zod as the one module the build bundled (src/cli/vendor-build.ts), not its hundred files.
    expect(show.filter((u) => /\/zod\//.test(u))).toEqual([expect.stringMatching(/\/dist\/node_modules\/zod\/index\.js$/)]);
    // The SQLite migrations as the one module the build inlined (src/cli/inline-build.ts), not their thirty files.
    if (TEST_BACKEND === 'sqlite') expect(show.filter((u) => /\/store\/sqlite\/migrations\//.test(u)).map((u) => u.replace(/.*\/migrations\//, '')).sort()).toEqual(['001-core.js', '002-search.js', '005-cursor-secret.js', 'index.js']);
    // A read loads no module of the trademarks' write side (record diffs, the upsert rule): they load on the first write.
    if (TEST_BACKEND === 'sqlite') expect(show.filter((u) => /\/dist\/src\/(store\/sqlite\/trademark-writes|core\/diff|store\/upsert-rule)\.js$/.test(u))).toEqual([]);
    // commander as the one module the build bundled (src/cli/vendor-build.ts), not its CommonJS files.
    expect(show.filter((u) => /\/commander\//.test(u))).toEqual([expect.stringMatching(/\/dist\/node_modules\/commander\/index\.js$/)]);
    const search = await modulesOf('search', 'LUPO', '--json', '--db', db);
    expect(search.some((u) => u.endsWith('/dist/src/search/search-index.js'))).toBe(true);
    expect(search.filter((u) => /node_modules\/(string-width|ink|react)\//.test(u))).toEqual([]);
    // The filters' modules (reference data, party merges, design codes) load only for a search that has such a filter.
    const filterModules = /\/dist\/src\/(ops\/reference\/data|ops\/parties\/(counts|party-merges)|ops\/trademarks\/design-code-search|core\/reference-data)\.js$/;
    expect(search.filter((u) => filterModules.test(u))).toEqual([]);
    const byOffice = await modulesOf('search', 'LUPO', '--office', 'EM', '--json', '--db', db);
    expect(byOffice.some((u) => u.endsWith('/dist/src/ops/reference/data.js'))).toBe(true);
  });

  it('loads one operation for `tm stats --json`, and neither ink, React, Hono nor the MCP SDK', async () => {
    const loaded = await modulesOf('stats', '--json', '--db', join(dir, 'none.db'));
    const ops = loaded.filter((u) => /\/dist\/src\/ops\/[^/]+\.js$/.test(u)).map((u) => u.replace(/.*\/ops\//, ''));
    expect(ops).toContain('get-stats.js');
    expect(ops).not.toContain('search-trademarks.js');
    expect(ops).not.toContain('registry.js');
    expect(loaded.filter((u) => /node_modules\/(ink|react|hono|@hono|@modelcontextprotocol)\//.test(u))).toEqual([]);
  });
});
