// Runs an operation's command once commander has parsed it (command-tree.ts builds the tree from
// the manifest): input from flags, positionals and --input, validated by the operation's zod
// schema, then the result as JSON, CSV, an export or a view. Also the store a command opens.
import type { Command } from 'commander';
import { existsSync, readFileSync } from 'node:fs';
import { config as zodConfig } from 'zod';
import { loadConfig } from '../config.js';
import type { Context } from '../context.js';
import { closeContext, openContext } from '../context-open.js';
import { isIsoDate } from '../core/dates.js';
import { TmError } from '../errors.js';
import { isPostgresUrl } from '../store/location.js';
import { runRouted } from '../read-routing.js';
import type { OpDefinition } from '../ops/define-op.js';
import { expandIdPrefixes } from '../ops/ids/id-prefixes.js';
import { baseOf, shapeOf } from '../ops/input.js';
import { checkInputLimits } from '../ops/text-limits.js';
import { EXIT_GATE } from './exit-codes.js';
import { EXPORTS, NOTICES } from './exports.js';
import { inputFromOptions, kebab } from './flags.js';
import type { ManifestOp } from './manifest.js';
import { remoteCall, remoteTarget } from './remote.js';
import { fromZodError, outputMode, reportError, withFlagName } from './output.js';
import { morePagesNote, reportWarnings, warningsOf } from './completeness.js';
import { reportRowsNotFound } from './rows-not-found.js';
import { checkExportFlags, checkOutputPath, collectRows, rowCount, rowsCsv, writeResult, type ExportFlags } from './views/export.js';
import { renderHuman } from './views/index.js';
import { listShape, rowsAt, withRows } from './views/list-rows.js';

