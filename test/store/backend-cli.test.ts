// Choosing the backend from the CLI: a postgres:// URL is never a path; a server that cannot be
// used is one line and a non-zero exit; and with TM_TEST_PG the same ingest (marks, parties,
// assignments, proceedings), the same bad input and a kill -9 mid-ingest give the same stored rows
// and errors on PostgreSQL as on SQLite.
import { execa } from 'execa';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { writeCorpusFile } from '../../bench/corpus/generate.js';
import { createTestDatabase, PG_ENABLED, type TestDatabase } from '../helpers/pg.js';
import { decodeRecord } from '../../src/store/sqlite/records/record-codec.js';
import { fromBlob } from '../../src/store/gram-postings.js';
import { openDatabase } from '../../src/store/sqlite/sqlite.js';

const BIN = resolve('bin/tm.js');
const NOW = '2026-11-22T12:00:00.000Z';
const dir = mkdtempSync(join(tmpdir(), 'tm-backends-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const tm = (db: string, ...args: string[]) => execa('node', [BIN, ...args], { env: { TM_DB: db, TM_NOW: NOW }, cwd: dir, reject: false });

describe('a PostgreSQL URL', () => {
  it('is never read as a path: an unreachable server is one line and exit 1, and nothing is made on disk', async () => {
    for (const url of ['postgres://root@127.0.0.1:1/tm', 'postgresql://root@127.0.0.1:1/tm']) {
      const r = await tm(url, 'stats');
      expect(r.exitCode).toBe(1);
      expect(r.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^tm: cannot reach PostgreSQL at postgres(ql)?:\/\/root@127\.0\.0\.1:1\/tm: .*ECONNREFUSED/)]);
    }
    expect(readdirSync(dir)).toEqual([]);
  });

  it('is refused by the SQLite opener itself, so a caller that skipped the backend choice makes no folder', () => {
    const url = 'postgres://root@127.0.0.1:5432/tm_x';
    const cwd = process.cwd();
    process.chdir(dir);
    try {
      expect(() => openDatabase(url)).toThrow(/127\.0\.0\.1:5432\/tm_x is a PostgreSQL URL, not a SQLite path/);
    } finally {
      process.chdir(cwd);
    }
    expect(readdirSync(dir)).toEqual([]);
  });
});

