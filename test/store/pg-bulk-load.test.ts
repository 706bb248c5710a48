// A bulk load into an empty PostgreSQL store leaves the party counts to its end (migration 70).
// Marks re-filed later in the same load (an owner renamed, an owner replaced) delete side rows
// mid-load; the counts at the end must still be the ones SQLite's row triggers keep: the least
// spelling ever counted, and a party whose marks all moved kept at 0.
import { execa } from 'execa';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeCorpusFile } from '../../bench/corpus/generate.js';
import { createTestDatabase, PG_ENABLED, type TestDatabase } from '../helpers/pg.js';

const dir = mkdtempSync(join(tmpdir(), 'tm-pg-bulk-'));
const tm = (db: string, ...args: string[]) =>
  execa('node', [resolve('bin/tm.js'), ...args], { env: { TM_DB: db, TM_NOW: '2026-11-22T12:00:00.000Z' }, cwd: dir, reject: false });

const COUNTS = ['SELECT party_id, kind, name, marks FROM party_stats ORDER BY 1', 'SELECT party_id, office_code, marks FROM party_office_marks ORDER BY 1, 2'];

describe.skipIf(!PG_ENABLED)('a bulk load into an empty PostgreSQL store', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('counts parties at its end as the row triggers count them on SQLite, re-filed marks included', async () => {
    const corpus = join(dir, 'corpus.ndjson');
    await writeCorpusFile(corpus, 'ndjson', { count: 40, seed: 11 });
    const records = readFileSync(corpus, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { owners: { owner_id: string; name: string }[] });
    // Two marks filed again at the end, in later batches: one owner renamed to a later spelling
    // (the earlier, lesser one must stay the party's name), one owner replaced by a new party.
    const renamed = structuredClone(records[0]!);
    renamed.owners[0]!.name = `ZZ ${renamed.owners[0]!.name}`;
    const moved = structuredClone(records[1]!);
    moved.owners = [{ ...moved.owners[0]!, owner_id: 'own_bulkloadtestnewparty', name: 'Newparty Holdings Ltd' }];
    const file = join(dir, 'load.ndjson');
    writeFileSync(file, [...records, renamed, moved].map((r) => JSON.stringify(r)).join('\n') + '\n');

    const lite = join(dir, 'tm.db');
    for (const target of [lite, db.url]) {
      const r = await tm(target, 'ingest', '--batch-size', '10', file);
      expect(r.exitCode, r.stderr).toBe(0);
      expect(r.stdout).toMatch(/: 40 new, 2 updated/);
    }
    const sqlite = new Database(lite, { readonly: true });
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    try {
      for (const sql of COUNTS) {
        const want = sqlite.prepare(sql).all().map((row) => Object.values(row as object).map(String));
        const got = (await client.query<Record<string, unknown>>(sql)).rows.map((row) => Object.values(row).map(String));
        expect(got, sql).toEqual(want);
      }
      // The re-filed marks did reach the counts: the replaced party is kept at 0, the new one counted.
      const stats = new Map((await client.query<{ party_id: string; marks: string }>('SELECT party_id, marks FROM party_stats')).rows.map((r) => [r.party_id, Number(r.marks)]));
      expect(stats.get('own_bulkloadtestnewparty')).toBe(1);
      expect([...stats.values()].some((n) => n === 0)).toBe(true);
    } finally {
      sqlite.close();
      await client.end();
    }
  }, 120_000);
});
