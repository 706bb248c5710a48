// Keeping the search index current: reads the store's changes since the last synced sequence
// number, analyses each mark and hands the backend a batch of rows, keys and trigram text to write
// in one transaction. An empty index is built in bulk, and its sequence number moves only once
// every key is in, so an interrupted build restarts. Syncing is a writer's job (ingest, `tm serve`
// at start), one process at a time under the index_sync lease; a search never syncs, it reads the
// last complete state and reports the lag. An ingest follows its load (follow()): it files each of
// the load's batches as it is stored, with the mark forms the parse worker made, so the index is
// current when the load ends rather than built after it.
import type { SearchMarkRow } from '../store/search-repo.js';
import type { ChangedMark, IndexBatch } from '../store/search-write-repo.js';
import type { SearchTables } from '../store/store.js';
import { markForm, toMarkRow, type MarkForm } from './indexer.js';

/** Changed marks per transaction: each batch dirties key pages all over the b-tree, so larger is cheaper per mark. */
const SYNC_BATCH = 50_000;

/** Mark forms made elsewhere (the parse worker), by trademark id. */
export type MadeForms = ReadonlyMap<string, MarkForm>;

/** Indexing beside a load (src/ingest/pipeline.ts), holding the sync lease from open to finish. */
export interface IndexFollower {
  /** After a stored batch: files the store's changes, taking the forms made for its marks. */
  step(forms: MadeForms): Promise<void>;
  /** Files what is left and ends a bulk build; returns how many changed marks it indexed. */
  finish(): Promise<number>;
  /** After a failed load: forgets staged keys (a bulk build then restarts at the next sync) and lets the lease go. */
  abandon(err: unknown): Promise<void>;
}

const NO_FORMS: MadeForms = new Map();

export const createIndexSync = ({ writer, leases, loadMode }: SearchTables) => {
  /** The batch for changed marks: new ones filed whole, known ones updated (and re-keyed when their text changed). */
  const plan = (changed: readonly ChangedMark[], existing: ReadonlyMap<string, SearchMarkRow>, made: MadeForms): IndexBatch => {
    const batch: IndexBatch = { added: [], updated: [] };
    for (const record of changed) {
      const ready = made.get(record.id);
      const form = ready && ready.markText === record.mark_text ? ready : markForm(record.mark_text);
      const row = toMarkRow(record, form.columns);
      const now = { keys: form.keys, grams: form.grams, text: form.text };
      const known = existing.get(record.id);
      if (!known) batch.added.push({ row, ...now });
      else if (known.mark_text === record.mark_text) batch.updated.push({ mid: known.mid, row });
      else {
        const old = markForm(known.mark_text);
        batch.updated.push({ mid: known.mid, row, rekey: { old: { keys: old.keys, grams: old.grams }, now } });
      }
    }
    return batch;
  };

  const existingRows = async (changed: readonly ChangedMark[]): Promise<Map<string, SearchMarkRow>> =>
    new Map((await writer.byTrademarks(changed.map((c) => c.id))).map((r) => [r.trademark_id, r]));

  /** Keys staged for a batch that rolled back must not reach a later one; a cleanup failure is attached to the first error. */
  const discard = async (err: unknown, bulk: boolean): Promise<void> => {
    try {
      await writer.discardKeys(bulk);
    } catch (cleanup) {
      Object.assign(err as object, { cleanupError: cleanup });
    }
  };

  /** Rows but no synced sequence: a bulk build was interrupted (no live process holds the lease). Returns the synced sequence. */
  const start = async (): Promise<number> => {
    const last = await writer.lastSeq();
    if (last === 0 && (await writer.count()) > 0) await writer.clear();
    return last;
  };

  const syncAll = async (): Promise<number> => {
    let last = await start();
    const bulk = last === 0 && (await writer.storeSeq()) > 0;
    if (bulk) await writer.beginBulk();
    let indexed = 0;
    try {
      for (;;) {
        const changed = await writer.changedSince(last, SYNC_BATCH);
        if (changed.length === 0) break;
        last = changed[changed.length - 1]!.seq;
        // A bulk build reads each mark once: none is in the index yet.
        await writer.writeBatch(plan(changed, bulk ? new Map() : await existingRows(changed), NO_FORMS), bulk ? null : last);
        indexed += changed.length;
      }
      if (bulk) await writer.finishBulk(indexed > 0 ? last : null);
    } catch (err) {
      await discard(err, bulk);
      throw err;
    }
    return indexed;
  };

  /**
   * An empty index is built in bulk beside the load, each batch's keys staged until finish(). A
   * mark the load changes again after it was filed (a record twice in the files, an owner moved by
   * an assignment) ends the bulk build first, its keys going in, and the rest is filed as an
   * incremental sync files it. Into a filled index the forms wait for SYNC_BATCH changes.
   */
  const follow = async (): Promise<IndexFollower | null> => {
    if (!(await leases.claim('index_sync'))) return null;
    const restore = loadMode();
    const release = async (): Promise<void> => {
      restore();
      await leases.release('index_sync');
    };
    let last: number;
    try {
      last = await start();
    } catch (err) {
      await release();
      throw err;
    }
    let building = last === 0;
    let bulk = false;
    let indexed = 0;
    // After a failed batch its staged keys are discarded and nothing more is filed: a retry would file them half.
    let failed: { err: unknown } | null = null;
    const fail = async (err: unknown): Promise<void> => {
      if (failed) return;
      failed = { err };
      await discard(err, bulk);
    };
    const waiting = new Map<string, MarkForm>();
    const fileChanges = async (): Promise<void> => {
      for (;;) {
        const changed = await writer.changedSince(last, SYNC_BATCH);
        if (changed.length === 0) break;
        if (building && !bulk) {
          await writer.beginBulk();
          bulk = true;
        }
        const existing = await existingRows(changed);
        if (bulk && existing.size > 0) {
          await writer.finishBulk(last);
          bulk = building = false;
        }
        const through = changed[changed.length - 1]!.seq;
        await writer.writeBatch(plan(changed, existing, waiting), bulk ? null : through);
        last = through;
        indexed += changed.length;
      }
      waiting.clear();
    };
    const file = async (): Promise<void> => {
      if (failed) throw failed.err;
      try {
        await fileChanges();
      } catch (err) {
        await fail(err);
        throw err;
      }
    };
    return {
      async step(forms) {
        for (const [id, form] of forms) waiting.set(id, form);
        if (building || waiting.size >= SYNC_BATCH) await file();
      },
      async finish() {
        try {
          await file();
          if (bulk) await writer.finishBulk(last);
        } catch (err) {
          await fail(err);
          throw err;
        } finally {
          await release();
        }
        return indexed;
      },
      async abandon(err) {
        await fail(err);
        await release();
      },
    };
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
    follow,
    ensureCursorSecret: writer.ensureCursorSecret,
    /** Store changes not yet indexed. */
    async lag(): Promise<number> {
      const head = await writer.storeSeq();
      const last = await writer.lastSeq();
      return head > last ? head - last : 0;
    },
  };
};
