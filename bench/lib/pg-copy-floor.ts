// PostgreSQL's own floor for `bench:ingest -- --backend postgres`: the same NDJSON file streamed
// byte for byte into `COPY` (one jsonb column, no client work besides reading the file), then a
// pg_trgm GIN index built on the mark text. No store can load these records into PostgreSQL on this
// machine faster than the server's own COPY, so it bounds the ingest target from below the client.
import { createReadStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import copyStreams from 'pg-copy-streams';
import { benchDatabaseUrl, dropBenchDatabase, freshBenchDatabase, serverCpuNow, withClient } from './pg-bench.js';

export interface CopyFloor {
  records: number;
  copy_ms: number;
  index_ms: number;
  /** The server's backends' CPU for the COPY and for the index build (null when unreadable). */
  copy_server_cpu_ms: number | null;
  index_server_cpu_ms: number | null;
}

/**
 * Loads `file` into a fresh database `name` with `COPY … (FORMAT csv)` whose quote and delimiter are
 * bytes JSON never holds, so each line arrives whole and the server parses it into jsonb; then
 * builds a GIN gin_trgm_ops index on `record->>'mark_text'`. The database is dropped afterwards.
 */
export const copyFloor = async (file: string, name: string): Promise<CopyFloor> => {
  await freshBenchDatabase(name);
  try {
    return await withClient(benchDatabaseUrl(name), async (c) => {
      await c.query('CREATE EXTENSION pg_trgm; CREATE TABLE floor (record jsonb NOT NULL)');
      // One backend does both steps: its CPU read before, between and after splits them.
      const cpu0 = await serverCpuNow(name);
      let t = performance.now();
      const copy = c.query(copyStreams.from("COPY floor (record) FROM STDIN WITH (FORMAT csv, QUOTE e'\\x01', DELIMITER e'\\x02')"));
      await pipeline(createReadStream(file, { highWaterMark: 1 << 20 }), copy);
      const copyMs = performance.now() - t;
      const cpu1 = await serverCpuNow(name);
      t = performance.now();
      await c.query("SET maintenance_work_mem = '1GB'");
      await c.query("CREATE INDEX floor_mark_trgm ON floor USING gin ((record->>'mark_text') gin_trgm_ops)");
      const indexMs = performance.now() - t;
      const cpu2 = await serverCpuNow(name);
      const diff = (a: number | null, b: number | null): number | null => (a === null || b === null ? null : b - a);
      return { records: Number(copy.rowCount), copy_ms: copyMs, index_ms: indexMs, copy_server_cpu_ms: diff(cpu0, cpu1), index_server_cpu_ms: diff(cpu1, cpu2) };
    });
  } finally {
    await dropBenchDatabase(name);
  }
};
