// `npm run build` step: Node 20 pays for every ES module it resolves, reads, compiles and links,
// about a millisecond each on this machine, so a folder of small modules that always load together
// costs start-up for nothing (issue 26.12, `npm run bench:startup`). The SQLite migrations are such
// a folder: thirty modules of SQL text, loaded on every open to learn whether the store is current.
// This step rewrites the built index of such a folder into one module with the folder's files
// inlined; everything outside the folder stays an import with the same relative path, so modules
// with state (the store, the record codec) are still one copy. The TypeScript sources, and the
// tests that run them, keep the separate files.
import { build, type Plugin } from 'esbuild';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Built index modules (under dist/src) whose own folder is inlined into them. */
const INLINED = ['store/sqlite/migrations/index.js'];

/** Keeps every import that leaves the entry's folder (and every package) as it was written. */
const outsideExternal = (folder: string): Plugin => ({
  name: 'outside-external',
  setup(b) {
    b.onResolve({ filter: /.*/ }, (args) => {
      if (args.kind === 'entry-point') return undefined;
      if (!args.path.startsWith('.')) return { path: args.path, external: true };
      const target = resolve(args.resolveDir, args.path);
      if (dirname(target) === folder) return undefined;
      // The output replaces the entry in place, so a path relative to the entry's folder still holds.
      const specifier = relative(folder, target).replaceAll('\\', '/');
      return { path: specifier.startsWith('.') ? specifier : `./${specifier}`, external: true };
    });
  },
});

export const inlineFolders = async (srcRoot: string): Promise<void> => {
  for (const entry of INLINED) {
    const file = join(srcRoot, entry);
    await build({
      entryPoints: [file],
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      outfile: file,
      allowOverwrite: true,
      plugins: [outsideExternal(dirname(file))],
      logLevel: 'error',
    });
  }
};

if (process.argv[1] === fileURLToPath(import.meta.url)) await inlineFolders(fileURLToPath(new URL('../', import.meta.url)));
