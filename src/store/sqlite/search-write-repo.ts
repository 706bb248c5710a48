// SQL that maintains the search index (migration 002): mark rows, hashed keys (staged and sorted
// in per sync batch, so the key b-tree is walked in order rather than at random), the trigram
// table, and the synced store sequence.
import { SEARCH_MARK_INDEXES } from './migrations/002-search.js';
import { sql as makeCursorSecret } from './migrations/005-cursor-secret.js';
import { createGramWriter } from './gram-postings.js';
import { createIndexes, dropIndexes, hasIndexes, writeTransaction, type Db } from './sqlite.js';
import type { SearchMarkRow } from '../search-repo.js';
import type { ChangedMark, SearchMarkInput, SearchWriter } from '../search-write-repo.js';

/** Key rows staged per statement: bound parameters cost far less than JSON. */
const STAGE_ROWS = 100;
/** Hash ranges staged apart, so each sorts within the sorter's memory; key hashes are below 2^52. */
const STAGE_PARTS = 16;
const PART_SPAN = 2 ** 52 / STAGE_PARTS;
const stageSql = (part: number, rows: number): string =>
  `INSERT INTO temp.staged_key_${part} (h, len, mid) VALUES ${Array.from({ length: rows }, () => '(?,?,?)').join(',')}`;

/**
 * Keys waiting to go into search_key: unindexed temp tables, one per hash range. flush() sorts
 * each range in, the ranges in key order, so the b-tree is appended to or walked once in order.
 */
const createKeyStager = (db: Db) => {
  const parts = Array.from({ length: STAGE_PARTS }, (_, i) => {
    db.exec(`CREATE TEMP TABLE IF NOT EXISTS staged_key_${i} (h INTEGER NOT NULL, len INTEGER NOT NULL, mid INTEGER NOT NULL)`);
    return {
      many: db.prepare(stageSql(i, STAGE_ROWS)),
      one: db.prepare(stageSql(i, 1)),
      move: db.prepare(`INSERT OR IGNORE INTO search_key (h, len, mid) SELECT h, len, mid FROM temp.staged_key_${i} ORDER BY h, len, mid`),
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
  const byTrademark = db.prepare<[string], SearchMarkRow>('SELECT * FROM search_mark WHERE trademark_id = ?');
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
  const deleteKeys = db.prepare('DELETE FROM search_key WHERE h IN (SELECT value FROM json_each(?)) AND len = ? AND mid = ?');
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
  const keys = () => (stager ??= createKeyStager(db));
  const grams = createGramWriter(db);

  return {
    /** The last store sequence number the index holds (0 when never synced). */
    lastSeq(): number {
      return Number(getSeq.get()?.value ?? 0);
    },
    setLastSeq(seq: number): void {
      putSeq.run(String(seq));
    },
    byTrademark(id: string): SearchMarkRow | undefined {
      return byTrademark.get(id);
    },
    insertMark(row: SearchMarkInput): number {
      return Number(insertMark.run(row).lastInsertRowid);
    },
    updateMark(row: SearchMarkRow): void {
      updateMark.run(row);
    },
    /** Makes the temp staging tables (outside a transaction: one that rolls back would drop them). */
    prepareStaging(): void {
      keys();
    },
    /** Files keys for a mark; they reach search_key at the next flushKeys(), in the same transaction. */
    stageKeys(mid: number, len: number, hashes: readonly number[]): void {
      keys().stage(mid, len, hashes);
    },
    /** Files a mark under its trigram keys (packed lists, written at the next flushKeys()). */
    addGrams(mid: number, len: number, hashes: readonly number[]): void {
      grams.add(mid, len, hashes);
    },
    removeGrams(mid: number, len: number, hashes: readonly number[]): void {
      grams.remove(mid, len, hashes);
    },
    flushKeys(): void {
      stager?.flush();
      grams.flush();
    },
    /** Bulk build of an empty index: the row indexes are dropped until finishBulk() builds them once. */
    beginBulk(): void {
      dropIndexes(db, SEARCH_MARK_INDEXES);
    },
    finishBulk(): void {
      stager?.flush();
      grams.flush();
      createIndexes(db, SEARCH_MARK_INDEXES);
    },
    /** Forgets staged keys after a failed sync; a failed bulk build also gets its row indexes back. */
    discardKeys(bulk: boolean): void {
      stager?.discard();
      grams.discard();
      if (bulk) createIndexes(db, SEARCH_MARK_INDEXES);
    },
    /** Empties the index (an interrupted bulk build starts again) and builds the row indexes it left dropped. */
    clear(): void {
      stager?.discard();
      grams.discard();
      writeTransaction(db, () => {
        db.exec("DELETE FROM search_key; DELETE FROM search_gram; DELETE FROM search_mark; DELETE FROM search_fts; DELETE FROM search_state WHERE key = 'last_seq'");
        if (!hasIndexes(db, SEARCH_MARK_INDEXES)) createIndexes(db, SEARCH_MARK_INDEXES);
      })();
    },
    removeKeys(mid: number, len: number, hashes: readonly number[]): void {
      if (hashes.length) deleteKeys.run(JSON.stringify(hashes), len, mid);
    },
    setText(mid: number, body: string | null): void {
      deleteFts.run(mid);
      if (body) insertFts.run(mid, body);
    },
    /** Migration 5's cursor secret, for a store whose version passed 5 before that migration existed. */
    ensureCursorSecret(): void {
      writeTransaction(db, () => db.exec(makeCursorSecret))();
    },
    /** Runs `fn` in one write transaction. */
    write<T>(fn: () => T): T {
      return writeTransaction(db, fn)();
    },
    /** Trademarks changed after a store sequence number, oldest change first. */
    changedSince(seq: number, limit: number): ChangedMark[] {
      return changed.all(seq, limit);
    },
    /** The store's latest change sequence number. */
    storeSeq(): number {
      return storeSeq.get()?.seq ?? 0;
    },
    count(): number {
      return markCount.get()!.n;
    },
  };
};

