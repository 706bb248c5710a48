// Keeping the search index current on PostgreSQL (migration 30). A sync batch is written in one
// transaction with COPY: new mark rows (numbered as SQLite numbers rowids, the largest mid + 1, so
// both backends hold the same mids), their keys and substring text, and the changed trigram lists.
// A bulk build of an empty index copies keys straight into the unindexed table, keeps the trigram
// lists in memory and writes each once at its end, then builds every index once and VACUUMs, so
// the key reads are index-only scans from the first query on.
import { createGramPending, fromBlob, mergeMids, toBlob, type PendingGrams } from '../gram-postings.js';
import type { SearchMarkRow } from '../search-repo.js';
import type { ChangedMark, IndexBatch, MarkKeys, SearchMarkInput, SearchWriter } from '../search-write-repo.js';
import { SEARCH_INDEXES } from './migrations/030-search.js';
import { copyBinary, copyText, copyTypedRows, indexName, storeError, type CopyType, type PgClient, type PgDb } from './pg.js';

const MARK_COLUMNS = [
  'trademark_id', 'mark_text', 'folded', 'compact', 'rcompact', 'near_words', 'skeleton', 'pcodes', 'wcodes', 'office_code',
  'status_primary', 'status_stage', 'register_type', 'classes', 'filing_date', 'registration_date', 'publication_date', 'expiry_date',
] as const;

/** The mark row's types for binary COPY (mid first): text but the class bit set. */
const MARK_TYPES: readonly CopyType[] = ['int8', ...MARK_COLUMNS.map((c): CopyType => (c === 'classes' ? 'int8' : 'text'))];
const FTS_TYPES: readonly CopyType[] = ['int8', 'text'];

const markValues = (mid: number, row: SearchMarkInput): unknown[] => [mid, ...MARK_COLUMNS.map((c) => row[c])];

/** One (h BIGINT, len SMALLINT, mid INTEGER) tuple in COPY's binary format: 3 fields, each length-prefixed. */
const KEY_TUPLE = 2 + 4 + 8 + 4 + 2 + 4 + 4;

/**
 * Key rows in COPY's binary format, a chunk at a time; a mark's repeated hashes are filed once, as
 * SQLite's INSERT OR IGNORE does. A bulk build sends tens of millions of these: binary spares the
 * client the text and the server its parse of every number.
 */
function* keyTuples(marks: Iterable<{ mid: number; keys: MarkKeys['keys'] }>): Generator<Buffer> {
  const size = KEY_TUPLE * 4096;
  let buf = Buffer.allocUnsafe(size);
  let at = 0;
  for (const { mid, keys } of marks) {
    for (const h of new Set(keys.hashes)) {
      if (at + KEY_TUPLE > size) {
        yield buf.subarray(0, at);
        buf = Buffer.allocUnsafe(size);
        at = 0;
      }
      at = buf.writeInt16BE(3, at);
      at = buf.writeInt32BE(8, at);
      at = buf.writeUInt32BE(Math.floor(h / 0x100000000), at);
      at = buf.writeUInt32BE(h >>> 0, at);
      at = buf.writeInt32BE(2, at);
      at = buf.writeInt16BE(keys.len, at);
      at = buf.writeInt32BE(4, at);
      at = buf.writeInt32BE(mid, at);
    }
  }
  if (at > 0) yield buf.subarray(0, at);
}

/** Trigram lists as COPY text (bytea as hex). */
function* gramLines(groups: Iterable<{ h: number; len: number; mids: Uint32Array }>): Generator<string> {
  let chunk = '';
  for (const g of groups) {
    chunk += `${g.h}\t${g.len}\t\\\\x${toBlob(g.mids).toString('hex')}\n`;
    if (chunk.length > 1 << 16) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk) yield chunk;
}

const CHANGED = `SELECT t.seq, t.id, t.mark_text, t.office_code, t.status_primary, t.status_stage, t.filing_date, t.registration_date,
    t.expiry_date, t.publication_date, t.register_type,
    (SELECT string_agg(c.nice_class::text, ',') FROM trademark_classes c WHERE c.trademark_id = t.id) AS classes
  FROM trademarks t WHERE t.seq > $1 ORDER BY t.seq LIMIT $2`;

