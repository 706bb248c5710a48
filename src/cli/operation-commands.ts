// An operation's commander command from its manifest entry: arguments, the input's flags, the
// export and paging flags, `--remote` and `--org`; the action imports the operation and the
// runner (program.ts) only when it runs. An operation with `cli.flagOn` is also a flag of its host
// command (`tm search --image FILE` runs search_image).
import type { Command } from 'commander';
import { EXPORTS } from './exports.js';
import { TmError } from '../errors.js';
import { addFlags, camel, kebab } from './flags.js';
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

const sameWords = (a: readonly string[], b: readonly string[]): boolean => a.length === b.length && a.every((w, i) => w === b[i]);

/** The flag that runs a guest operation on its host command: its file argument, `--image <file>`. */
const guestFlag = (guest: ManifestOp): string => kebab(argName(guest.args[0]!));

/**
 * Gives a host command (`tm search`) its guests' flags: `--image <file>` and the guest's own flags
 * the host lacks (`--threshold`); flags both have (`--office`, `--limit`) are shared.
 */
const addGuestFlags = (command: Command, guests: readonly ManifestOp[]): void => {
  for (const guest of guests) {
    command.option(`--${guestFlag(guest)} <file>`, `${guest.summary}: the ${argName(guest.args[0]!)} file, or - for stdin`);
    const own = guest.flags.filter((f) => !command.options.some((o) => o.long === `--${f.flag}`));
    addFlags(command, own.map((f) => ({ ...f, description: `with --${guestFlag(guest)}: ${f.description}` })));
  }
};

/**
 * The guest whose flag was given, or null. With one, the host's positional arguments and its own
 * flags (those the guest does not share) are one line and exit 2.
 */
const guestChosen = (entry: ManifestOp, guests: readonly ManifestOp[], command: Command, values: unknown[]): ManifestOp | null => {
  const opts = command.opts();
  const guest = guests.find((g) => opts[camel(guestFlag(g))] !== undefined);
  if (!guest) return null;
  const shared = new Set(guest.flags.map((f) => f.flag));
  const given = [
    ...entry.args.filter((_, i) => values[i] !== undefined).map(argName),
    ...entry.flags.filter((f) => !shared.has(f.flag) && opts[camel(f.flag)] !== undefined).map((f) => `--${f.flag}`),
  ];
  if (given.length) {
    throw new TmError('conflicting_params', `--${guestFlag(guest)} cannot be combined with ${given.join(', ')}: it searches by the file alone (its flags: ${[...shared].map((f) => `--${f}`).join(', ')}).`, { param: guestFlag(guest) });
  }
  return guest;
};

/** Adds the operations' commands; the action imports the operation and the runner only when it runs. */
export const addOperationCommands = (program: Command, ops: readonly ManifestOp[], guests: readonly ManifestOp[] = []): void => {
  for (const entry of ops) {
    const command = commandAt(program, entry.words).description(entry.summary);
    for (const arg of entry.args) command.argument(arg);
    addFlags(command, entry.flags);
    const mine = guests.filter((g) => g.flagOn && sameWords(g.flagOn, entry.words));
    addGuestFlags(command, mine);
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
      let guest: ManifestOp | null;
      try {
        guest = guestChosen(entry, mine, cmd, values);
      } catch (err) {
        // Imported here: the output module (and zod) is for a command that runs.
        const { outputMode, reportError } = await import('./output.js');
        process.exitCode = reportError(err, outputMode(cmd.optsWithGlobals()));
        return;
      }
      if (guest) {
        const [op, { runCommand }] = await Promise.all([loadOperation(guest), import('./program.js')]);
        await runCommand(op, guest, cmd, { [argName(guest.args[0]!)]: cmd.opts()[camel(guestFlag(guest))] });
        return;
      }
      const positional: Record<string, unknown> = {};
      entry.args.forEach((arg, i) => {
        if (values[i] !== undefined) positional[argName(arg)] = values[i];
      });
      const [op, { runCommand }] = await Promise.all([loadOperation(entry), import('./program.js')]);
      await runCommand(op, entry, cmd, positional);
    });
  }
};

