// Issue 28: SQLite files the channel keys' postings as one packed list per key and length
// (migration 092). A store written before (one search_key row per mark and key, the migration not
// recorded: what main wrote) opens with this code, repacks its index in place telling its progress,
// needs no rebuild, and answers every search as before; a daily file then updates the lists.
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeCorpusFile } from '../../bench/corpus/generate.js';
import { closeContext, createContext, type Context } from '../../src/context.js';
import { ingestFiles } from '../../src/ingest/pipeline.js';
import { searchTrademarks } from '../../src/ops/search-trademarks.js';
import { fromBlob } from '../../src/store/gram-postings.js';
import { writeTransaction } from '../../src/store/sqlite/sqlite.js';
import { sqliteDb } from '../../src/store/sqlite/store.js';

const NOW = '2026-11-22T12:00:00.000Z';
const dir = mkdtempSync(join(tmpdir(), 'tm-packed-keys-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const open = (path: string, lines: string[] = []): Context => createContext({ db: path, now: NOW }, { info: (m) => lines.push(m), warn: (m) => lines.push(m) });

const QUERIES = ['APPLE', 'KODAK', 'BLUE OCEAN', 'SUNRISE', 'NOVA TECH', 'ZEPHYR', 'MAXIMA', 'ORION'];

/** What a user reads from the index: a search per query, every channel. */
const answers = async (ctx: Context) => {
  const out = [];
  for (const q of QUERIES) out.push(await searchTrademarks.run(ctx, searchTrademarks.input.parse({ q, limit: 30 })));
  return out;
};

/** The index's postings as (h, len, mid) rows, from whichever layout the file holds. */
const postings = (db: Database.Database): number[][] => {
  const columns = db.prepare("SELECT name FROM pragma_table_info('search_key')").pluck().all() as string[];
  if (columns.includes('mid')) return db.prepare('SELECT h, len, mid FROM search_key ORDER BY h, len, mid').raw().all() as number[][];
  return (db.prepare('SELECT hl >> 8, hl & 255, mids FROM search_key ORDER BY hl').raw().all() as [number, number, Buffer][]).flatMap(([h, len, b]) => [...fromBlob(b)].map((mid) => [h, len, mid]));
};

describe('packed search keys', () => {
  it('a store indexed before migration 092 is repacked in place, with progress, and searches the same', async () => {
    const path = join(dir, 'old.db');
    const corpus = join(dir, 'corpus.ndjson');
    await writeCorpusFile(corpus, 'ndjson', { count: 1500, seed: 11 });
    const first = open(path);
    expect((await ingestFiles(first, [corpus])).failed_files).toEqual([]);
    const before = await answers(first);
    expect(before.filter((a) => a.data.length > 0).length).toBeGreaterThan(4);
    await closeContext(first);

    // Back to the layout main writes: a row per mark and key, the migration not recorded.
    const db = new Database(path);
    const rows = postings(db);
    expect(rows.length).toBeGreaterThan(db.prepare('SELECT COUNT(*) FROM search_key').pluck().get() as number);
    writeTransaction(db, () => {
      db.exec('DROP TABLE search_key; CREATE TABLE search_key (h INTEGER NOT NULL, len INTEGER NOT NULL, mid INTEGER NOT NULL, PRIMARY KEY (h, len, mid)) WITHOUT ROWID');
      const put = db.prepare('INSERT INTO search_key (h, len, mid) VALUES (?, ?, ?)');
      for (const r of rows) put.run(...r);
      db.prepare('DELETE FROM schema_migrations WHERE version IN (92, 93)').run();
    })();
    db.close();

    const lines: string[] = [];
    const reopened = open(path, lines);
    try {
      expect(lines[0]).toBe(`migration 092: packing ${rows.length.toLocaleString('en-US')} search-key postings into lists …`);
      expect(lines).toContain('migration 092: 16 of 16 key ranges packed');
      expect(lines.find((l) => l.includes('search keys packed'))).toMatch(/^migration 092: search keys packed; the file keeps its size until VACUUM/);
      expect(await reopened.index.lag()).toBe(0);
      expect(await answers(reopened)).toEqual(before);
    } finally {
      await closeContext(reopened);
    }
    const after = new Database(path, { readonly: true });
    expect(postings(after)).toEqual(rows);
    expect(after.prepare("SELECT name FROM sqlite_master WHERE name = 'search_key_rows'").all()).toEqual([]);
    after.close();
  }, 180_000);

  it('a daily file into a packed index files its new and changed marks as a fresh build would', async () => {
    const [a, b] = [join(dir, 'daily.ndjson'), join(dir, 'base.ndjson')];
    await writeCorpusFile(b, 'ndjson', { count: 800, seed: 21 });
    await writeCorpusFile(a, 'ndjson', { count: 300, seed: 22 });
    const grown = open(join(dir, 'grown.db'));
    const fresh = open(join(dir, 'fresh.db'));
    try {
      await ingestFiles(grown, [b]);
      const daily = await ingestFiles(grown, [a]);
      // Changed marks take the remover's path: their old keys leave the lists.
      expect(daily.updated).toBeGreaterThan(0);
      await ingestFiles(fresh, [b, a]);
      // The marks carry other mids in each store: the lists are compared by trademark id.
      const byId = (ctx: Context) => {
        const db = sqliteDb(ctx.store);
        const ids = new Map(db.prepare('SELECT mid, trademark_id FROM search_mark').raw().all() as [number, string][]);
        return postings(db).map(([h, len, mid]) => `${h}:${len}:${ids.get(mid!)}`).sort();
      };
      expect(byId(grown)).toEqual(byId(fresh));
    } finally {
      await closeContext(grown);
      await closeContext(fresh);
    }
  }, 180_000);
});
