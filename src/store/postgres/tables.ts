// Raw table access on PostgreSQL for `tm copy` (src/store/tables.ts): the data tables in the order
// their foreign keys need, rows read through a cursor, and a whole copy written on one client in
// one transaction (truncate, user triggers off, COPY per batch, identity sequences moved past the
// copied values, triggers on, commit), so a copy that dies leaves the database as it was.
import type { Cell, StoreTables, TableShape } from '../tables.js';
import { copyRows, storeError, type PgClient, type PgDb } from './pg.js';

const quote = (name: string): string => `"${name.replace(/"/g, '""')}"`;

/** Types handed over as they come (numbers and text); any other is read as its text form. */
const NATIVE = new Set(['text', 'character varying', 'integer', 'bigint', 'smallint', 'double precision', 'real']);

export const createPgTables = (db: PgDb): StoreTables => {
  let writer: PgClient | null = null;
  const types = new Map<string, Map<string, string>>();
  const release = (): void => {
    writer?.release();
    writer = null;
  };
  return {
    async list() {
      const cols = await db.query<{ table_name: string; column_name: string; data_type: string }>(
        `SELECT c.table_name, c.column_name, c.data_type FROM information_schema.columns c
         JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name AND t.table_type = 'BASE TABLE'
         WHERE c.table_schema = current_schema() AND c.table_name <> 'schema_migrations' AND c.is_generated = 'NEVER'
         ORDER BY c.table_name, c.ordinal_position`,
      );
      for (const c of cols) {
        if (!types.has(c.table_name)) types.set(c.table_name, new Map());
        types.get(c.table_name)!.set(c.column_name, c.data_type);
      }
      const fks = await db.query<{ child: string; parent: string }>(
        `SELECT conrelid::regclass::text AS child, confrelid::regclass::text AS parent FROM pg_constraint
         WHERE contype = 'f' AND connamespace = current_schema()::regnamespace`,
      );
      const tables: TableShape[] = [...types].map(([name, columns]) => ({ name, columns: [...columns.keys()] })).sort((a, b) => (a.name < b.name ? -1 : 1));
      const out: TableShape[] = [];
      const seen = new Set<string>();
      const visit = (t: TableShape): void => {
        if (seen.has(t.name)) return;
        seen.add(t.name);
        for (const f of fks) if (f.child === t.name) tables.filter((p) => p.name === f.parent).forEach(visit);
        out.push(t);
      };
      tables.forEach(visit);
      return out;
    },
    async count(table) {
      return Number((await db.query<{ n: number }>(`SELECT COUNT(*) AS n FROM ${quote(table)}`))[0]!.n);
    },
    async *read(table, columns, batchSize) {
      await db.ready();
      const c = await db.pool.connect().catch((err: unknown) => {
        throw storeError(err, db.url);
      });
      const typeOf = types.get(table);
      const select = columns.map((col) => (NATIVE.has(typeOf?.get(col) ?? 'text') ? quote(col) : `${quote(col)}::text`)).join(', ');
      try {
        await c.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
        await c.query(`DECLARE tm_copy NO SCROLL CURSOR FOR SELECT ${select} FROM ${quote(table)}`);
        for (;;) {
          const rows = (await c.query<Cell[]>({ text: `FETCH ${batchSize} FROM tm_copy`, rowMode: 'array' })).rows;
          if (rows.length === 0) break;
          yield rows;
        }
        await c.query('COMMIT');
      } catch (err) {
        await c.query('ROLLBACK').catch(() => {});
        throw storeError(err, db.url);
      } finally {
        c.release();
      }
    },
    async begin(tables) {
      await db.ready();
      writer = await db.pool.connect().catch((err: unknown) => {
        throw storeError(err, db.url);
      });
      try {
        await writer.query('BEGIN');
        await writer.query(`TRUNCATE ${tables.map(quote).join(', ')}`);
        for (const t of tables) await writer.query(`ALTER TABLE ${quote(t)} DISABLE TRIGGER USER`);
      } catch (err) {
        await writer.query('ROLLBACK').catch(() => {});
        release();
        throw storeError(err, db.url);
      }
    },
    async write(table, columns, rows) {
      await copyRows(writer!, quote(table), columns.map(quote), rows);
    },
    async end(tables) {
      const c = writer!;
      try {
        const identity = await c.query<{ table_name: string; column_name: string }>(
          "SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = current_schema() AND is_identity = 'YES' AND table_name = ANY($1)",
          [[...tables]],
        );
        for (const { table_name: t, column_name: col } of identity.rows) {
          await c.query(`SELECT setval(pg_get_serial_sequence($1, $2), COALESCE((SELECT MAX(${quote(col)}) FROM ${quote(t)}), 0) + 1, false)`, [quote(t), col]);
        }
        for (const t of tables) await c.query(`ALTER TABLE ${quote(t)} ENABLE TRIGGER USER`);
        await c.query('COMMIT');
      } catch (err) {
        await c.query('ROLLBACK').catch(() => {});
        throw storeError(err, db.url);
      } finally {
        release();
      }
    },
    async abort() {
      if (!writer) return;
      await writer.query('ROLLBACK').catch(() => {});
      release();
    },
  };
};
