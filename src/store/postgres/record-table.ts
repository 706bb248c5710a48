// A table of whole records kept as JSON beside a few indexed columns, with a side table of the
// marks each names (assignments, proceedings): the batched upsert both use on PostgreSQL. The rule
// is SQLite's (src/store/sqlite/assignment-repo.ts): an identical record writes nothing, a changed
// one replaces its columns and its marks, and a record twice in a batch counts as SQLite counts it.
import { contentHash } from '../record-rows.js';
import { copyRows, type PgClient, type PgDb } from './pg.js';

export interface RecordTableSpec<R extends { id: string }> {
  table: string;
  /** Every column but id, content_hash, record, created_at and updated_at, in `values` order. */
  columns: readonly string[];
  /** Columns fixed at insert (the record's key), left alone by an update. */
  fixed: readonly string[];
  values(r: R): unknown[];
  marksTable: string;
  marksColumns: readonly string[];
  marks(r: R): unknown[][];
  /** The marks table's column naming the record. */
  owner: string;
}

/** A filter as SQL (`WHERE …`, or empty) with its parameters. */
export interface RecordWhere {
  sql: string;
  params: unknown[];
}

export interface UpsertCounts {
  inserted: number;
  updated: number;
  unchanged: number;
}

export const recordTable = <R extends { id: string }>(db: PgDb, spec: RecordTableSpec<R>) => {
  const all = ['id', ...spec.columns, 'content_hash', 'record', 'created_at', 'updated_at'];
  const changing = [...spec.columns.filter((c) => !spec.fixed.includes(c)), 'content_hash', 'record', 'updated_at'];
  const update = `UPDATE ${spec.table} SET ${changing.map((c, i) => `${c} = $${i + 2}`).join(', ')} WHERE id = $1`;

  const writeMarks = async (c: PgClient, rows: unknown[][]): Promise<void> => {
    if (rows.length === 0) return;
    const casts = spec.marksColumns.map((_, i) => `$${i + 1}::text[]`).join(', ');
    await c.query(
      `INSERT INTO ${spec.marksTable} (${spec.marksColumns.join(', ')}) SELECT * FROM unnest(${casts}) ON CONFLICT DO NOTHING`,
      spec.marksColumns.map((_, i) => rows.map((row) => row[i])),
    );
  };

  const records = async (sql: string, params: readonly unknown[]): Promise<R[]> =>
    (await db.query<{ record: string }>(sql, params)).map((row) => JSON.parse(row.record) as R);
  return {
    upsert: (records: readonly R[], at: string): Promise<UpsertCounts> =>
      db.tx(async (c) => {
        const out: UpsertCounts = { inserted: 0, updated: 0, unchanged: 0 };
        const ids = [...new Set(records.map((r) => r.id))];
        const known = new Map(
          (await c.query<{ id: string; content_hash: string }>(`SELECT id, content_hash FROM ${spec.table} WHERE id = ANY($1)`, [ids])).rows.map((r) => [r.id, r.content_hash]),
        );
        /** Rows new in this batch (sent with COPY at its end), by id; a later version replaces an earlier one. */
        const fresh = new Map<string, unknown[]>();
        const replaced: string[] = [];
        const marks = new Map<string, unknown[][]>();
        for (const r of records) {
          const json = JSON.stringify(r);
          const hash = contentHash(json);
          const before = known.get(r.id);
          if (before === hash) {
            out.unchanged++;
            continue;
          }
          const values = spec.values(r);
          if (before === undefined) {
            fresh.set(r.id, [r.id, ...values, hash, json, at, at]);
            out.inserted++;
          } else {
            // Inserted earlier in this batch: the row to COPY takes the newer values.
            if (fresh.has(r.id)) fresh.set(r.id, [r.id, ...values, hash, json, at, at]);
            else {
              const byName = new Map(spec.columns.map((col, i) => [col, values[i]]));
              await c.query(update, [r.id, ...changing.map((col) => (col === 'content_hash' ? hash : col === 'record' ? json : col === 'updated_at' ? at : byName.get(col)))]);
              replaced.push(r.id);
            }
            out.updated++;
          }
          known.set(r.id, hash);
          // A changed record's marks replace its earlier ones, as on SQLite.
          marks.set(r.id, spec.marks(r));
        }
        if (replaced.length) await c.query(`DELETE FROM ${spec.marksTable} WHERE ${spec.owner} = ANY($1)`, [replaced]);
        await copyRows(c, spec.table, all, [...fresh.values()]);
        await writeMarks(c, [...marks.values()].flat());
        return out;
      }),
    async get(id: string): Promise<R | null> {
      const row = (await db.query<{ record: string }>(`SELECT record FROM ${spec.table} WHERE id = $1`, [id]))[0];
      return row ? (JSON.parse(row.record) as R) : null;
    },
    async marksWith(trademarkIds: readonly string[]): Promise<string[]> {
      if (trademarkIds.length === 0) return [];
      return (await db.query<{ trademark_id: string }>(`SELECT DISTINCT trademark_id FROM ${spec.marksTable} WHERE trademark_id = ANY($1)`, [[...trademarkIds]])).map((r) => r.trademark_id);
    },
    /** Records by a query selecting `record`, parsed. */
    records,
    /** One page of the table's records matching `where` (whose SQL names the table `alias`), in `order`. */
    page(where: RecordWhere, alias: string, order: string, limit: number, offset: number): Promise<R[]> {
      const n = where.params.length;
      return records(`SELECT record FROM ${spec.table} ${alias} ${where.sql} ORDER BY ${order} LIMIT $${n + 1} OFFSET $${n + 2}`, [...where.params, limit, offset]);
    },
    /** How many of the table's records match `where` (whose SQL names the table `alias`). */
    async count(where: RecordWhere, alias: string): Promise<number> {
      return Number((await db.query<{ n: number }>(`SELECT COUNT(*) AS n FROM ${spec.table} ${alias} ${where.sql}`, where.params))[0]!.n);
    },
  };
};
