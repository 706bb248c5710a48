// Issue 28: SQLite keeps each trademark record deflated with the record dictionary. A store written
// before (records as JSON text, the status and filing-date indexes, migration 064 not applied: what
// main wrote) opens with this code, compresses its records in place telling its progress, drops
// the two indexes, and answers every read as before.
import Database from 'better-sqlite3';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeCorpusFile } from '../../bench/corpus/generate.js';
import { closeContext, createContext, type Context } from '../../src/context.js';
import { ingestFiles } from '../../src/ingest/pipeline.js';
import { getTrademark } from '../../src/ops/get-trademark.js';
import { searchTrademarks } from '../../src/ops/search-trademarks.js';
import { decodeRecord, encodeRecord } from '../../src/store/sqlite/records/record-codec.js';
import { writeTransaction } from '../../src/store/sqlite/sqlite.js';

const NOW = '2026-11-22T12:00:00.000Z';
const dir = mkdtempSync(join(tmpdir(), 'tm-compact-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const open = (path: string, lines: string[] = []): Context => createContext({ db: path, now: NOW }, { info: (m) => lines.push(m), warn: (m) => lines.push(m) });

/** What a user reads: every mark in full, filtered lists and counts, and searches. */
const answers = async (ctx: Context) => {
  const ids: string[] = [];
  for await (const batch of ctx.store.trademarks.scan({}, 500)) ids.push(...batch.map((r) => r.id));
  const shown = [];
  for (const id of ids.filter((_, i) => i % 25 === 0)) shown.push(await getTrademark.run(ctx, getTrademark.input.parse({ id })));
  return {
    records: [...(await ctx.store.trademarks.get(ids)).values()],
    shown,
    us: await ctx.store.trademarks.list({ offices: ['US'], niceClasses: [9] }, 'filing_date', 50, 0),
    count: await ctx.store.trademarks.count({ statusPrimary: ['active'] }),
    search: await searchTrademarks.run(ctx, searchTrademarks.input.parse({ q: 'APPLE', limit: 20 })),
  };
};

describe('compact records', () => {
  it('a store written before migration 064 is compressed in place, with progress, and answers the same', async () => {
    const path = join(dir, 'old.db');
    const corpus = join(dir, 'corpus.ndjson');
    await writeCorpusFile(corpus, 'ndjson', { count: 1200, seed: 5 });
    const tsdr = readdirSync('fixtures/uspto/tsdr').filter((f) => f.endsWith('.xml')).map((f) => resolve('fixtures/uspto/tsdr', f));
    const first = open(path);
    const summary = await ingestFiles(first, [corpus, ...tsdr]);
    expect(summary.failed_files).toEqual([]);
    const before = await answers(first);
    expect([before.records.length > 1200, before.shown.length > 40, before.us.length > 0, before.count > 0, before.search.data.length > 0]).toEqual([true, true, true, true, true]);
    await closeContext(first);

    // Back to the rows main writes: the record as JSON text, the migration not recorded.
    const db = new Database(path);
    const rows = db.prepare('SELECT rowid, record FROM trademarks').all() as { rowid: number; record: Buffer }[];
    const plain = db.prepare('UPDATE trademarks SET record = ? WHERE rowid = ?');
    writeTransaction(db, () => rows.forEach((r) => plain.run(decodeRecord(r.record), r.rowid)))();
    db.prepare('DELETE FROM schema_migrations WHERE version = 64').run();
    db.exec('CREATE INDEX trademarks_status ON trademarks (status_primary, status_stage); CREATE INDEX trademarks_filing ON trademarks (filing_date)');
    const textBytes = db.prepare('SELECT SUM(length(CAST(record AS BLOB))) FROM trademarks').pluck().get() as number;
    expect(db.prepare("SELECT COUNT(*) FROM trademarks WHERE typeof(record) <> 'text'").pluck().get()).toBe(0);
    db.close();

    const lines: string[] = [];
    const reopened = open(path, lines);
    try {
      const total = rows.length.toLocaleString('en-US');
      expect(lines).toEqual([`migration 064: compressing ${total} stored trademark records …`, `migration 064: ${total} records compressed; the file keeps its size until VACUUM (sqlite3 <store file> VACUUM, with the store closed)`]);
      expect(await answers(reopened)).toEqual(before);
    } finally {
      await closeContext(reopened);
    }
    const after = new Database(path, { readonly: true });
    expect(after.prepare("SELECT COUNT(*) FROM trademarks WHERE typeof(record) <> 'blob'").pluck().get()).toBe(0);
    expect(after.prepare("SELECT name FROM sqlite_master WHERE name IN ('trademarks_status', 'trademarks_filing')").all()).toEqual([]);
    const blobBytes = after.prepare('SELECT SUM(length(record)) FROM trademarks').pluck().get() as number;
    after.close();
    expect(blobBytes / textBytes).toBeLessThan(0.4);
  }, 180_000);

  it('a record decodes to the JSON it was encoded from; a JSON text value (an older store) reads as itself', () => {
    const json = JSON.stringify({ id: 'tm_x', mark_text: 'ÄPFEL “quoted” 漢字', owners: [{ name: 'A & B' }] });
    const stored = encodeRecord(json);
    expect(stored[0]).toBe(1);
    expect(decodeRecord(stored)).toBe(json);
    expect(decodeRecord(json)).toBe(json);
  });
});
