// Raw table access on SQLite for `tm copy` (src/store/tables.ts): the data tables in the order their
// foreign keys need, rows streamed from one statement, and a whole copy written in one transaction
// with the triggers dropped and re-created at its end, so a copy that dies leaves the file as it was
// (the dropped triggers come back with the rollback).
import type { Cell, StoreTables, TableShape } from '../tables.js';
import { decodeRecord, encodeRecord } from './records/record-codec.js';
import { loadPragmas, type Db } from './sqlite.js';

/**
 * Columns this store keeps in another form than the rows other stores hold: read as the common
 * form, written back in this store's. A trademark record is JSON text elsewhere, a deflated blob here.
 */
const STORED_FORM: Record<string, Record<string, { read(v: unknown): unknown; write(v: unknown): unknown }>> = {
  trademarks: {
    record: {
      read: (v) => (v === null ? v : decodeRecord(v as Buffer | string)),
      write: (v) => (typeof v === 'string' ? encodeRecord(v) : v),
    },
  },
};

/** Converts the cells of a row in place, by column position; null when the table has none to convert. */
const converter = (table: string, columns: readonly string[], way: 'read' | 'write'): ((row: unknown[]) => unknown[]) | null => {
  const forms = STORED_FORM[table];
  const at = forms ? columns.flatMap((c, i) => (forms[c] ? [{ i, f: forms[c][way] }] : [])) : [];
  if (at.length === 0) return null;
  return (row) => {
    for (const { i, f } of at) row[i] = f(row[i]!);
    return row;
  };
};

const quote = (name: string): string => `"${name.replace(/"/g, '""')}"`;

/** Tables in an order where each comes after the tables its foreign keys name. */
const parentsFirst = (tables: TableShape[], parents: (name: string) => string[]): TableShape[] => {
  const byName = new Map(tables.map((t) => [t.name, t]));
  const out: TableShape[] = [];
  const seen = new Set<string>();
  const visit = (name: string): void => {
    if (seen.has(name) || !byName.has(name)) return;
    seen.add(name);
    for (const p of parents(name)) visit(p);
    out.push(byName.get(name)!);
  };
  for (const t of tables) visit(t.name);
  return out;
};

export const createSqliteTables = (db: Db): StoreTables => {
  let triggers: { name: string; sql: string }[] = [];
  let restorePragmas: (() => void) | null = null;
  /** Virtual tables (the FTS index) and their shadow tables are not data tables. */
  const virtual = (): string[] =>
    db.prepare<[], string>("SELECT name FROM sqlite_master WHERE type = 'table' AND sql LIKE 'CREATE VIRTUAL TABLE%'").pluck().all();
  return {
    async list() {
      const vts = virtual();
      const names = db
        .prepare<[], string>("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name")
        .pluck()
        .all()
        // Migration bookkeeping stays each store's own.
        .filter((n) => n !== 'schema_migrations' && !vts.some((v) => n === v || n.startsWith(`${v}_`)));
      const tables = names.map((name) => ({ name, columns: db.prepare<[string], string>('SELECT name FROM pragma_table_info(?) ORDER BY cid').pluck().all(name) }));
      return parentsFirst(tables, (name) => db.prepare<[string], string>('SELECT DISTINCT "table" FROM pragma_foreign_key_list(?)').pluck().all(name));
    },
    async count(table) {
      return db.prepare<[], number>(`SELECT COUNT(*) FROM ${quote(table)}`).pluck().get()!;
    },
    async *read(table, columns, batchSize) {
      const stmt = db.prepare(`SELECT ${columns.map(quote).join(', ')} FROM ${quote(table)}`).raw();
      const convert = converter(table, columns, 'read');
      let batch: Cell[][] = [];
      for (const row of stmt.iterate() as Iterable<Cell[]>) {
        batch.push(convert ? (convert(row) as Cell[]) : row);
        if (batch.length >= batchSize) {
          yield batch;
          batch = [];
        }
      }
      if (batch.length) yield batch;
    },
    async begin(tables) {
      restorePragmas = loadPragmas(db);
      db.exec('BEGIN IMMEDIATE');
      // Foreign keys are checked once, at the commit, whatever order the rows arrive in.
      db.pragma('defer_foreign_keys = ON');
      const names = new Set(tables);
      triggers = db.prepare<[], { name: string; sql: string; tbl_name: string }>("SELECT name, sql, tbl_name FROM sqlite_master WHERE type = 'trigger'").all().filter((t) => names.has(t.tbl_name));
      for (const t of triggers) db.exec(`DROP TRIGGER ${quote(t.name)}`);
      for (const t of [...tables].reverse()) db.exec(`DELETE FROM ${quote(t)}`);
    },
    async write(table, columns, rows) {
      const insert = db.prepare(`INSERT INTO ${quote(table)} (${columns.map(quote).join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`);
      const convert = converter(table, columns, 'write');
      for (const row of rows) insert.run(...(convert ? convert([...row]) : row));
    },
    async end() {
      try {
        for (const t of triggers) db.exec(t.sql);
        db.exec('COMMIT');
      } catch (err) {
        if (db.inTransaction) db.exec('ROLLBACK');
        throw err;
      } finally {
        restorePragmas?.();
      }
    },
    async abort() {
      if (db.inTransaction) db.exec('ROLLBACK');
      restorePragmas?.();
    },
  };
};
