// `npm run build` step: Node 20 pays for every ES module it resolves, reads, compiles and links,
// about a millisecond each on this machine, so small modules that always load together cost
// start-up for nothing (issue 26.12, `npm run bench:startup`): the thirty SQLite migrations of SQL
// text every open loads to learn whether the store is current, the SQLite store's repositories,
// the deadline engine's rule modules. This step rewrites each entry below into one module with the
// modules of its folder inlined that only it (or other inlined modules) import statically; every
// other import, and any module some code imports on use, stays an import with the same relative
// path, so no module loads twice, lazy imports stay lazy, and modules with state (the connection
// helpers, the record codec) are still one copy. The TypeScript sources, and the tests that run
// them, keep the separate files.
import { build, type Plugin } from 'esbuild';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Built entry modules (under dist/src) that take in the modules of their folder only they import. */
const INLINED = ['store/sqlite/migrations/index.js', 'store/sqlite/store.js', 'deadlines/engine.js', 'cli/main.js'];

/** The built modules of tm itself (src and bench), not the bundled packages under dist/node_modules. */
const builtModules = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? (e.name === 'node_modules' ? [] : builtModules(join(dir, e.name))) : e.name.endsWith('.js') ? [join(dir, e.name)] : [],
  );

/** The importer recorded for an `import()`: never the entry nor an inlined module. */
const DYNAMIC = '(import on use)';

/** Every module each built module names, statically or by `import()`: the importers of each module. */
const importersOf = (distRoot: string): Map<string, Set<string>> => {
  const importers = new Map<string, Set<string>>();
  for (const file of builtModules(distRoot)) {
    for (const [, how, spec] of readFileSync(file, 'utf8').matchAll(/(from|import\(?)\s*['"](\.{1,2}\/[^'"]+)['"]/g)) {
      const target = resolve(dirname(file), spec!);
      if (!importers.has(target)) importers.set(target, new Set());
      // A module imported on use stays a module of its own: inlined, it would load with its importer.
      importers.get(target)!.add(how === 'import(' ? DYNAMIC : file);
    }
  }
  return importers;
};

/** The modules of the entry's folder it reaches whose every importer is the entry or another of them. */
const ownModules = (entry: string, importers: Map<string, Set<string>>): Set<string> => {
  const folder = dirname(entry);
  const own = new Set<string>();
  const visit = (file: string): void => {
    for (const [target, from] of importers) {
      if (from.has(file) && dirname(target) === folder && target !== entry && !own.has(target)) {
        own.add(target);
        visit(target);
      }
    }
  };
  visit(entry);
  for (let changed = true; changed; ) {
    changed = false;
    for (const file of own) {
      if ([...importers.get(file)!].some((from) => from !== entry && !own.has(from))) {
        own.delete(file);
        changed = true;
      }
    }
  }
  return own;
};

/** Inlines the entry's own modules and keeps every other import (and every package) as it was written. */
const inlineOwn = (folder: string, own: Set<string>): Plugin => ({
  name: 'inline-own',
  setup(b) {
    b.onResolve({ filter: /.*/ }, (args) => {
      if (args.kind === 'entry-point') return undefined;
      if (!args.path.startsWith('.')) return { path: args.path, external: true };
      const target = resolve(args.resolveDir, args.path);
      if (own.has(target)) return undefined;
      // The output replaces the entry in place, so a path relative to the entry's folder still holds.
      const specifier = relative(folder, target).replaceAll('\\', '/');
      return { path: specifier.startsWith('.') ? specifier : `./${specifier}`, external: true };
    });
  },
});

export const inlineFolders = async (distRoot: string): Promise<void> => {
  const importers = importersOf(distRoot);
  for (const entry of INLINED) {
    const file = join(distRoot, 'src', entry);
    const own = ownModules(file, importers);
    await build({
      entryPoints: [file],
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      outfile: file,
      allowOverwrite: true,
      plugins: [inlineOwn(dirname(file), own)],
      logLevel: 'error',
    });
  }
};

if (process.argv[1] === fileURLToPath(import.meta.url)) await inlineFolders(fileURLToPath(new URL('../../', import.meta.url)));
