// `npm run build` step: zod ships as about a hundred ES modules, and Node 20 pays for each one it
// resolves, reads, compiles and links: some 0.1 s of start-up, as much as `node -e 0` itself, for
// every command that validates its input (issue 26.12, `npm run bench:startup`). The build bundles
// the package into one module at dist/node_modules/zod, which Node's resolution finds first from
// the built code under dist/src; the TypeScript sources (tests) and other packages keep the
// installed copy. No package takes the built code's schemas (the MCP SDK gets JSON Schema), so
// the two copies never meet. The bundle keeps English alone of zod's 60-odd message locales (tm
// sets no other) and is minified, names kept (zod reads constructor names): 0.2 MB instead of
// 0.76 MB to compile on every start, about 10 ms of CPU less per command. commander likewise, at
// dist/node_modules/commander: six CommonJS files that Node's ES-module loader also scans for
// their export names, against one minified module (42 KB) that loaded in less than half the time
// on the bench machine (every command but `tm --version` parses its line with it).
import { build, type Plugin } from 'esbuild';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { packageRoot } from '../data-files.js';

/** zod's locale index as English alone: `z.locales.en` stays, the default messages are unchanged. */
const englishOnly: Plugin = {
  name: 'zod-english-only',
  setup(b) {
    b.onResolve({ filter: /\/locales\/index\.js$/ }, (args) => ({ path: resolve(args.resolveDir, args.path), namespace: 'zod-locales' }));
    b.onLoad({ filter: /.*/, namespace: 'zod-locales' }, (args) => ({ contents: "export { default as en } from './en.js';\n", resolveDir: dirname(args.path), loader: 'js' }));
  },
};

/** The package.json that makes Node's resolution from dist/src take the bundle for the package. */
const writePackage = (out: string, name: string, version: string): void => {
  writeFileSync(join(out, 'package.json'), `${JSON.stringify({ name, version, type: 'module', exports: { '.': './index.js' }, description: `${name} bundled into one module by tm's build (src/cli/vendor-build.ts)` }, null, 2)}\n`);
};

export const vendorZod = async (distRoot: string): Promise<void> => {
  const out = join(distRoot, 'node_modules', 'zod');
  mkdirSync(out, { recursive: true });
  // The installed package, resolved from the package root: never the bundle a previous build left under dist/.
  const root = packageRoot();
  const installed = JSON.parse(readFileSync(join(root, 'node_modules', 'zod', 'package.json'), 'utf8')) as { version: string };
  await build({
    stdin: { contents: "export * from 'zod';\nexport { default } from 'zod';\n", resolveDir: root, loader: 'js' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile: join(out, 'index.js'),
    plugins: [englishOnly],
    minify: true,
    keepNames: true,
    logLevel: 'error',
  });
  writePackage(out, 'zod', installed.version);
};

export const vendorCommander = async (distRoot: string): Promise<void> => {
  const out = join(distRoot, 'node_modules', 'commander');
  mkdirSync(out, { recursive: true });
  const root = packageRoot();
  const installed = JSON.parse(readFileSync(join(root, 'node_modules', 'commander', 'package.json'), 'utf8')) as { version: string };
  await build({
    // The package's own ES-module entry (esm.mjs) names its exports.
    stdin: { contents: "export * from 'commander';\n", resolveDir: root, loader: 'js' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile: join(out, 'index.js'),
    // The bundled CommonJS requires Node's built-in modules: an ES module has no `require` of its own.
    // A name of its own, as bench:startup's split bundle puts a `__tmRequire` banner beside this code.
    banner: { js: "import { createRequire as __commanderRequire } from 'node:module'; const require = __commanderRequire(import.meta.url);" },
    minify: true,
    keepNames: true,
    logLevel: 'error',
  });
  writePackage(out, 'commander', installed.version);
};

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const distRoot = fileURLToPath(new URL('../../', import.meta.url));
  await vendorZod(distRoot);
  await vendorCommander(distRoot);
}
