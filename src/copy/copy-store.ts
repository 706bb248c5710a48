// `tm copy`: moves a whole store into another (SQLite or PostgreSQL, either way) through the raw
// table access both backends give (src/store/tables.ts). It plans first and refuses, naming what
// and why, a target that is not empty (unless `overwrite`) or source rows the target has no table
// or column for (unless `skipMissing`); then streams each table in batches into one transaction on
// the target, and verifies every copied table's count and checksum by reading the target back.
// The search index (tables search_*) is not copied: it is derived from the marks, and the target
// builds its own (docs/scaling.md, "Moving a store").
import { TmError } from '../errors.js';
import type { Store } from '../store/store.js';
import type { StoreTables, TableShape } from '../store/tables.js';
import { TableChecksum } from './table-checksum.js';

export interface CopyOptions {
  overwrite?: boolean;
  skipMissing?: boolean;
  batchSize?: number;
  /** Called after every batch written, and once per table at its end. */
  progress?: (table: string, done: number, total: number) => void;
}

export interface CopiedTable {
  table: string;
  rows: number;
  checksum: string;
}

export interface CopyReport {
  tables: CopiedTable[];
  /** The search index's tables, left for the target to build from the copied marks. */
  search_index: { table: string; rows: number }[];
  /** Source tables, or columns, the target has nowhere to put (copied only as far as they are empty, or skipped when told). */
  missing: { table: string; column: string | null; rows: number }[];
}

const isSearchIndex = (table: string): boolean => table.startsWith('search_');

/** Tables whose rows a new store's migrations write (the ledger's start cursor): they do not make a target non-empty. */
const SEEDED = new Set(['ledger_cursor']);

const list = (items: { table: string; column?: string | null; rows: number }[]): string =>
  items.map((m) => `${m.table}${m.column ? `.${m.column}` : ''} (${m.rows} rows)`).join(', ');

/** Rows of a table where a column the target lacks holds a value, as checked by reading it. */
const valuedRows = async (src: StoreTables, table: string, column: string): Promise<number> => {
  let n = 0;
  for await (const batch of src.read(table, [column], 5000)) n += batch.filter((r) => r[0] !== null).length;
  return n;
};

export const copyStore = async (from: Store, to: Store, options: CopyOptions = {}): Promise<CopyReport> => {
  const batchSize = options.batchSize ?? 5000;
  const src = from.tables();
  const dst = to.tables();
  const [sources, targets] = [await src.list(), await dst.list()];
  const targetByName = new Map(targets.map((t) => [t.name, t]));
  const report: CopyReport = { tables: [], search_index: [], missing: [] };

  const plan: (TableShape & { rows: number })[] = [];
  for (const s of sources) {
    const rows = await src.count(s.name);
    const t = targetByName.get(s.name);
    if (isSearchIndex(s.name)) report.search_index.push({ table: s.name, rows });
    else if (!t) report.missing.push({ table: s.name, column: null, rows });
    else {
      for (const column of s.columns.filter((c) => !t.columns.includes(c))) report.missing.push({ table: s.name, column, rows: rows && (await valuedRows(src, s.name, column)) });
      // In name order: the checksum hashes a row's values in this order, whichever backend lists the columns.
      plan.push({ name: s.name, columns: s.columns.filter((c) => t.columns.includes(c)).sort(), rows });
    }
  }
  const lost = report.missing.filter((m) => m.rows > 0);
  if (lost.length && !options.skipMissing) {
    throw new TmError('conflict', `the target ${to.path} has no place for ${list(lost)} of ${from.path}; nothing was copied.`, {
      param: 'to',
      suggestion: 'Copy to a backend that has them, or pass --skip-missing to copy the rest and leave these out.',
    });
  }
  if (!options.overwrite) {
    const filled: { table: string; rows: number }[] = [];
    for (const t of targets.filter((x) => !isSearchIndex(x.name) && !SEEDED.has(x.name))) {
      const rows = await dst.count(t.name);
      if (rows > 0) filled.push({ table: t.name, rows });
    }
    if (filled.length) {
      throw new TmError('conflict', `the target ${to.path} is not empty: ${list(filled)}; nothing was copied.`, {
        param: 'to',
        suggestion: 'Copy into a new store, or pass --overwrite to replace everything in it.',
      });
    }
  }

  // Parents first, as the target's foreign keys need.
  const order = targets.flatMap((t) => plan.filter((p) => p.name === t.name));
  const sums = new Map<string, TableChecksum>();
  // Every table of the target but its search index is emptied: the target becomes the source.
  const written = targets.filter((t) => !isSearchIndex(t.name)).map((t) => t.name);
  await dst.begin(written);
  try {
    for (const table of order) {
      const sum = new TableChecksum();
      sums.set(table.name, sum);
      for await (const batch of src.read(table.name, table.columns, batchSize)) {
        await dst.write(table.name, table.columns, batch);
        sum.add(batch);
        options.progress?.(table.name, sum.rows, table.rows);
      }
      options.progress?.(table.name, sum.rows, sum.rows);
    }
    await dst.end(written);
  } catch (err) {
    await dst.abort();
    throw err;
  }

  const wrong: string[] = [];
  for (const table of order) {
    const want = sums.get(table.name)!;
    const got = new TableChecksum();
    for await (const batch of dst.read(table.name, table.columns, batchSize)) got.add(batch);
    if (got.rows !== want.rows || got.value !== want.value) wrong.push(`${table.name} (${want.rows} rows, ${want.value} read; ${got.rows} rows, ${got.value} written)`);
    report.tables.push({ table: table.name, rows: want.rows, checksum: want.value });
  }
  // An overwritten target's search index described the marks it held: emptied, the next sync builds it from the copied ones.
  if (options.overwrite && targets.some((t) => isSearchIndex(t.name))) await to.searchTables().writer.clear();
  if (wrong.length) throw new TmError('internal_error', `the copy in ${to.path} does not match ${from.path}: ${wrong.join(', ')}.`, { param: 'to' });
  return report;
};
