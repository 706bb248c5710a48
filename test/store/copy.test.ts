// `tm copy`: a store moved SQLite → PostgreSQL → SQLite comes back with the same rows and the same
// per-table checksums, its search index rebuilt; a target that is not empty is refused unless told;
// bad input (a missing source, a URL of another kind, one store named twice, a server that cannot
// be reached) is one line and a non-zero exit, and nothing is made.
import { execa } from 'execa';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeCorpusFile } from '../../bench/corpus/generate.js';
import { createTestDatabase, PG_ENABLED, type TestDatabase } from '../helpers/pg.js';

const BIN = resolve('bin/tm.js');
const NOW = '2026-11-22T12:00:00.000Z';
const dir = mkdtempSync(join(tmpdir(), 'tm-copy-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const tm = (...args: string[]) => execa('node', [BIN, ...args], { env: { TM_NOW: NOW }, cwd: dir, reject: false });
const source = join(dir, 'source.db');

beforeAll(async () => {
  const corpus = join(dir, 'corpus.ndjson');
  await writeCorpusFile(corpus, 'ndjson', { count: 1500, seed: 11 });
  const files = [
    corpus,
    ...readdirSync('fixtures/uspto/assignments').map((f) => resolve('fixtures/uspto/assignments', f)),
    resolve('fixtures/uspto/ttab/tt230101-sample.xml'),
    ...readdirSync('fixtures/uspto/tsdr').filter((f) => f.endsWith('.xml')).map((f) => resolve('fixtures/uspto/tsdr', f)),
  ];
  expect((await tm('--db', source, 'ingest', ...files)).exitCode).toBe(0);
}, 120_000);

describe('tm copy: bad input', () => {
  it('is one line and a non-zero exit, and makes nothing', async () => {
    const cases: [string[], number, RegExp][] = [
      [['--from', join(dir, 'missing.db'), '--to', join(dir, 'x1.db')], 3, /no store at .*missing\.db to copy from/],
      [['--from', source, '--to', 'mysql://root@127.0.0.1/tm'], 2, /--to mysql:\/\/root@127\.0\.0\.1\/tm is neither a file path nor a postgres:\/\/ URL/],
      [['--from', source, '--to', 'postgres://root@[bad/tm'], 2, /--to is not a valid PostgreSQL URL/],
      [['--from', source, '--to', source], 2, /--from and --to name the same store/],
      [['--from', source], 2, /needs both --from and --to/],
      [['--from', source, '--to', 'postgres://root@127.0.0.1:1/tm'], 1, /^tm: cannot reach PostgreSQL at postgres:\/\/root@127\.0\.0\.1:1\/tm: .*ECONNREFUSED/],
      [['--from', source, '--to', join(dir, 'x2.db'), '--batch-size', '0'], 2, /--batch-size must be a whole number/],
    ];
    for (const [args, exit, message] of cases) {
      const r = await tm('copy', ...args);
      expect([r.exitCode, r.stderr.trim().split('\n').length], args.join(' ')).toEqual([exit, 1]);
      expect(r.stderr, args.join(' ')).toMatch(message);
    }
    expect(readdirSync(dir).filter((f) => f.startsWith('x') || f.startsWith('postgres'))).toEqual([]);
  });

  it('refuses a target that is not empty, naming what is in it, unless --overwrite', async () => {
    const target = join(dir, 'full.db');
    expect((await tm('--db', target, 'ingest', resolve('fixtures/uspto/tsdr/rn2178784-ST96.xml'))).exitCode).toBe(0);
    const refused = await tm('copy', '--from', source, '--to', target);
    expect(refused.exitCode).toBe(5);
    expect(refused.stderr).toMatch(/^tm: the target .*full\.db is not empty: .*trademarks \(1 rows\).*; nothing was copied\. .*--overwrite/);
    const replaced = await tm('copy', '--from', source, '--to', target, '--overwrite');
    expect(replaced.exitCode, replaced.stderr).toBe(0);
    const count = (path: string) => new Database(path, { readonly: true }).prepare('SELECT COUNT(*) FROM trademarks').pluck().get();
    expect(count(target)).toBe(count(source));
  }, 60_000);
});

/** Every row of every table but the search index and the migration bookkeeping, in a fixed order. */
const dump = (path: string): Record<string, unknown[]> => {
  const db = new Database(path, { readonly: true });
  try {
    const tables = db.prepare<[], string>("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite%' AND name NOT LIKE 'search%' AND name <> 'schema_migrations' ORDER BY name").pluck().all();
    const columns = (t: string) => db.prepare<[string], number>('SELECT COUNT(*) FROM pragma_table_info(?)').pluck().get(t)!;
    return Object.fromEntries(tables.map((t) => [t, db.prepare(`SELECT * FROM "${t}" ORDER BY ${Array.from({ length: columns(t) }, (_, i) => i + 1).join(', ')}`).all()]));
  } finally {
    db.close();
  }
};

describe.skipIf(!PG_ENABLED)('tm copy between SQLite and PostgreSQL', () => {
  let pgdb: TestDatabase;
  beforeAll(async () => {
    pgdb = await createTestDatabase();
  });
  afterAll(async () => pgdb?.drop());

  it('SQLite → PostgreSQL → SQLite gives back the same rows and checksums, and a searchable store', async () => {
    const there = await tm('copy', '--from', source, '--to', pgdb.url, '--batch-size', '700', '--json');
    expect(there.exitCode, there.stderr).toBe(0);
    const back = join(dir, 'back.db');
    const again = await tm('copy', '--from', pgdb.url, '--to', back, '--batch-size', '700', '--json');
    expect(again.exitCode, again.stderr).toBe(0);
    const [a, b] = [JSON.parse(there.stdout), JSON.parse(again.stdout)] as { tables: { table: string; rows: number; checksum: string }[]; missing: unknown[] }[];
    expect(b!.tables).toEqual(a!.tables);
    // Tables one backend has and the other not yet are listed; none of them holds a row here.
    expect([...a!.missing, ...b!.missing].filter((m) => (m as { rows: number }).rows > 0)).toEqual([]);
    expect(a!.tables.find((t) => t.table === 'trademarks')!.rows).toBeGreaterThan(1500);
    for (const table of ['assignments', 'proceedings', 'party_stats', 'party_name_prefixes', 'trademark_owners']) expect(a!.tables.find((t) => t.table === table)!.rows, table).toBeGreaterThan(0);
    expect(dump(back)).toEqual(dump(source));
    // The copy back indexed its marks: a search answers as on the source.
    const [s1, s2] = [await tm('--db', source, 'search', 'apple', '--json'), await tm('--db', back, 'search', 'apple', '--json')];
    expect(s2.exitCode).toBe(0);
    expect(JSON.parse(s2.stdout).data.map((m: { id: string }) => m.id)).toEqual(JSON.parse(s1.stdout).data.map((m: { id: string }) => m.id));
    // A second copy into the now full database is refused.
    const twice = await tm('copy', '--from', source, '--to', pgdb.url);
    expect([twice.exitCode, twice.stderr.trim().split('\n').length]).toEqual([5, 1]);
    expect(existsSync(join(dir, 'postgres:'))).toBe(false);
  }, 240_000);
});
