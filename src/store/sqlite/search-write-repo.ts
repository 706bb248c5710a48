// SQL that maintains the search index (migration 002): mark rows, hashed keys (staged, then packed
// into their lists per sync batch in key order, so the key b-tree is walked in order rather than
// at random; migration 092), the trigram table, and the synced store sequence.
import { SEARCH_MARK_INDEXES } from './migrations/002-search.js';
import { sql as makeCursorSecret } from './migrations/005-cursor-secret.js';
import { createGramWriter } from './gram-postings.js';
import { createKeyRemover, packInto, registerKeyFunctions } from './key-postings.js';
import { createIndexes, dropIndexes, hasIndexes, writeTransaction, type Db } from './sqlite.js';
import type { SearchMarkRow } from '../search-repo.js';
import type { ChangedMark, IndexBatch, SearchWriter } from '../search-write-repo.js';

/** Key rows staged per statement: bound parameters cost far less than JSON. */
const STAGE_ROWS = 100;
/** Hash ranges staged apart, so each sorts within the sorter's memory; key hashes are below 2^52. */
const STAGE_PARTS = 16;
const PART_SPAN = 2 ** 52 / STAGE_PARTS;
const stageSql = (part: number, rows: number): string =>
  `INSERT INTO temp.staged_key_${part} (h, len, mid) VALUES ${Array.from({ length: rows }, () => '(?,?,?)').join(',')}`;

/**
 * Keys waiting to go into search_key: unindexed temp tables, one per hash range. flush() packs
 * each range's groups in, the ranges in key order, so the b-tree is appended to or walked once in order.
 */
const createKeyStager = (db: Db) => {
  registerKeyFunctions(db);
  const parts = Array.from({ length: STAGE_PARTS }, (_, i) => {
    db.exec(`CREATE TEMP TABLE IF NOT EXISTS staged_key_${i} (h INTEGER NOT NULL, len INTEGER NOT NULL, mid INTEGER NOT NULL)`);
    return {
      many: db.prepare(stageSql(i, STAGE_ROWS)),
      one: db.prepare(stageSql(i, 1)),
      move: packInto(db, `temp.staged_key_${i}`),
      empty: db.prepare(`DELETE FROM temp.staged_key_${i}`),
      pending: [] as number[],
      staged: 0,
    };
  });
  const empty = (part: (typeof parts)[number]): void => {
    part.empty.run();
    part.pending = [];
    part.staged = 0;
  };
  return {
    stage(mid: number, len: number, hashes: readonly number[]): void {
      for (const h of hashes) {
        const part = parts[Math.min(STAGE_PARTS - 1, Math.max(0, Math.floor(h / PART_SPAN)))]!;
        part.pending.push(h, len, mid);
        part.staged++;
        if (part.pending.length === 3 * STAGE_ROWS) {
          part.many.run(part.pending);
          part.pending = [];
        }
      }
    },
    /** Drops everything staged (after a rollback, or when the index is cleared). */
    discard(): void {
      parts.forEach(empty);
    },
    flush(): void {
      for (const part of parts) {
        if (part.staged === 0) continue;
        for (let j = 0; j < part.pending.length; j += 3) part.one.run(part.pending.slice(j, j + 3));
        part.move.run();
        empty(part);
      }
    },
  };
};

