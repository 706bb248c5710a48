// Issue 28: migration 093 keys search_key and search_gram by one integer (hash × 256 + length). A
// store written before it (the (h, len) WITHOUT ROWID tables, 093 not recorded: what main wrote)
// opens with this code, re-keys both tables in place with a progress line each, needs no rebuild,
// keeps every list, answers every search as before, and takes a daily file afterwards as a store
// built with this code does.
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

const NOW = '2026-11-28T12:00:00.000Z';
const dir = mkdtempSync(join(tmpdir(), 'tm-key-rowids-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const open = (path: string, lines: string[] = []): Context => createContext({ db: path, now: NOW }, { info: (m) => lines.push(m), warn: (m) => lines.push(m) });

const QUERIES = ['APPLE', 'KODAK', 'BLUE OCEAN', 'SUNRISE', 'NOVA TECH', 'ZEPHYR', 'MAXIMA', 'ORION'];
const TABLES = ['search_key', 'search_gram'] as const;

const answers = async (ctx: Context) => {
  const out = [];
  for (const q of QUERIES) out.push(await searchTrademarks.run(ctx, searchTrademarks.input.parse({ q, limit: 30, all: true })));
  return out;
};

/** A list table as (hash, length, mids) rows, from whichever layout the file holds. */
const lists = (db: Database.Database, table: string): [number, number, number[]][] => {
  const columns = db.prepare('SELECT name FROM pragma_table_info(?)').pluck().all(table) as string[];
  const sql = columns.includes('h') ? `SELECT h, len, mids FROM ${table} ORDER BY h, len` : `SELECT hl >> 8, hl & 255, mids FROM ${table} ORDER BY hl`;
  return (db.prepare(sql).raw().all() as [number, number, Buffer][]).map(([h, len, b]) => [h, len, [...fromBlob(b)]]);
};

describe('search lists keyed by one integer (migration 093)', () => {
  it('a store written before 093 is re-keyed in place, with progress, and searches and updates the same', async () => {
    const [base, daily] = [join(dir, 'base.ndjson'), join(dir, 'daily.ndjson')];
    await writeCorpusFile(base, 'ndjson', { count: 1500, seed: 31 });
    await writeCorpusFile(daily, 'ndjson', { count: 300, seed: 32 });
    const oldPath = join(dir, 'old.db');
    const first = open(oldPath);
    expect((await ingestFiles(first, [base])).failed_files).toEqual([]);
    const before = await answers(first);
    expect(before.filter((a) => a.data.length > 0).length).toBeGreaterThan(4);
    await closeContext(first);

    // Back to the layout main writes: (h, len) WITHOUT ROWID tables, 093 not recorded.
    const db = new Database(oldPath);
    const want = Object.fromEntries(TABLES.map((t) => [t, lists(db, t)]));
    expect(want.search_key!.length).toBeGreaterThan(1000);
    writeTransaction(db, () => {
      for (const t of TABLES) {
        db.exec(`CREATE TABLE ${t}_old (h INTEGER NOT NULL, len INTEGER NOT NULL, mids BLOB NOT NULL, PRIMARY KEY (h, len)) WITHOUT ROWID;
          INSERT INTO ${t}_old SELECT hl >> 8, hl & 255, mids FROM ${t}; DROP TABLE ${t}; ALTER TABLE ${t}_old RENAME TO ${t}`);
      }
      db.prepare('DELETE FROM schema_migrations WHERE version = 93').run();
    })();
    expect(lists(db, 'search_key')).toEqual(want.search_key);
    db.close();

    const lines: string[] = [];
    const reopened = open(oldPath, lines);
    try {
      expect(lines).toEqual([
        `migration 093: re-keying ${want.search_key!.length.toLocaleString('en-US')} search_key lists …`,
        'migration 093: search_key re-keyed',
        `migration 093: re-keying ${want.search_gram!.length.toLocaleString('en-US')} search_gram lists …`,
        'migration 093: search_gram re-keyed',
      ]);
      expect(await reopened.index.lag()).toBe(0);
      expect(await answers(reopened)).toEqual(before);
      await ingestFiles(reopened, [daily]);
    } finally {
      await closeContext(reopened);
    }
    const after = new Database(oldPath, { readonly: true });
    for (const t of TABLES) {
      expect(after.prepare('SELECT name FROM pragma_table_info(?) ORDER BY cid').pluck().all(t)).toEqual(['hl', 'mids']);
      expect(after.prepare("SELECT COUNT(*) FROM sqlite_master WHERE name = ?").pluck().get(`${t}_hl`)).toBe(0);
    }

    // The same two files into a store made with this code: the same lists, compared by trademark id (mids differ).
    const fresh = open(join(dir, 'fresh.db'));
    await ingestFiles(fresh, [base]);
    await ingestFiles(fresh, [daily]);
    await closeContext(fresh);
    const now = new Database(join(dir, 'fresh.db'), { readonly: true });
    const byId = (d: Database.Database, t: string) => {
      const ids = new Map(d.prepare('SELECT mid, trademark_id FROM search_mark').raw().all() as [number, string][]);
      return lists(d, t).map(([h, len, mids]) => `${h}:${len}:${mids.map((m) => ids.get(m)).sort().join(',')}`).sort();
    };
    for (const t of TABLES) expect(byId(after, t), t).toEqual(byId(now, t));
    after.close();
    now.close();
  }, 180_000);
});
