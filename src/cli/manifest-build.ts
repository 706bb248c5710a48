// Builds the CLI manifest (manifest.ts) from the operation registry and the command modules:
// names, summaries, arguments and flags, and where each operation's module is. `npm run build`
// writes it next to the built CLI (`node dist/src/cli/manifest-build.js`); a test checks that the
// built one is what the registry gives now.
import { Command } from 'commander';
import { readdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { OpDefinition } from '../ops/define-op.js';
import { OPERATIONS } from '../ops/registry.js';
import { flagSpecs } from './flags.js';
import type { Manifest, ManifestCommand, ManifestOp } from './manifest.js';
import { listShape } from './views/list-rows.js';

interface CommandModule {
  module: string;
  add: string;
  load: () => Promise<object>;
}

/** Commands that are not operations, by module; those before the operations come first in help. */
const COMMAND_MODULES: Record<'before' | 'after', CommandModule[]> = {
  before: [{ module: 'ingest', add: 'addIngestCommand', load: () => import('./commands/ingest.js') }],
  after: [
    { module: 'servers', add: 'addServerCommands', load: () => import('./commands/servers.js') },
    { module: 'events', add: 'addEventsCommand', load: () => import('./commands/events.js') },
    { module: 'deliver', add: 'addDeliverCommand', load: () => import('./commands/deliver.js') },
    { module: 'migrate', add: 'addMigrateCommand', load: () => import('./commands/migrate.js') },
    { module: 'copy', add: 'addCopyCommand', load: () => import('./commands/copy.js') },
    { module: 'demo', add: 'addDemoCommand', load: () => import('./commands/demo.js') },
  ],
};

const OPS_DIR = new URL('../ops/', import.meta.url);

/** Which module and export holds each operation, found by importing every module under ops/. */
const locateOperations = async (): Promise<Map<OpDefinition, { module: string; export: string }>> => {
  const where = new Map<OpDefinition, { module: string; export: string }>();
  const files = readdirSync(OPS_DIR, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.js') && !/(^|\/)(index|registry)\.js$/.test(f))
    .sort();
  for (const file of files) {
    const mod = (await import(new URL(file, OPS_DIR).href)) as Record<string, unknown>;
    for (const [name, value] of Object.entries(mod)) {
      if (OPERATIONS.includes(value as OpDefinition) && !where.has(value as OpDefinition)) where.set(value as OpDefinition, { module: file, export: name });
    }
  }
  return where;
};

const routeOf = (http: NonNullable<OpDefinition['http']>): NonNullable<ManifestOp['http']> => ({
  method: http.method,
  path: http.path,
  ...(http.produces ? { produces: http.produces } : {}),
  ...(http.shape ? { shape: http.shape } : {}),
});

const entryOf = (op: OpDefinition & { cli: NonNullable<OpDefinition['cli']> }): ManifestOp => {
  const parts = op.cli.command.trim().split(/\s+/);
  const args = parts.filter((p) => /^[<[]/.test(p));
  return {
    name: op.name,
    summary: op.summary,
    words: parts.filter((p) => !/^[<[]/.test(p)),
    args,
    flags: flagSpecs(op.input, args.map((a) => a.replace(/[<>[\].]/g, '')), op.cli.flags),
    list: listShape(op.output) !== null,
    ...(op.http && !op.local ? { http: routeOf(op.http) } : {}),
    ...(op.local ? { local: true } : {}),
    ...(op.cli.flagOn ? { flagOn: op.cli.flagOn.split(/\s+/) } : {}),
  };
};

const commandsOf = async (specs: CommandModule[]): Promise<(ManifestCommand & { args: string[] })[]> => {
  const out: (ManifestCommand & { args: string[] })[] = [];
  for (const spec of specs) {
    const scratch = new Command('tm');
    const mod = (await spec.load()) as Record<string, (program: Command) => void>;
    mod[spec.add]!(scratch);
    for (const c of scratch.commands) {
      const args = c.registeredArguments.map((a) => {
        const name = `${a.name()}${a.variadic ? '...' : ''}`;
        return a.required ? `<${name}>` : `[${name}]`;
      });
      out.push({ name: c.name(), description: c.description(), args, module: spec.module, add: spec.add });
    }
  }
  return out;
};

/** The manifest; with `locate`, each operation's module too (only the built CLI imports by path). */
export const buildManifest = async (locate = false): Promise<Manifest> => {
  const where = locate ? await locateOperations() : null;
  const ops = OPERATIONS.filter((op): op is OpDefinition & { cli: NonNullable<OpDefinition['cli']> } => op.cli !== undefined).map((op) => {
    const place = where?.get(op);
    if (where && !place) throw new Error(`operation ${op.name} is not exported by any module under ops/`);
    return { ...entryOf(op), ...place };
  });
  const before = await commandsOf(COMMAND_MODULES.before);
  const after = await commandsOf(COMMAND_MODULES.after);
  const groups = new Map<string, { description: string; args: string[] }>();
  for (const op of ops) {
    const word = op.words[0]!;
    if (op.words.length === 1) groups.set(word, { description: op.summary, args: op.args });
    else if (!groups.has(word)) groups.set(word, { description: `${word} commands`, args: [] });
  }
  return {
    order: [
      ...before.map((c) => ({ name: c.name, description: c.description, args: c.args, kind: 'command' as const })),
      ...[...groups].map(([name, g]) => ({ name, ...g, kind: 'ops' as const })),
      ...after.map((c) => ({ name: c.name, description: c.description, args: c.args, kind: 'command' as const })),
    ],
    ops,
    commands: [...before, ...after].map(({ args: _args, ...c }) => c),
  };
};

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const target = new URL('./manifest.json', import.meta.url);
  writeFileSync(target, `${JSON.stringify(await buildManifest(true))}\n`);
}
