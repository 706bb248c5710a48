// The CLI manifest: every command's name, summary, arguments and flags, written at build time
// (manifest-build.ts, `npm run build`) so that `tm` builds its commander tree without importing
// the operations, their zod schemas or the store. A command imports its own operation only when
// it runs. Without a built manifest (tests running the TypeScript sources) it is built in-process
// from the registry, which is what the build writes.
import { existsSync, readFileSync } from 'node:fs';
import type { OpDefinition } from '../ops/define-op.js';
import type { FlagSpec } from './flags.js';

export interface ManifestOp {
  name: string;
  summary: string;
  /** The command words, e.g. ['deadlines', 'rules']. */
  words: string[];
  /** Positional arguments as commander spells them, e.g. '<q>' or '[ids...]'. */
  args: string[];
  flags: FlagSpec[];
  /** The output is a list, so `--csv` and `--output` are offered. */
  list: boolean;
  /** The HTTP route, for `--remote`; absent for local administration (`tm orgs create`). */
  http?: { method: 'GET' | 'POST' | 'PATCH' | 'DELETE'; path: string; produces?: string; shape?: 'earlier' };
  /** The command words this operation is also a flag of (`tm search --image FILE`): its file argument as the flag. */
  flagOn?: string[];
  /** Administration of the machine holding the store (`tm orgs`, `tm keys`): always runs locally. */
  local?: boolean;
  /** Where the built operation lives, relative to dist/src/ops (absent in an in-process manifest). */
  module?: string;
  export?: string;
}

/** A top-level command that is not an operation (ingest, serve, mcp …), added by `add` from its module. */
export interface ManifestCommand {
  name: string;
  description: string;
  /** Its file under cli/commands, without the extension. */
  module: string;
  add: string;
}

export interface Manifest {
  /** Top-level command names in help order, each an operation group ('ops') or a command module. */
  order: { name: string; description: string; args: string[]; kind: 'ops' | 'command' }[];
  ops: ManifestOp[];
  commands: ManifestCommand[];
}

const MANIFEST_URL = new URL('./manifest.json', import.meta.url);

let loaded: Manifest | null = null;

export const loadManifest = async (): Promise<Manifest> => {
  if (loaded) return loaded;
  if (existsSync(MANIFEST_URL)) {
    loaded = JSON.parse(readFileSync(MANIFEST_URL, 'utf8')) as Manifest;
  } else {
    const { buildManifest } = await import('./manifest-build.js');
    loaded = await buildManifest();
  }
  return loaded;
};

/** The operation behind a manifest entry: its own module when built, else the registry. */
export const loadOperation = async (entry: ManifestOp): Promise<OpDefinition> => {
  const op = entry.module && entry.export
    ? ((await import(new URL(`../ops/${entry.module}`, import.meta.url).href)) as Record<string, OpDefinition | undefined>)[entry.export]
    : (await import('../ops/registry.js')).findOperation(entry.name);
  if (op?.name !== entry.name) throw new Error(`the CLI manifest is out of date for ${entry.name}; rebuild with \`npm run build\``);
  return op;
};

/** Global flags that take a value, skipped when looking for the command word. */
const VALUE_FLAGS = new Set(['--db', '--as-of', '--remote', '--org']);

/**
 * The top-level command the arguments name, so only that command is built in full (the others
 * are a name and a line of help); null when none is named (`tm --version`, `tm --help`).
 */
export const commandWord = (argv: readonly string[]): string | null => {
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i]!;
    if (arg === '--') return argv[i + 1] ?? null;
    if (VALUE_FLAGS.has(arg)) i += 1;
    else if (!arg.startsWith('-')) return arg;
  }
  return null;
};
