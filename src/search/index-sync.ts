// Keeping the search index current: reads the store's changes since the last synced sequence
// number, analyses each mark and hands the backend a batch of rows, keys and trigram text to write
// in one transaction. An empty index is built in bulk, and its sequence number moves only once
// every key is in, so an interrupted build restarts. Syncing is a writer's job (ingest, `tm serve`
// at start), one process at a time under the index_sync lease; a search never syncs, it reads the
// last complete state and reports the lag.
import type { ChangedMark, IndexBatch, MarkKeys } from '../store/search-write-repo.js';
import type { SearchTables } from '../store/store.js';
import { analyzeText, ftsBody, gramRows, keyHashes, nearLength, toMarkRow } from './indexer.js';
import type { Analysis } from './analyze.js';

/** Changed marks per transaction: each batch dirties key pages all over the b-tree, so larger is cheaper per mark. */
const SYNC_BATCH = 50_000;

const markKeys = (a: Analysis): MarkKeys => ({ keys: { len: nearLength(a), hashes: keyHashes(a) }, grams: gramRows(a), text: ftsBody(a) });

export const createIndexSync = ({ writer, leases, loadMode }: SearchTables) => {
  /** The batch for changed marks: new ones filed whole, known ones updated (and re-keyed when their text changed). */
  const plan = async (changed: readonly ChangedMark[], bulk: boolean): Promise<IndexBatch> => {
    const existing = bulk ? new Map() : new Map((await writer.byTrademarks(changed.map((c) => c.id))).map((r) => [r.trademark_id, r]));
    const batch: IndexBatch = { added: [], updated: [] };
    for (const record of changed) {
      const a = analyzeText(record.mark_text);
      const row = toMarkRow(record, a);
      const known = existing.get(record.id);
      if (!known) batch.added.push({ row, ...markKeys(a) });
      else if (known.mark_text === record.mark_text) batch.updated.push({ mid: known.mid, row });
      else {
        const old = analyzeText(known.mark_text);
        batch.updated.push({ mid: known.mid, row, rekey: { old: { keys: { len: nearLength(old), hashes: keyHashes(old) }, grams: gramRows(old) }, now: markKeys(a) } });
      }
    }
    return batch;
  };

  const syncAll = async (): Promise<number> => {
    let last = await writer.lastSeq();
    // Rows but no synced sequence: a bulk build was interrupted (no live process holds the lease).
    if (last === 0 && (await writer.count()) > 0) await writer.clear();
    const bulk = last === 0 && (await writer.storeSeq()) > 0;
    if (bulk) await writer.beginBulk();
    let indexed = 0;
    try {
      for (;;) {
        const changed = await writer.changedSince(last, SYNC_BATCH);
        if (changed.length === 0) break;
        last = changed[changed.length - 1]!.seq;
        await writer.writeBatch(await plan(changed, bulk), bulk ? null : last);
        indexed += changed.length;
      }
      if (bulk) await writer.finishBulk(indexed > 0 ? last : null);
    } catch (err) {
      // Keys staged for a batch that rolled back must not reach a later one. A failure of that
      // cleanup is attached to the first error, never thrown in its place.
      try {
        await writer.discardKeys(bulk);
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
    async sync(): Promise<number | null> {
      if (!(await leases.claim('index_sync'))) return null;
      const restore = loadMode();
      try {
        return await syncAll();
      } finally {
        restore();
        await leases.release('index_sync');
      }
    },
    ensureCursorSecret: writer.ensureCursorSecret,
    /** Store changes not yet indexed. */
    async lag(): Promise<number> {
      const head = await writer.storeSeq();
      const last = await writer.lastSeq();
      return head > last ? head - last : 0;
    },
  };
};