export const createSearchWriter = (db: Db): SearchWriter => {
  const getSeq = db.prepare<[], { value: string }>("SELECT value FROM search_state WHERE key = 'last_seq'");
  const putSeq = db.prepare(
    "INSERT INTO search_state (key, value) VALUES ('last_seq', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
  );
  const byTrademarks = db.prepare<[string], SearchMarkRow>('SELECT * FROM search_mark WHERE trademark_id IN (SELECT value FROM json_each(?))');
  const insertMark = db.prepare(
    `INSERT INTO search_mark (trademark_id, mark_text, folded, compact, rcompact, near_words, skeleton, pcodes, wcodes,
       office_code, status_primary, status_stage, register_type, classes, filing_date, registration_date, publication_date, expiry_date)
     VALUES (@trademark_id, @mark_text, @folded, @compact, @rcompact, @near_words, @skeleton, @pcodes, @wcodes,
       @office_code, @status_primary, @status_stage, @register_type, @classes, @filing_date, @registration_date, @publication_date, @expiry_date)`,
  );
  const updateMark = db.prepare(
    `UPDATE search_mark SET mark_text = @mark_text, folded = @folded, compact = @compact, rcompact = @rcompact, near_words = @near_words,
       skeleton = @skeleton, pcodes = @pcodes, wcodes = @wcodes, office_code = @office_code, status_primary = @status_primary,
       status_stage = @status_stage, register_type = @register_type, classes = @classes, filing_date = @filing_date,
       registration_date = @registration_date, publication_date = @publication_date, expiry_date = @expiry_date
     WHERE mid = @mid`,
  );
  const removeKeys = createKeyRemover(db);
  const insertFts = db.prepare('INSERT INTO search_fts (rowid, body) VALUES (?, ?)');
  const deleteFts = db.prepare('DELETE FROM search_fts WHERE rowid = ?');
  const storeSeq = db.prepare<[], { seq: number | null }>('SELECT MAX(seq) AS seq FROM trademarks');
  const changed = db.prepare<[number, number], ChangedMark>(
    `SELECT t.seq, t.id, t.mark_text, t.office_code, t.status_primary, t.status_stage, t.filing_date, t.registration_date, t.expiry_date,
       t.publication_date, t.register_type,
       (SELECT group_concat(c.nice_class) FROM trademark_classes c WHERE c.trademark_id = t.id) AS classes
     FROM trademarks t WHERE t.seq > ? ORDER BY t.seq LIMIT ?`,
  );
  const markCount = db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM search_mark');
  let stager: ReturnType<typeof createKeyStager> | null = null;
  // The staging tables are made outside any transaction, so a rollback cannot take them away.
  const keys = () => (stager ??= createKeyStager(db));
  const grams = createGramWriter(db);

  const setText = (mid: number, body: string | null): void => {
    deleteFts.run(mid);
    if (body) insertFts.run(mid, body);
  };

  const applyBatch = writeTransaction(db, (batch: IndexBatch, lastSeq: number | null): void => {
    const stage = keys();
    for (const m of batch.added) {
      const mid = Number(insertMark.run(m.row).lastInsertRowid);
      stage.stage(mid, m.keys.len, m.keys.hashes);
      grams.add(mid, m.grams.len, m.grams.hashes);
      setText(mid, m.text);
    }
    for (const u of batch.updated) {
      updateMark.run({ ...u.row, mid: u.mid });
      if (!u.rekey) continue;
      const { old, now } = u.rekey;
      removeKeys(u.mid, old.keys.len, old.keys.hashes);
      grams.remove(u.mid, old.grams.len, old.grams.hashes);
      stage.stage(u.mid, now.keys.len, now.keys.hashes);
      grams.add(u.mid, now.grams.len, now.grams.hashes);
      setText(u.mid, now.text);
    }
    if (lastSeq === null) return;
    stage.flush();
    grams.flush();
    putSeq.run(String(lastSeq));
  });

  return {
    async lastSeq(): Promise<number> {
      return Number(getSeq.get()?.value ?? 0);
    },
    async byTrademarks(ids: readonly string[]): Promise<SearchMarkRow[]> {
      return ids.length ? byTrademarks.all(JSON.stringify(ids)) : [];
    },
    async writeBatch(batch: IndexBatch, lastSeq: number | null): Promise<void> {
      keys();
      applyBatch(batch, lastSeq);
    },
    /** Bulk build of an empty index: the row indexes are dropped until finishBulk() builds them once. */
    async beginBulk(): Promise<void> {
      keys();
      dropIndexes(db, SEARCH_MARK_INDEXES);
    },
    async finishBulk(lastSeq: number | null): Promise<void> {
      writeTransaction(db, () => {
        stager?.flush();
        grams.flush();
        createIndexes(db, SEARCH_MARK_INDEXES);
        if (lastSeq !== null) putSeq.run(String(lastSeq));
      })();
    },
    /** Forgets staged keys after a failed sync; a failed bulk build also gets its row indexes back. */
    async discardKeys(bulk: boolean): Promise<void> {
      stager?.discard();
      grams.discard();
      if (bulk) createIndexes(db, SEARCH_MARK_INDEXES);
    },
    /** Empties the index (an interrupted bulk build starts again) and builds the row indexes it left dropped. */
    async clear(): Promise<void> {
      stager?.discard();
      grams.discard();
      writeTransaction(db, () => {
        db.exec("DELETE FROM search_key; DELETE FROM search_gram; DELETE FROM search_mark; DELETE FROM search_fts; DELETE FROM search_state WHERE key = 'last_seq'");
        if (!hasIndexes(db, SEARCH_MARK_INDEXES)) createIndexes(db, SEARCH_MARK_INDEXES);
      })();
    },
    /** Migration 5's cursor secret, for a store whose version passed 5 before that migration existed. */
    async ensureCursorSecret(): Promise<void> {
      writeTransaction(db, () => db.exec(makeCursorSecret))();
    },
    async changedSince(seq: number, limit: number): Promise<ChangedMark[]> {
      return changed.all(seq, limit);
    },
    async storeSeq(): Promise<number> {
      return storeSeq.get()?.seq ?? 0;
    },
    async count(): Promise<number> {
      return markCount.get()!.n;
    },
  };
};
