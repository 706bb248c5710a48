// bench:search's `--minisearch`: the alternative an earlier issue named, minisearch, over the same
// marks as a persisted JSON snapshot: build and snapshot, then the load each cold process would pay.
import MiniSearch from 'minisearch';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { closeContext, createContext } from '../../src/context.js';
import { sqliteDb } from '../../src/store/sqlite/store.js';
import { NOW } from './bench-store.js';
import { formatInt, formatMb, type Table } from './results.js';

export interface MiniResult {
  phase: 'build' | 'load';
  ms: number;
  snapshot_bytes: number;
  query_ms: number;
}

export interface MiniRow {
  size: number;
  minisearch: { build: MiniResult; load: MiniResult; load_peak_rss_bytes: number };
}

const MINI_OPTIONS = { fields: ['text'], idField: 'id' };

/** Child: build and snapshot minisearch from the store's marks, or load the snapshot; then one fuzzy query. */
export const minisearch = async (db: string, phase: 'build' | 'load'): Promise<MiniResult> => {
  const snapshot = `${db}.minisearch.json`;
  const t = performance.now();
  let mini: MiniSearch;
  if (phase === 'build') {
    const ctx = createContext({ db, now: NOW });
    const rows = sqliteDb(ctx.store).prepare('SELECT mid AS id, mark_text AS text FROM search_mark WHERE mark_text IS NOT NULL').all() as { id: number; text: string }[];
    await closeContext(ctx);
    mini = new MiniSearch(MINI_OPTIONS);
    mini.addAll(rows);
    writeFileSync(snapshot, JSON.stringify(mini));
  } else mini = MiniSearch.loadJSON(readFileSync(snapshot, 'utf8'), MINI_OPTIONS);
  const ms = performance.now() - t;
  const q = performance.now();
  mini.search('monkey beer', { fuzzy: 0.2, prefix: true });
  return { phase, ms, snapshot_bytes: statSync(snapshot).size, query_ms: performance.now() - q };
};

export const miniTable = (rows: readonly MiniRow[]): Table => ({
  headers: ['marks', 'minisearch build + snapshot', 'snapshot size', 'snapshot load (each cold process)', 'load peak RSS', 'one fuzzy query'],
  rows: rows.map((r) => [
    formatInt(r.size),
    `${(r.minisearch.build.ms / 1000).toFixed(1)} s`,
    formatMb(r.minisearch.build.snapshot_bytes),
    `${formatInt(r.minisearch.load.ms)} ms`,
    formatMb(r.minisearch.load_peak_rss_bytes),
    `${r.minisearch.load.query_ms.toFixed(1)} ms`,
  ]),
});