describe.skipIf(!PG_ENABLED)('the same work on PostgreSQL as on SQLite', () => {
  let pgdb: TestDatabase;
  const lite = join(dir, 'tm.db');
  beforeAll(async () => {
    pgdb = await createTestDatabase();
  });
  afterAll(async () => pgdb?.drop());

  it('a missing database and a role that does not exist: one line each, never a SQLite fallback', async () => {
    const missing = new URL(pgdb.url);
    missing.pathname = `${missing.pathname}_missing`;
    const r = await tm(missing.toString(), 'stats');
    expect([r.exitCode, r.stderr.trim().split('\n').length]).toEqual([3, 1]);
    expect(r.stderr).toMatch(/does not exist; create it/);
    const role = new URL(pgdb.url);
    role.username = 'tm_no_such_role';
    const denied = await tm(role.toString(), 'stats');
    expect([denied.exitCode, denied.stderr.trim().split('\n').length]).toEqual([4, 1]);
    expect(existsSync(join(dir, 'postgres:'))).toBe(false);
  });

  /** PostgreSQL files a row per mark and key; SQLite a packed list per key (migration 092), read out as those rows. */
  const KEYS = 'SELECT h, len, mid FROM search_key ORDER BY h, len, mid';
  const keyRows = (sqlite: Database.Database): number[][] =>
    (sqlite.prepare('SELECT hl >> 8, hl & 255, mids FROM search_key ORDER BY hl').raw().all() as [number, number, Buffer][]).flatMap(([h, len, b]) => [...fromBlob(b)].map((mid) => [h, len, mid]));
  /** Both keep trigram lists; SQLite keys its rows by one integer, hash × 256 + count (migration 093). */
  const GRAMS = 'SELECT h, len, mids FROM search_gram ORDER BY h, len';
  const SQLITE_GRAMS = 'SELECT hl >> 8, hl & 255, mids FROM search_gram ORDER BY hl';

  it('the same ingest stores the same rows, owners, entities, parties, assignments, proceedings and events', async () => {
    const file = join(dir, 'corpus.ndjson');
    await writeCorpusFile(file, 'ndjson', { count: 3000, seed: 7 });
    const tsdr = readdirSync('fixtures/uspto/tsdr').filter((f) => f.endsWith('.xml')).map((f) => resolve('fixtures/uspto/tsdr', f));
    // Real office files with assignments (Assignment Center exports, assignment XML) and board proceedings (TTAB XML).
    const records = [
      ...readdirSync('fixtures/uspto/assignments').map((f) => resolve('fixtures/uspto/assignments', f)),
      ...['asb-historical-sample.xml', 'asb-historical-reel1-frame1.xml'].map((f) => resolve('fixtures/uspto/assignment-xml', f)),
      resolve('fixtures/uspto/ttab/tt230101-sample.xml'),
    ];
    for (const args of [[file], tsdr, records, [file], records]) {
      const [a, b] = [await tm(lite, 'ingest', ...args), await tm(pgdb.url, 'ingest', ...args)];
      expect([a.exitCode, b.exitCode]).toEqual([0, 0]);
      // The summaries differ only in timing.
      const gist = (s: string) => s.replace(/ in [\d.]+m?s \([\d,]+\/s\)/, '');
      expect(gist(b.stdout)).toBe(gist(a.stdout));
    }
    const queries = [
      'SELECT id, office_code, app_key, reg_key, mark_text, status_primary, filing_date, register_type, content_hash, record, seq FROM trademarks ORDER BY id',
      'SELECT trademark_id, owner_id, entity_id, name FROM trademark_owners ORDER BY trademark_id, owner_id',
      'SELECT trademark_id, nice_class FROM trademark_classes ORDER BY trademark_id, nice_class',
      'SELECT trademark_id, party_id, name, firm_id FROM trademark_representatives ORDER BY trademark_id, party_id',
      'SELECT trademark_id, relation, office_code, number FROM trademark_citations ORDER BY 1, 2, 3, 4',
      'SELECT seq, trademark_id, type, payload, watch_eligible FROM events ORDER BY seq',
      'SELECT entity_id, merged_into, reason FROM entity_merges ORDER BY entity_id',
      'SELECT trademark_id, content_hash FROM trademark_documents ORDER BY trademark_id',
      'SELECT id, office_code, reel_frame, execution_date, recorded_date, party_names, content_hash, record, created_at, updated_at FROM assignments ORDER BY id',
      'SELECT trademark_id, assignment_id FROM assignment_marks ORDER BY 1, 2',
      'SELECT id, number, type_code, status_code, filing_date, party_names, content_hash, record, created_at, updated_at FROM proceedings ORDER BY id',
      'SELECT trademark_id, proceeding_id, role FROM proceeding_marks ORDER BY 1, 2, 3',
      'SELECT party_id, kind, name, marks FROM party_stats ORDER BY party_id',
      'SELECT party_id, office_code, marks FROM party_office_marks ORDER BY 1, 2',
      'SELECT prefix, party_id FROM party_name_prefixes ORDER BY 1, 2',
      // The search index: the same marks under the same mids, filed under the same keys and trigram lists.
      'SELECT * FROM search_mark ORDER BY mid',
      KEYS,
      GRAMS,
      "SELECT key, value FROM search_state WHERE key = 'last_seq'",
    ];
    const sqlite = new Database(lite, { readonly: true });
    // BIGINT (the sequence numbers) as JS numbers, as SQLite gives them.
    const client = new pg.Client({ connectionString: pgdb.url, types: { getTypeParser: (oid: number, format?: string) => (oid === 20 ? Number : pg.types.getTypeParser(oid, format as 'text')) } as never });
    await client.connect();
    try {
      for (const q of queries) {
        // SQLite keeps a trademark record deflated (record-codec.ts): compared as the JSON it holds.
        const cell = (v: unknown) => (typeof v === 'bigint' ? Number(v) : q.includes('FROM trademarks ') && Buffer.isBuffer(v) ? decodeRecord(v) : v);
        const want = q === KEYS ? keyRows(sqlite) : (sqlite.prepare(q === GRAMS ? SQLITE_GRAMS : q).raw().all() as unknown[][]).map((row) => row.map(cell));
        const got = (await client.query({ text: q, rowMode: 'array' })).rows;
        expect(got.length, q).toBe(want.length);
        expect(got, q).toEqual(want);
      }
      expect(sqlite.prepare('SELECT COUNT(*) FROM trademarks').pluck().get()).toBeGreaterThan(3000);
      for (const table of ['assignments', 'assignment_marks', 'proceedings', 'proceeding_marks']) expect(sqlite.prepare(`SELECT COUNT(*) FROM ${table}`).pluck().get(), table).toBeGreaterThan(0);
    } finally {
      sqlite.close();
      await client.end();
    }
  }, 240_000);

  it('bad input gets the same error and exit code on both', async () => {
    const bad = join(dir, 'bad.ndjson');
    writeFileSync(bad, '{"object":"trademark"\nnot json\n');
    for (const args of [['show', 'US:00000000'], ['show', 'nonsense'], ['ingest', bad], ['ingest', join(dir, 'no-such-file.ndjson')], ['trademarks', 'list', '--limit', '0']]) {
      const [a, b] = [await tm(lite, ...args), await tm(pgdb.url, ...args)];
      expect(b.exitCode, args.join(' ')).toBe(a.exitCode);
      expect(b.stderr.replace(pgdb.url, 'STORE'), args.join(' ')).toBe(a.stderr.replace(lite, 'STORE'));
    }
  }, 60_000);
});
