// The commander tree of `tm`, built from the manifest (manifest.ts) without importing any
// operation: the command a user names is built in full (operation-commands.ts, or its command
// module), every other one is a name and a line of help. Global flags (`--db`, `--json` …) go on
// every command.
import { Command } from 'commander';
import type { Manifest } from './manifest.js';

/** Commands (with their subcommands) whose results do not depend on the date: no `--as-of` there. */
const DATELESS = new Set(['serve', 'mcp', 'orgs', 'keys']);

const addGlobalOptions = (command: Command, dated = true): Command => {
  command
    .option('--db <path>', 'store to use: a SQLite file path or a postgres:// URL (default: $TM_DB, else $TM_HOME/tm.db)')
    .option('--json', 'print JSON instead of a table')
    .option('--wide', 'show every table column in full, however wide the terminal');
  return dated ? command.option('--as-of <date>', 'compute terms and deadlines as of this date (YYYY-MM-DD)') : command;
};

/**
 * Gives every command the global flags and makes options positional, so each flag belongs to the
 * command it follows: `deadlines --office US` filters the docket, `deadlines rules --office US`
 * the rule catalog, and `--json`/`--db` work before or after any command.
 */
export const finishProgram = (program: Command): void => {
  addGlobalOptions(program).enablePositionalOptions();
  const walk = (command: Command, dated: boolean): void => {
    for (const sub of command.commands) {
      const subDated = dated && !(command === program && DATELESS.has(sub.name()));
      addGlobalOptions(sub, subDated);
      if (sub.commands.length > 0) sub.enablePositionalOptions();
      walk(sub, subDated);
    }
  };
  walk(program, true);
};

/**
 * Adds the top-level commands of the manifest. A known `word` (the one the arguments name) is the
 * only command built: nothing else is parsed or shown, and fifty stubs with their global flags
 * were a few ms of every command's start (issue 26.12). An unknown word builds them all in full,
 * so commander can suggest the nearest; none (`tm`, `tm --help`) adds each as a name and
 * description, for the help's list.
 */
export const addCommands = async (program: Command, manifest: Manifest, word: string | null): Promise<void> => {
  const known = manifest.order.some((c) => c.name === word);
  const full = (name: string): boolean => (word !== null && !known) || name === word;
  for (const top of manifest.order) {
    if (known && top.name !== word) continue;
    if (!full(top.name)) {
      const stub = program.command(top.name).description(top.description);
      for (const arg of top.args) stub.argument(arg);
    } else if (top.kind === 'ops') {
      const { addOperationCommands } = await import('./operation-commands.js');
      const guests = manifest.ops.filter((op) => op.flagOn?.[0] === top.name);
      addOperationCommands(program, manifest.ops.filter((op) => op.words[0] === top.name), guests);
    } else {
      const spec = manifest.commands.find((c) => c.name === top.name)!;
      const mod = (await import(/* @vite-ignore */ new URL(`./commands/${spec.module}.js`, import.meta.url).href)) as Record<string, (p: Command) => void>;
      // A module may add several commands (serve and mcp): keep only the one asked for.
      const scratch = new Command('tm');
      mod[spec.add]!(scratch);
      const built = scratch.commands.find((c) => c.name() === top.name)!;
      program.addCommand(built.copyInheritedSettings(program));
    }
  }
};