export interface GlobalOptions {
  db?: string;
  /** A `tm serve` to run the command on (remote.ts). */
  remote?: string;
  /** On the machine holding the store: the organization to act for. */
  org?: string;
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
export const contextFromGlobals = async (globals: GlobalOptions, need: StoreNeed = 'create'): Promise<Context> => {
  checkAsOf(globals.asOf);
  const now = globals.asOf ? `${globals.asOf}T12:00:00.000Z` : undefined;
  const { dbPath } = loadConfig({ db: globals.db });
  // A PostgreSQL URL is never a path: the server says whether its database exists.
  if (need !== 'create' && !isPostgresUrl(dbPath) && !existsSync(dbPath)) {
    if (need === 'optional') return openContext({ db: ':memory:', now });
    throw new TmError('not_found', `no store at ${dbPath}; create one with \`tm ingest\`.`, { param: 'db' });
  }
  return openContext({ db: globals.db, now });
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

/** Runs the operation: locally on the store, or on a `tm serve` with `--remote`. */
type Run = (input: Record<string, unknown>) => Promise<unknown>;

/** The document a command prints (or writes with --output): an op's own export, every row (CSV, JSON, NDJSON), or JSON; null when a view renders. */
const resultText = async (
  op: OpDefinition,
  ctx: Context,
  run: Run,
  input: Record<string, unknown>,
  options: CommandOptions,
  explicit: { limit: boolean },
  toTty: boolean,
): Promise<{ text: string; what?: string } | null> => {
  const cap = explicit.limit && typeof input.limit === 'number' ? input.limit : undefined;
  const exported = await EXPORTS[op.name]?.run(ctx, input, { ...options, rowCap: cap });
  if (exported !== undefined && exported !== null) return { text: exported };
  // A document (`tm screenings report --format md`) is printed as itself; --json gives its envelope.
  if (op.http?.documents && !options.json) return { text: ((await run(input)) as { content: string }).content };
  const list = listShape(op.output);
  if (list && (options.csv || options.all || options.ndjson)) {
    const max = pageSizeMax(op);
    const first = !explicit.limit && max !== undefined ? { ...input, limit: max } : input;
    const { rows, warnings, last } = await collectRows(run, first, list.path, cap);
    reportWarnings(warnings);
    const what = rowCount(rows.length);
    if (options.csv) return { text: rowsCsv(rows, list.columns), what };
    if (options.ndjson) return { text: rows.map((r) => `${JSON.stringify(r)}\n`).join(''), what };
    if (!toTty) return { text: `${JSON.stringify(rows, null, 2)}\n`, what };
    await renderHuman(op.name, withRows(last, list.path, rows), options.wide === true);
    return null;
  }
  const output = await run(input);
  reportWarnings(warningsOf(output));
  reportRowsNotFound(op.name, output);
  if (!toTty) {
    const page = list ? rowsAt(output, list.path) : null;
    const note = page ? morePagesNote(page.rows.length, page.next) : null;
    if (note) process.stderr.write(`${note}\n`);
    return { text: `${JSON.stringify(output, null, 2)}\n` };
  }
  await renderHuman(op.name, output, options.wide === true);
  if (ctx !== REMOTE_ONLY) {
    const notice = await NOTICES[op.name]?.(ctx, input as never);
    if (notice) ctx.logger.warn(notice);
  }
  return null;
};

/**
 * The context of a `--remote` run: there is no local store, so an export that reads it (`--ics`,
 * `--fail-on`, `--report`) stops with one clear line instead of an internal error.
 */
const REMOTE_ONLY = new Proxy({} as Context, {
  get: () => {
    throw new TmError('validation_error', 'this output is made from the local store and is not available with --remote (or TM_URL); run it on the machine holding the store.', { param: 'remote' });
  },
});

/** `--org ORG` on the machine holding the store: the operation acts for that organization, as its API key would. */
const actingFor = async (ctx: Context, org: string | undefined): Promise<Context> => {
  if (org === undefined) return ctx;
  // Imported here: organizations, plans and their limit schemas are for `--org` alone (issue 26.12).
  const { requireOrg } = await import('../auth/orgs.js');
  const row = await requireOrg(ctx, (await expandIdPrefixes(ctx, { org })).org);
  return { ...ctx, org: { id: row.id, name: row.name, livemode: true } };
};

const runOp = async (op: OpDefinition, entry: ManifestOp, command: Command, positional: Record<string, unknown>): Promise<void> => {
  const globals = command.optsWithGlobals<GlobalOptions & ExportFlags & { input?: string }>();
  const mode = outputMode(globals);
  let ctx: Context | null = null;
  const specs = entry.flags;
  const flagOf = new Map(specs.map((s) => [s.key, s.flag]));
  try {
    checkAsOf(globals.asOf);
    checkExportFlags(globals);
    checkOutputPath(globals.output);
    const raw = {
      ...(globals.input ? readInputFile(globals.input) : {}),
      ...inputFromOptions(specs, command.opts()),
      ...positional,
    };
    const shape = shapeOf(op.input) ?? {};
    if (globals.asOf && 'as_of_date' in shape && raw.as_of_date === undefined) raw.as_of_date = globals.asOf;
    checkInputLimits(raw, (path) => flagOf.get(path) ?? path);
    // A one-shot command parses its input once: zod's compiled fast path (built with `new Function` on a
    // schema's first parse) costs more to build than it saves here (bench:startup, docs/cli.md).
    zodConfig({ jitless: true });
    const parsed = op.input.safeParse(raw);
    if (!parsed.success) {
      throw fromZodError(parsed.error, (key) => flagOf.get(key) ?? kebab(key));
    }
    const remote = entry.local ? null : remoteTarget(globals);
    // An operation's own --org flag (offices vote) is its input; elsewhere --org picks the organization.
    const org = entry.flags.some((f) => f.flag === 'org') ? undefined : globals.org;
    if (remote && org !== undefined) {
      throw new TmError('validation_error', '--org acts for an organization on the machine holding the store; with --remote the API key decides the organization.', { param: 'org' });
    }
    let run: Run;
    let opCtx: Context;
    let input = remote ? raw : (parsed.data as Record<string, unknown>);
    if (remote) {
      // The server validates and applies defaults itself: it is sent what the user gave.
      run = remoteCall(remote, entry);
      opCtx = REMOTE_ONLY;
    } else {
      ctx = await contextFromGlobals(globals, storeNeed(op));
      const local = await actingFor(ctx, org);
      run = (page) => runRouted(op, local, page);
      opCtx = local;
      // The CLI's own exports and notices (deadlines --csv, --fail-on) read the input too: whole ids for them as for the operation.
      input = await expandIdPrefixes(local, input);
    }
    const options: CommandOptions = { ...command.opts(), wide: globals.wide, json: globals.json };
    const toTty = mode.tty && !mode.json && globals.output === undefined;
    const result = await resultText(op, opCtx, run, input, options, { limit: raw.limit !== undefined }, toTty);
    if (result) writeResult(result.text, globals.output, result.what);
    const failure = await EXPORTS[op.name]?.check?.(opCtx, input, options);
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

/** Runs an operation's command: reads a file argument into input keys, then validates, runs and prints. */
export const runCommand = async (op: OpDefinition, entry: ManifestOp, command: Command, positional: Record<string, unknown>): Promise<void> => {
  const file = op.cli?.file;
  if (file && typeof positional[file.arg] === 'string') {
    const path = positional[file.arg] as string;
    delete positional[file.arg];
    try {
      const source = path === '-' ? 0 : path;
      // A binary file (an image) reaches the operation as base64 text.
      const text = file.binary ? readFileSync(source).toString('base64') : readFileSync(source, 'utf8');
      Object.assign(positional, file.read(text, path === '-' ? 'stdin' : path));
    } catch (err) {
      const error = err instanceof TmError ? err : new TmError('input_error', `${path}: ${(err as Error).message}`, { param: file.arg });
      process.exitCode = reportError(error, outputMode(command.optsWithGlobals<GlobalOptions>()));
      return;
    }
  }
  await runOp(op, entry, command, positional);
};
