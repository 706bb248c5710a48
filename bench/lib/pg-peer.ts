// The PostgreSQL peer of bench:search (issue 27): the marks of a bench store copied into a plain
// table on the local server with COPY, searched two ways a PostgreSQL user would: `pg_trgm` (a GIN
// index, `%` then ranked by similarity()) and fuzzystrmatch's double metaphone (a b-tree index on
// the primary and alternate codes, ranked by trigram similarity). The database is kept between
// runs, keyed by corpus size and seed, so a 5M corpus is copied and indexed once.
import Database from 'better-sqlite3';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import pg from 'pg';
import copyStreams from 'pg-copy-streams';
import { copyField } from '../../src/store/postgres/pg.js';
import { benchDatabaseUrl, freshBenchDatabase, PG_BENCH_URL, withClient } from './pg-bench.js';

export const PEER_ARMS = ['pg_trgm', 'dmetaphone'] as const;
export type PeerArm = (typeof PEER_ARMS)[number];

export interface PeerBuild {
  copy_ms: number;
  trgm_index_ms: number;
  dmetaphone_index_ms: number;
  rows: number;
}

export const peerDatabaseName = (size: number, seed: number): string => `tm_bench_sbench_peer_${size}_s${seed}`;

const SQL: Record<PeerArm, string> = {
  pg_trgm: 'SELECT id, mark FROM marks WHERE mark % $1 ORDER BY similarity(mark, $1) DESC, id LIMIT $2',
  dmetaphone: 'SELECT id, mark FROM marks WHERE dmetaphone(mark) = dmetaphone($1) OR dmetaphone_alt(mark) = dmetaphone_alt($1) ORDER BY similarity(mark, $1) DESC, id LIMIT $2',
};

/** Rows of the store's search table as COPY text, in chunks of 10,000 lines. */
function* copyLines(sqlitePath: string): Generator<string> {
  const db = new Database(sqlitePath, { readonly: true });
  try {
    let chunk: string[] = [];
    for (const [id, mark] of db.prepare('SELECT trademark_id, mark_text FROM search_mark WHERE mark_text IS NOT NULL ORDER BY mid').raw().iterate() as Iterable<[string, string]>) {
      chunk.push(`${copyField(id)}\t${copyField(mark)}\n`);
      if (chunk.length === 10_000) {
        yield chunk.join('');
        chunk = [];
      }
    }
    if (chunk.length) yield chunk.join('');
  } finally {
    db.close();
  }
}

const isLoaded = async (name: string): Promise<boolean> => {
  const exists = await withClient(PG_BENCH_URL, async (c) => (await c.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount === 1);
  if (!exists) return false;
  return withClient(benchDatabaseUrl(name), async (c) => {
    const meta = await c.query("SELECT 1 FROM pg_tables WHERE tablename = 'bench_meta'");
    return meta.rowCount === 1 && (await c.query("SELECT 1 FROM bench_meta WHERE k = 'done'")).rowCount === 1;
  });
};

/** The peer database for a store of `size` marks: reused when a finished one exists, else copied and indexed. */
export const ensurePeer = async (sqlitePath: string, size: number, seed: number): Promise<{ url: string; name: string; built: PeerBuild | null }> => {
  const name = peerDatabaseName(size, seed);
  if (await isLoaded(name)) return { url: benchDatabaseUrl(name), name, built: null };
  const url = await freshBenchDatabase(name);
  process.stderr.write(`peer: copying the store's marks into ${name} …\n`);
  const built = await withClient(url, async (c) => {
    await c.query('CREATE EXTENSION pg_trgm; CREATE EXTENSION fuzzystrmatch');
    await c.query('CREATE TABLE marks (id text NOT NULL, mark text NOT NULL); CREATE TABLE bench_meta (k text PRIMARY KEY, v text)');
    let t = performance.now();
    await pipeline(Readable.from(copyLines(sqlitePath)), c.query(copyStreams.from('COPY marks (id, mark) FROM STDIN')));
    const copyMs = performance.now() - t;
    const rows = Number((await c.query<{ n: string }>('SELECT count(*) AS n FROM marks')).rows[0]!.n);
    process.stderr.write(`peer: ${rows} rows copied in ${(copyMs / 1000).toFixed(1)} s; building indexes …\n`);
    await c.query("SET maintenance_work_mem = '1GB'");
    t = performance.now();
    await c.query('CREATE INDEX marks_trgm ON marks USING gin (mark gin_trgm_ops)');
    const trgmMs = performance.now() - t;
    t = performance.now();
    await c.query('CREATE INDEX marks_dm ON marks (dmetaphone(mark)); CREATE INDEX marks_dm_alt ON marks (dmetaphone_alt(mark))');
    const dmMs = performance.now() - t;
    await c.query('VACUUM ANALYZE marks');
    await c.query("INSERT INTO bench_meta VALUES ('done', now()::text)");
    return { copy_ms: copyMs, trgm_index_ms: trgmMs, dmetaphone_index_ms: dmMs, rows };
  });
  return { url, name, built };
};

/** A connection to the peer that runs each arm's query as a prepared statement. */
export const peerClient = async (url: string) => {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  return {
    async search(arm: PeerArm, q: string, limit = 20): Promise<{ id: string; mark: string }[]> {
      return (await c.query<{ id: string; mark: string }>({ name: arm, text: SQL[arm], values: [q, limit] })).rows;
    },
    close: () => c.end(),
  };
};
