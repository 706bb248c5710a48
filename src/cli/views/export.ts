// The one export mechanism of the CLI, for reports and CI: `--csv`, `--all` (one JSON array) and
// `--ndjson` (one row per line) on every command that lists something write every matching row
// (every page, the cursor followed; an explicit `--limit` caps the rows), and `--output FILE`
// writes what the command would print (JSON, or CSV, ICS, NDJSON when asked; never a table) to
// FILE instead of stdout.
import type { Command } from 'commander';
import { accessSync, constants, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { csvLine } from '../../core/csv.js';
import { TmError } from '../../errors.js';
import { mergeWarnings, warningsOf, type ResultWarning } from '../completeness.js';
import { flatten, isObject, rowsAt, type Row } from './list-rows.js';
import { count } from './words.js';

export interface ExportFlags {
  csv?: boolean;
  output?: string;
  /** Every page: one JSON array (a table on a terminal). */
  all?: boolean;
  /** Every page, one JSON row per line. */
  ndjson?: boolean;
}

export const addExportFlags = (command: Command, lists: boolean): void => {
  if (lists) command.option('--csv', 'write every matching row as CSV (all pages; an explicit --limit caps the rows)');
  command.option('--output <file>', 'write the output to FILE instead of stdout (JSON, or CSV/ICS/NDJSON when asked)');
};

/** `--all` and `--ndjson`, on the registry's list commands. */
export const addPageFlags = (command: Command): void => {
  command
    .option('--all', 'follow every page: one JSON array of every matching row (a table on a terminal; an explicit --limit caps the rows)')
    .option('--ndjson', 'follow every page: one JSON row per line');
};

/** `--csv`, `--json` and `--ndjson` each ask for a different document. */
export const checkExportFlags = (flags: ExportFlags & { json?: boolean }): void => {
  if (flags.csv && flags.json) throw new TmError('validation_error', 'Pass --csv or --json, not both.', { param: 'csv' });
  if (flags.csv && flags.ndjson) throw new TmError('validation_error', 'Pass --csv or --ndjson, not both.', { param: 'csv' });
};

/** A cell of the CSV: lists of objects and objects below the flattening depth as JSON. */
const cellOf = (v: unknown): unknown => (isObject(v) || (Array.isArray(v) && v.some(isObject)) ? JSON.stringify(v) : v);

/** The value at a dotted column of a row. */
const at = (row: Row, column: string): unknown => column.split('.').reduce<unknown>((v, k) => (isObject(v) ? v[k] : undefined), row);

/**
 * Rows as CSV, one column per dotted field (`status.primary`; `owners` as JSON): the row schema's
 * columns, so the header is the same whatever the rows hold, then any field the schema lacks.
 */
export const rowsCsv = (rows: readonly Row[], columns: readonly string[] = []): string => {
  const related = (k: string, c: string): boolean => k === c || c.startsWith(`${k}.`) || k.startsWith(`${c}.`);
  const seen = [...new Set(rows.flatMap((r) => Object.keys(flatten(r))))];
  const keys = [...columns, ...seen.filter((k) => k !== 'object' && !columns.some((c) => related(k, c)))];
  return csvLine(keys) + rows.map((r) => csvLine(keys.map((k) => cellOf(at(r, k))))).join('');
};

export interface Collected {
  rows: Row[];
  /** Every page's warnings, each once (a search window reached, a channel skipped). */
  warnings: ResultWarning[];
  /** The last page as the operation returned it, to render the rows with the command's own view. */
  last: unknown;
}

/**
 * Every row of a list operation: runs it page after page with the cursor each page returns,
 * until the last page or `cap` rows.
 */
export const collectRows = async (
  run: (input: Record<string, unknown>) => Promise<unknown>,
  input: Record<string, unknown>,
  path: readonly string[],
  cap = Number.POSITIVE_INFINITY,
): Promise<Collected> => {
  const rows: Row[] = [];
  const warnings: ResultWarning[] = [];
  let last: unknown = null;
  for (let page = input; ; ) {
    last = await run(page);
    mergeWarnings(warnings, warningsOf(last));
    const { rows: more, next } = rowsAt(last, path);
    rows.push(...more);
    if (!next || more.length === 0 || rows.length >= cap) break;
    page = { ...page, cursor: next };
  }
  return { rows: rows.slice(0, cap), warnings, last };
};

/** "1 row", "2 rows". */
export const rowCount = (n: number): string => count(n, 'row');

const writeFailure = (err: unknown): string => {
  const code = (err as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return 'its folder does not exist';
  if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS') return 'permission denied';
  if (code === 'EISDIR') return 'it is a directory';
  return code ?? (err as Error).message;
};

/**
 * A file the command will write (`--output`, `--report`), checked before the command runs: a run
 * that saves something (a screening, a watch) must not save it and then fail to write its file.
 */
export const checkOutputPath = (file: string | undefined, flag = 'output'): void => {
  if (file === undefined) return;
  const folder = dirname(file);
  const problem = ((): string | null => {
    const dir = statSync(folder, { throwIfNoEntry: false });
    if (!dir) return `its folder ${folder} does not exist`;
    if (!dir.isDirectory()) return `${folder} is not a folder`;
    if (statSync(file, { throwIfNoEntry: false })?.isDirectory()) return 'it is a directory';
    try {
      accessSync(folder, constants.W_OK);
    } catch {
      return `${folder} is not writable`;
    }
    return null;
  })();
  if (problem) throw new TmError('validation_error', `--${flag}: cannot write ${file}: ${problem}.`, { param: flag, suggestion: 'Nothing was run or saved.' });
};

/**
 * Prints the text, or with `--output FILE` writes it there whole (through a temporary file, so a
 * failed run never leaves half a report) and says so on stderr.
 */
export const writeResult = (text: string, file: string | undefined, what?: string): void => {
  if (file === undefined) {
    process.stdout.write(text);
    return;
  }
  const tmp = join(dirname(file), `.${basename(file)}.${process.pid}.tmp`);
  try {
    writeFileSync(tmp, text);
    renameSync(tmp, file);
  } catch (err) {
    rmSync(tmp, { force: true });
    throw new TmError('validation_error', `--output: cannot write ${file}: ${writeFailure(err)}.`, { param: 'output' });
  }
  process.stderr.write(`wrote ${file}${what ? ` (${what})` : ''}\n`);
};
