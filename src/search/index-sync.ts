// Keeping the search index current: reads the store's changes since the last synced sequence
// number, analyses each mark and writes its row, keys and trigram text. An empty index is built in
// bulk, and its sequence number moves only once every key is in, so an interrupted build restarts.
// Syncing is a writer's job (ingest, `tm serve` at start), one process at a time under the
// index_sync lease; a search never syncs, it reads the last complete state and reports the lag.
import type { ChangedMark } from '../store/search-write-repo.js';
import type { SearchTables } from '../store/store.js';
import { analyzeText, ftsBody, gramRows, keyHashes, nearLength, toMarkRow } from './indexer.js';

/** Changed marks per transaction: each batch dirties key pages all over the b-tree, so larger is cheaper per mark. */
const SYNC_BATCH = 50_000;

export const createIndexSync = ({ writer, leases, loadMode }: SearchTables) => {

  const insertNew = (record: ChangedMark, a = analyzeText(record.mark_text)): void => {
    const mid = writer.insertMark(toMarkRow(record, a));
    const g = gramRows(a);
    writer.stageKeys(mid, nearLength(a), keyHashes(a));
    writer.addGrams(mid, g.len, g.hashes);
    writer.setText(mid, ftsBody(a));
  };

  const indexRecord = (record: ChangedMark): void => {
    const a = analyzeText(record.mark_text);
    const existing = writer.byTrademark(record.id);
    if (!existing) return insertNew(record, a);
    writer.updateMark({ ...toMarkRow(record, a), mid: existing.mid });
    if (existing.mark_text === record.mark_text) return;
    const old = analyzeText(existing.mark_text);
    const [oldGrams, grams] = [gramRows(old), gramRows(a)];
    writer.removeKeys(existing.mid, nearLength(old), keyHashes(old));
    writer.removeGrams(existing.mid, oldGrams.len, oldGrams.hashes);
    writer.stageKeys(existing.mid, nearLength(a), keyHashes(a));
    writer.addGrams(existing.mid, grams.len, grams.hashes);
    writer.setText(existing.mid, ftsBody(a));
  };

  const syncAll = (): number => {
    let last = writer.lastSeq();
    // Rows but no synced sequence: a bulk build was interrupted (no live process holds the lease).
    if (last === 0 && writer.count() > 0) writer.clear();
    const bulk = last === 0 && writer.storeSeq() > 0;
    // The staging tables are made outside any transaction, so a rollback cannot take them away.
    writer.prepareStaging();
    if (bulk) writer.beginBulk();
    let indexed = 0;
    try {
      for (;;) {
        const changed = writer.changedSince(last, SYNC_BATCH);
        if (changed.length === 0) break;
        writer.write(() => {
          for (const c of changed) (bulk ? insertNew : indexRecord)(c);
          last = changed[changed.length - 1]!.seq;
          if (bulk) return;
          writer.flushKeys();
          writer.setLastSeq(last);
        });
        indexed += changed.length;
      }
      if (bulk) {
        writer.write(() => {
          writer.finishBulk();
          if (indexed > 0) writer.setLastSeq(last);
        });
      }
    } catch (err) {
      // Keys staged for a batch that rolled back must not reach a later one. A failure of that
      // cleanup is attached to the first error, never thrown in its place.
      try {
        writer.discardKeys(bulk);
      } catch (cleanup) {
        Object.assign(err as object, { cleanupError: cleanup });
      }
      throw err;
    }
    return indexed;
  };

  return {
    /**
     * Brings the index up to date with the store; returns how many changed marks it indexed, or
     * null when another live process is syncing (and so brings it up to date itself).
     */
    sync(): number | null {
      if (!leases.claim('index_sync')) return null;
      const restore = loadMode();
      try {
        return syncAll();
      } finally {
        restore();
        leases.release('index_sync');
      }
    },
    ensureCursorSecret: writer.ensureCursorSecret,
    /** Store changes not yet indexed. */
    lag(): number {
      const head = writer.storeSeq();
      const last = writer.lastSeq();
      return head > last ? head - last : 0;
    },
  };
};