export const createPgSearchWriter = (db: PgDb): SearchWriter => {
  const grams = createGramPending();

  /** Writes pending trigram lists: merged with the stored ones, or (`fresh`, an empty table) copied in. */
  const flushGrams = async (c: PgClient, fresh: boolean): Promise<void> => {
    const groups = grams.take();
    if (groups.length === 0) return;
    const added = (p: PendingGrams) => p.add.subarray(0, p.added);
    if (fresh) {
      await copyText(c, 'search_gram', ['h', 'len', 'mids'], gramLines(groups.map((p) => ({ h: p.h, len: p.len, mids: mergeMids(new Uint32Array(0), added(p), []) }))));
      return;
    }
    const stored = await c.query<{ h: number; len: number; mids: Buffer }>(
      'SELECT g.h, g.len, g.mids FROM search_gram g JOIN unnest($1::bigint[], $2::int[]) AS x(h, len) ON g.h = x.h AND g.len = x.len',
      [groups.map((p) => p.h), groups.map((p) => p.len)],
    );
    const old = new Map(stored.rows.map((r) => [`${r.h}/${r.len}`, fromBlob(r.mids)]));
    const merged = groups.map((p) => ({ h: p.h, len: p.len, mids: mergeMids(old.get(`${p.h}/${p.len}`) ?? new Uint32Array(0), added(p), p.remove) }));
    const empty = merged.filter((g) => g.mids.length === 0);
    if (empty.length) {
      await c.query('DELETE FROM search_gram g USING unnest($1::bigint[], $2::int[]) AS x(h, len) WHERE g.h = x.h AND g.len = x.len', [
        empty.map((g) => g.h),
        empty.map((g) => g.len),
      ]);
    }
    await c.query('CREATE TEMP TABLE staged_gram (h BIGINT, len SMALLINT, mids BYTEA) ON COMMIT DROP');
    await copyText(c, 'staged_gram', ['h', 'len', 'mids'], gramLines(merged.filter((g) => g.mids.length > 0)));
    await c.query('INSERT INTO search_gram (h, len, mids) SELECT h, len, mids FROM staged_gram ON CONFLICT (h, len) DO UPDATE SET mids = excluded.mids');
  };

  const setLastSeq = (c: PgClient, seq: number) =>
    c.query("INSERT INTO search_state (key, value) VALUES ('last_seq', $1) ON CONFLICT (key) DO UPDATE SET value = excluded.value", [String(seq)]);

  const buildIndexes = async (c: PgClient): Promise<void> => {
    await c.query("SET LOCAL maintenance_work_mem = '512MB'");
    for (const statement of SEARCH_INDEXES) await c.query(statement);
  };

  /** Visibility map and statistics for the freshly built tables (outside any transaction). */
  const vacuum = async (): Promise<void> => {
    try {
      await db.pool.query('VACUUM (ANALYZE) search_key, search_mark, search_gram, search_fts');
    } catch (err) {
      throw storeError(err, db.url);
    }
  };

  const writeUpdates = async (c: PgClient, updated: IndexBatch['updated']): Promise<void> => {
    if (updated.length === 0) return;
    await c.query('CREATE TEMP TABLE staged_mark (LIKE search_mark) ON COMMIT DROP');
    await copyTypedRows(c, 'staged_mark', ['mid', ...MARK_COLUMNS], MARK_TYPES, updated.map((u) => markValues(u.mid, u.row)));
    await c.query(`UPDATE search_mark m SET ${MARK_COLUMNS.map((col) => `${col} = s.${col}`).join(', ')} FROM staged_mark s WHERE m.mid = s.mid`);
    const rekeyed = updated.filter((u) => u.rekey);
    if (rekeyed.length === 0) return;
    const gone = rekeyed.flatMap((u) => [...new Set(u.rekey!.old.keys.hashes)].map((h) => [h, u.rekey!.old.keys.len, u.mid] as const));
    await c.query('DELETE FROM search_key k USING unnest($1::bigint[], $2::int[], $3::int[]) AS x(h, len, mid) WHERE k.h = x.h AND k.len = x.len AND k.mid = x.mid', [
      gone.map((g) => g[0]),
      gone.map((g) => g[1]),
      gone.map((g) => g[2]),
    ]);
    await c.query('DELETE FROM search_fts WHERE mid = ANY($1::bigint[])', [rekeyed.map((u) => u.mid)]);
    for (const u of rekeyed) {
      grams.remove(u.mid, u.rekey!.old.grams.len, u.rekey!.old.grams.hashes);
      grams.add(u.mid, u.rekey!.now.grams.len, u.rekey!.now.grams.hashes);
    }
  };

  return {
    async lastSeq(): Promise<number> {
      return Number((await db.query<{ value: string }>("SELECT value FROM search_state WHERE key = 'last_seq'"))[0]?.value ?? 0);
    },
    async byTrademarks(ids: readonly string[]): Promise<SearchMarkRow[]> {
      return ids.length ? db.query<SearchMarkRow>('SELECT * FROM search_mark WHERE trademark_id = ANY($1)', [[...ids]]) : [];
    },
    async writeBatch(batch: IndexBatch, lastSeq: number | null): Promise<void> {
      await db.tx(
        async (c) => {
          const base = Number((await c.query<{ m: number }>('SELECT COALESCE(MAX(mid), 0) AS m FROM search_mark')).rows[0]!.m);
          const added = batch.added.map((m, i) => ({ ...m, mid: base + 1 + i }));
          await copyTypedRows(c, 'search_mark', ['mid', ...MARK_COLUMNS], MARK_TYPES, added.map((m) => markValues(m.mid, m.row)));
          await writeUpdates(c, batch.updated);
          const now = [...added, ...batch.updated.filter((u) => u.rekey).map((u) => ({ mid: u.mid, ...u.rekey!.now }))];
          await copyTypedRows(c, 'search_fts', ['mid', 'body'], FTS_TYPES, now.filter((m) => m.text).map((m) => [m.mid, m.text]));
          for (const m of added) grams.add(m.mid, m.grams.len, m.grams.hashes);
          if (lastSeq === null) {
            // A bulk build: the key table has no index yet, and each mark is filed once.
            await copyBinary(c, 'search_key', ['h', 'len', 'mid'], keyTuples(now));
            return;
          }
          await c.query('CREATE TEMP TABLE staged_key (h BIGINT, len SMALLINT, mid INTEGER) ON COMMIT DROP');
          await copyBinary(c, 'staged_key', ['h', 'len', 'mid'], keyTuples(now));
          await c.query('INSERT INTO search_key (h, len, mid) SELECT h, len, mid FROM staged_key ORDER BY h, len, mid ON CONFLICT DO NOTHING');
          await flushGrams(c, false);
          await setLastSeq(c, lastSeq);
        },
        { write: false },
      );
    },
    async beginBulk(): Promise<void> {
      await db.tx(async (c) => {
        for (const statement of SEARCH_INDEXES) await c.query(`DROP INDEX IF EXISTS ${indexName(statement)}`);
      }, { write: false });
    },
    async finishBulk(lastSeq: number | null): Promise<void> {
      await db.tx(
        async (c) => {
          await flushGrams(c, true);
          await buildIndexes(c);
          if (lastSeq !== null) await setLastSeq(c, lastSeq);
        },
        { write: false },
      );
      await vacuum();
    },
    async discardKeys(bulk: boolean): Promise<void> {
      grams.discard();
      if (bulk) await db.tx(buildIndexes, { write: false });
    },
    async clear(): Promise<void> {
      grams.discard();
      await db.tx(
        async (c) => {
          await c.query("TRUNCATE search_key, search_gram, search_mark, search_fts; DELETE FROM search_state WHERE key = 'last_seq'");
          await buildIndexes(c);
        },
        { write: false },
      );
    },
    /** Migration 30 makes the cursor secret; a store that lost it gets a new one. */
    async ensureCursorSecret(): Promise<void> {
      await db.query(
        "INSERT INTO search_state (key, value) VALUES ('cursor_secret', replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')) ON CONFLICT (key) DO NOTHING",
      );
    },
    async changedSince(seq: number, limit: number): Promise<ChangedMark[]> {
      // In a transaction of its own, which compiles no JIT code (pg.ts tx).
      const rows = await db.tx(async (c) => (await c.query<ChangedMark>(CHANGED, [seq, limit])).rows, { write: false });
      return rows.map((r) => ({ ...r, seq: Number(r.seq) }));
    },
    async storeSeq(): Promise<number> {
      return Number((await db.query<{ seq: number | null }>('SELECT MAX(seq) AS seq FROM trademarks'))[0]!.seq ?? 0);
    },
    async count(): Promise<number> {
      return Number((await db.query<{ n: number }>('SELECT COUNT(*) AS n FROM search_mark'))[0]!.n);
    },
  };
};
