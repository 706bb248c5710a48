// The commander program, built from the operation registry: each op with a `cli` command becomes a
// (sub)command whose flags come from its zod input. Commands that are not operations (ingest,
// serve, mcp, demo) are added by main.ts.
import { Command } from 'commander';
import { existsSync, readFileSync } from 'node:fs';
import { loadConfig } from '../config.js';
import { closeContext, createContext, type Context } from '../context.js';
import { isIsoDate } from '../core/dates.js';
import { TmError } from '../errors.js';
import type { OpDefinition } from '../ops/define-op.js';
import { OPERATIONS } from '../ops/registry.js';
import { baseOf, shapeOf } from '../ops/input.js';
import { checkInputLimits } from '../ops/text-limits.js';
import { EXIT_GATE } from './exit-codes.js';
import { EXPORTS, NOTICES } from './exports.js';
import { addFlags, flagSpecs, inputFromOptions, kebab } from './flags.js';
import { fromZodError, outputMode, reportError, withFlagName } from './output.js';
import { addExportFlags, checkExportFlags, collectRows, rowsCsv, writeResult, type ExportFlags } from './views/export.js';
import { renderHuman } from './views/index.js';
import { listShape } from './views/list-rows.js';
import { tableDefaults } from './views/table.js';

export interface GlobalOptions {
  db?: string;
  json?: boolean;
  asOf?: string;
  wide?: boolean;
}

/** The store a command needs: `create` may make it, `existing` must find it, `optional` runs on an empty one when absent. */
export type StoreNeed = 'create' | 'existing' | 'optional';

/** `--as-of` as a real calendar date (2027-02-30 is refused, never rolled over to March). */
export const checkAsOf = (asOf: string | undefined): void => {
  if (asOf !== undefined && !isIsoDate(asOf)) {
    throw new TmError('validation_error', `--as-of: expected a calendar date as YYYY-MM-DD, got '${asOf}'.`, { param: 'as_of' });
  }
};

/**
 * Opens a context from the global flags; `--as-of` fixes the clock's date for term and deadline
 * maths. Only commands that create things may create a store: a mistyped `--db` on a read
 * command is an error, never a new empty store answering "nothing found".
 */
export const contextFromGlobals = (globals: GlobalOptions, need: StoreNeed = 'create'): Context => {
  checkAsOf(globals.asOf);
  const now = globals.asOf ? `${globals.asOf}T12:00:00.000Z` : undefined;
  const { dbPath } = loadConfig({ db: globals.db });
  if (need !== 'create' && !existsSync(dbPath)) {
    if (need === 'optional') return createContext({ db: ':memory:', now });
    throw new TmError('not_found', `no store at ${dbPath}; create one with \`tm ingest\`.`, { param: 'db' });
  }
  return createContext({ db: globals.db, now });
};

/** Read operations need an existing store; reference lists and inline computations run without one; writes may create it. */
const storeNeed = (op: OpDefinition): StoreNeed =>
  !op.readOnly ? 'create' : op.storeless || op.meter === 'reference' ? 'optional' : 'existing';

const readInputFile = (path: string): Record<string, unknown> => {
  try {
    const text = readFileSync(path === '-' ? 0 : path, 'utf8');
    const value: unknown = JSON.parse(text);
    if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new Error('the top level must be an object');
    return value as Record<string, unknown>;
  } catch (err) {
    throw new TmError('validation_error', `--input ${path}: ${(err as Error).message}`, { param: 'input' });
  }
};

/** With `--csv` and no `--limit`, pages are read at the largest size the operation allows. */
const pageSizeMax = (op: OpDefinition): number | undefined => {
  const limit = shapeOf(op.input)?.limit;
  const max = limit ? (baseOf(limit) as unknown as { maxValue?: number }).maxValue : undefined;
  return typeof max === 'number' && Number.isFinite(max) ? max : undefined;
};

type CommandOptions = Record<string, unknown> & ExportFlags;

/** The document a command prints (or writes with --output): an op's own export, generic CSV, or JSON; null when a view renders. */
const resultText = async (
  op: OpDefinition,
  ctx: Context,
  input: Record<string, unknown>,
  options: CommandOptions,
  explicit: { limit: boolean },
  toTty: boolean,
): Promise<{ text: string; what?: string } | null> => {
  const cap = explicit.limit && typeof input.limit === 'number' ? input.limit : undefined;
  const exported = await EXPORTS[op.name]?.run(ctx, input, { ...options, rowCap: cap });
  if (exported !== undefined && exported !== null) return { text: exported };
  const list = listShape(op.output);
  if (options.csv && list) {
    const max = pageSizeMax(op);
    const first = !explicit.limit && max !== undefined ? { ...input, limit: max } : input;
    const rows = await collectRows((page) => op.run(ctx, page as never), first, list.path, cap);
    return { text: rowsCsv(rows, list.columns), what: `${rows.length} rows` };
  }
  const output = await op.run(ctx, input as never);
  if (!toTty) return { text: `${JSON.stringify(output, null, 2)}\n` };
  tableDefaults.wide = options.wide === true;
  await renderHuman(op.name, output);
  const notice = await NOTICES[op.name]?.(ctx, input as never);
  if (notice) ctx.logger.warn(notice);
  return null;
};

