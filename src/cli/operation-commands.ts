// An operation's commander command from its manifest entry: arguments, the input's flags, the
// export and paging flags, `--remote` and `--org`; the action imports the operation and the
// runner (program.ts) only when it runs.
import type { Command } from 'commander';
import { EXPORTS } from './exports.js';
import { addFlags } from './flags.js';
import { loadOperation, type ManifestOp } from './manifest.js';
import { addExportFlags, addPageFlags } from './views/export.js';

const argName = (arg: string): string => arg.replace(/[<>[\].]/g, '');

/** The command at these words, made (with a placeholder description) where missing. */
const commandAt = (root: Command, words: string[]): Command => {
  let current = root;
  for (const word of words) {
    current = current.commands.find((c) => c.name() === word) ?? current.command(word).description(`${word} commands`);
  }
  return current;
};

/** Adds the operations' commands; the action imports the operation and the runner only when it runs. */
export const addOperationCommands = (program: Command, ops: readonly ManifestOp[]): void => {
  for (const entry of ops) {
    const command = commandAt(program, entry.words).description(entry.summary);
    for (const arg of entry.args) command.argument(arg);
    addFlags(command, entry.flags);
    command.option('--input <file>', 'read the input as a JSON object from a file, or - for stdin');
    if (entry.http) {
      command.option('--remote <url>', 'run on this tm serve as the organization of $TM_API_KEY (default $TM_URL)');
      if (!entry.flags.some((f) => f.flag === 'org')) command.option('--org <org_id>', 'on the machine holding the store: act for this organization');
    }
    EXPORTS[entry.name]?.flags(command);
    addExportFlags(command, entry.list);
    if (entry.list) addPageFlags(command);
    command.action(async (...values: unknown[]) => {
      const cmd = values[values.length - 1] as Command;
      const positional: Record<string, unknown> = {};
      entry.args.forEach((arg, i) => {
        if (values[i] !== undefined) positional[argName(arg)] = values[i];
      });
      const [op, { runCommand }] = await Promise.all([loadOperation(entry), import('./program.js')]);
      await runCommand(op, entry, cmd, positional);
    });
  }
};

