// kill -9 of `tm ingest` into PostgreSQL mid-load: every batch is one transaction, so what was
// stored is whole batches with all their side rows and events, the secondary indexes the bulk load
// dropped come back at the next writer's start, and the next ingest completes the store.
import { execa } from 'execa';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeCorpusFile } from '../../bench/corpus/generate.js';
import { SECONDARY_INDEXES } from '../../src/store/postgres/migrations/001-core.js';
import { createTestDatabase, PG_ENABLED, type TestDatabase } from '../helpers/pg.js';

const COUNT = 30_000;
const BATCH = 10_000;
const dir = mkdtempSync(join(tmpdir(), 'tm-pg-kill-'));
const file = join(dir, 'daily.ndjson');
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.skipIf(!PG_ENABLED)('kill -9 of tm ingest into PostgreSQL', () => {
  let db: TestDatabase;
  let client: pg.Client;
  const one = async (sql: string): Promise<number> => Number((await client.query<{ n: string }>(sql)).rows[0]!.n);
  beforeAll(async () => {
    db = await createTestDatabase();
    client = new pg.Client({ connectionString: db.url });
    await client.connect();
    await writeCorpusFile(file, 'ndjson', { count: COUNT, seed: 41 });
  }, 120_000);
  afterAll(async () => {
    await client?.end();
    await db?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('leaves whole batches only, and the next ingest repairs and completes the store', async () => {
    const env = { TM_DB: db.url, TM_NOW: '2026-11-22T12:00:00.000Z' };
    const ingest = execa('node', [resolve('bin/tm.js'), 'ingest', file], { env, reject: false });
    let exited = false;
    void ingest.finally(() => (exited = true));
    const stored = async () => one("SELECT COUNT(*) AS n FROM pg_tables WHERE tablename = 'trademarks'").then((t) => (t ? one('SELECT COUNT(*) AS n FROM trademarks') : 0));
    while (!exited && (await stored()) < BATCH) await pause(20);
    expect(exited, 'the ingest finished before the kill point').toBe(false);
    ingest.kill('SIGKILL');
    expect((await ingest).signal).toBe('SIGKILL');

    const kept = await stored();
    expect(kept % BATCH).toBe(0);
    expect(kept).toBeGreaterThanOrEqual(BATCH);
    expect(kept).toBeLessThan(COUNT);
    // No side row without its mark, and no mark without the owner rows its record lists.
    expect(await one('SELECT COUNT(*) AS n FROM trademark_owners o WHERE NOT EXISTS (SELECT 1 FROM trademarks t WHERE t.id = o.trademark_id)')).toBe(0);
    expect(await one('SELECT COUNT(*) AS n FROM trademark_classes c WHERE NOT EXISTS (SELECT 1 FROM trademarks t WHERE t.id = c.trademark_id)')).toBe(0);
    expect(await one("SELECT COUNT(*) AS n FROM trademarks t WHERE t.record::jsonb -> 'owners' <> '[]'::jsonb AND NOT EXISTS (SELECT 1 FROM trademark_owners o WHERE o.trademark_id = t.id)")).toBe(0);
    // The bulk load had dropped the secondary indexes; the kill left them dropped.
    const names = SECONDARY_INDEXES.map((s) => /IF NOT EXISTS (\w+)/.exec(s)![1]!);
    const present = () => one(`SELECT COUNT(*) AS n FROM pg_indexes WHERE indexname IN (${names.map((n) => `'${n}'`).join(', ')})`);
    expect(await present()).toBe(0);

    const again = await execa('node', [resolve('bin/tm.js'), 'ingest', file], { env, reject: false });
    expect(again.exitCode, again.stderr).toBe(0);
    expect(again.stdout).toMatch(new RegExp(`^ingested ${COUNT} records .*: ${COUNT - kept} new, 0 updated, ${kept} unchanged`));
    expect(await present()).toBe(names.length);
    const ids = new Set(readFileSync(file, 'utf8').trim().split('\n').map((line) => (JSON.parse(line) as { id: string }).id));
    expect(await stored()).toBe(ids.size);
  }, 300_000);
});