const runOp = async (op: OpDefinition, command: Command, positional: Record<string, unknown>): Promise<void> => {
  const globals = command.optsWithGlobals<GlobalOptions & ExportFlags & { input?: string }>();
  const mode = outputMode(globals);
  let ctx: Context | null = null;
  const specs = flagSpecs(op.input, Object.keys(positional), op.cli?.flags);
  const flagOf = new Map(specs.map((s) => [s.key, s.flag]));
  try {
    checkAsOf(globals.asOf);
    checkExportFlags(globals);
    const raw = {
      ...(globals.input ? readInputFile(globals.input) : {}),
      ...inputFromOptions(specs, command.opts()),
      ...positional,
    };
    const shape = shapeOf(op.input) ?? {};
    if (globals.asOf && 'as_of_date' in shape && raw.as_of_date === undefined) raw.as_of_date = globals.asOf;
    checkInputLimits(raw, (path) => flagOf.get(path) ?? path);
    const parsed = op.input.safeParse(raw);
    if (!parsed.success) {
      throw fromZodError(parsed.error, (key) => flagOf.get(key) ?? kebab(key));
    }
    ctx = contextFromGlobals(globals, storeNeed(op));
    const input = parsed.data as Record<string, unknown>;
    const options: CommandOptions = { ...command.opts(), wide: globals.wide };
    const toTty = mode.tty && !mode.json && globals.output === undefined;
    const result = await resultText(op, ctx, input, options, { limit: raw.limit !== undefined }, toTty);
    if (result) writeResult(result.text, globals.output, result.what);
    const failure = await EXPORTS[op.name]?.check?.(ctx, input, options);
    if (failure) {
      process.stderr.write(`tm: ${failure}\n`);
      process.exitCode = EXIT_GATE;
    }
  } catch (err) {
    process.exitCode = reportError(withFlagName(err, (key) => flagOf.get(key)), mode);
  } finally {
    if (ctx) await closeContext(ctx);
  }
};

/** Commands (with their subcommands) whose results do not depend on the date: no `--as-of` there. */
const DATELESS = new Set(['serve', 'mcp', 'orgs', 'keys']);

const addGlobalOptions = (command: Command, dated = true): Command => {
  command
    .option('--db <path>', 'SQLite store to use (default: $TM_DB, else $TM_HOME/tm.db)')
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

const parseCommand = (spec: string): { words: string[]; args: string[] } => {
  const parts = spec.trim().split(/\s+/);
  return { words: parts.filter((p) => !/^[<[]/.test(p)), args: parts.filter((p) => /^[<[]/.test(p)) };
};

const argName = (arg: string): string => arg.replace(/[<>[\].]/g, '');

const commandAt = (root: Command, words: string[]): Command => {
  let current = root;
  for (const word of words) {
    current = current.commands.find((c) => c.name() === word) ?? current.command(word).description(`${word} commands`);
  }
  return current;
};

export const addOperationCommands = (program: Command, operations: readonly OpDefinition[] = OPERATIONS): void => {
  for (const op of operations) {
    if (!op.cli) continue;
    const { words, args } = parseCommand(op.cli.command);
    const command = commandAt(program, words).description(op.summary);
    for (const arg of args) command.argument(arg);
    addFlags(command, flagSpecs(op.input, args.map(argName), op.cli.flags));
    command.option('--input <file>', 'read the input as a JSON object from a file, or - for stdin');
    EXPORTS[op.name]?.flags(command);
    addExportFlags(command, listShape(op.output) !== null);
    command.action(async (...values: unknown[]) => {
      const cmd = values[values.length - 1] as Command;
      const positional: Record<string, unknown> = {};
      args.forEach((arg, i) => {
        if (values[i] !== undefined) positional[argName(arg)] = values[i];
      });
      const file = op.cli?.file;
      if (file && typeof positional[file.arg] === 'string') {
        const path = positional[file.arg] as string;
        delete positional[file.arg];
        try {
          Object.assign(positional, file.read(readFileSync(path === '-' ? 0 : path, 'utf8'), path === '-' ? 'stdin' : path));
        } catch (err) {
          const error = err instanceof TmError ? err : new TmError('input_error', `${path}: ${(err as Error).message}`, { param: file.arg });
          process.exitCode = reportError(error, outputMode(cmd.optsWithGlobals<GlobalOptions>()));
          return;
        }
      }
      await runOp(op, cmd, positional);
    });
  }
};
