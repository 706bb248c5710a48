// PostgreSQL for the benchmarks' `--backend postgres`: a fresh database per run on the server that
// TM_BENCH_PG names (default the local one every machine here runs), dropped and made again so each
// run starts empty, its size on disk as the server counts it, and the CPU its backends spend.
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import pg from 'pg';

export const PG_BENCH_URL = process.env.TM_BENCH_PG ?? 'postgres://root@127.0.0.1:5432/postgres';

/** Runs `fn` on one client of `url`, closed afterwards. */
export const withClient = async <T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> => {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
};

const admin = <T>(fn: (c: pg.Client) => Promise<T>): Promise<T> => withClient(PG_BENCH_URL, fn);

/** The URL of database `name` on the bench server. */
export const benchDatabaseUrl = (name: string): string => {
  const url = new URL(PG_BENCH_URL);
  url.pathname = `/${name}`;
  return url.toString();
};

/** Drops database `name` (a `tm_bench_` one, never the server's own) and makes it again, empty; returns its URL. */
export const freshBenchDatabase = async (name: string): Promise<string> => {
  if (!/^tm_bench_[a-z0-9_]+$/.test(name)) throw new Error(`a bench database is named tm_bench_…, not ${name}`);
  await admin(async (c) => {
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.query(`CREATE DATABASE ${name}`);
  });
  return benchDatabaseUrl(name);
};

/**
 * The name of a kept bench database of `size` marks and `seed`, like the SQLite stores kept by size
 * and seed: `tm_bench_<kind>_<size>_s<seed>`, with the TM_BENCH_DATA folder's name (letters and
 * digits only) appended when it is set, so that two engineers' kept databases on one server differ.
 */
export const keptDatabaseName = (kind: string, size: number, seed: number): string => {
  const tag = process.env.TM_BENCH_DATA ? basename(process.env.TM_BENCH_DATA).toLowerCase().replace(/[^a-z0-9]/g, '') : '';
  return `tm_bench_${kind}_${size}_s${seed}${tag ? `_${tag}` : ''}`;
};

/** What a finished load writes on a kept bench:search database of `size` marks and `seed`. */
export const searchStoreMarker = (size: number, seed: number): string => `tm bench:search store, ${size} marks, seed ${seed}, built`;

/** Whether database `name` exists and a finished build marked it with `marker` (markBuilt). */
export const isBuilt = async (name: string, marker: string): Promise<boolean> =>
  admin(async (c) => {
    const r = await c.query<{ note: string | null }>("SELECT shobj_description(oid, 'pg_database') AS note FROM pg_database WHERE datname = $1", [name]);
    return r.rows[0]?.note === marker;
  });

/** Marks database `name` as finished by `marker` (its comment), checked by isBuilt on the next run. */
export const markBuilt = async (name: string, marker: string): Promise<void> => {
  await admin((c) => c.query(`COMMENT ON DATABASE ${name} IS ${pg.escapeLiteral(marker)}`));
};

export const dropBenchDatabase = async (name: string): Promise<void> => {
  await admin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
};

/** Bytes the database takes on disk (tables, indexes, TOAST, free space maps), as pg_database_size counts them. */
export const databaseBytes = async (name: string): Promise<number> =>
  admin(async (c) => Number((await c.query<{ n: string }>('SELECT pg_database_size($1) AS n', [name])).rows[0]!.n));

/** User + system CPU milliseconds of a process from /proc (clock ticks of 10 ms), or null when unreadable. */
const processCpuMs = (pid: number): number | null => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
};

/**
 * The CPU the server spends on database `name`: its backends' user + system time, sampled every
 * 250 ms from /proc while a child works (the server runs on this machine in every bench here).
 * `stop` gives the total in ms, or null when no backend could be read (a server elsewhere). The
 * server's shared processes (WAL writer, checkpointer) are not counted. `since` (serverCpuByPid
 * taken before) leaves out what each backend had used by then, so a backend that disconnects
 * meanwhile counts for its part, never against the total.
 */
export const sampleServerCpu = (name: string, since: ReadonlyMap<number, number> = new Map()): { stop(): Promise<number | null> } => {
  const latest = new Map<number, number>();
  const c = new pg.Client({ connectionString: PG_BENCH_URL });
  let busy = false;
  const sample = async (): Promise<void> => {
    if (busy) return;
    busy = true;
    try {
      const rows = (await c.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [name])).rows;
      for (const { pid } of rows) {
        const ms = processCpuMs(pid);
        if (ms !== null) latest.set(pid, Math.max(ms, latest.get(pid) ?? 0));
      }
    } finally {
      busy = false;
    }
  };
  const connected = c.connect();
  const timer = setInterval(() => void connected.then(sample).catch(() => {}), 250);
  return {
    async stop() {
      clearInterval(timer);
      await connected.catch(() => {});
      await c.end().catch(() => {});
      return latest.size > 0 ? [...latest].reduce((a, [pid, ms]) => a + ms - Math.min(ms, since.get(pid) ?? 0), 0) : null;
    },
  };
};

/** The user + system CPU ms each backend now connected to database `name` has used so far, by process id (the readable ones). */
export const serverCpuByPid = async (name: string): Promise<Map<number, number>> =>
  admin(async (c) => {
    const rows = (await c.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = $1', [name])).rows;
    return new Map(rows.flatMap((r) => {
      const ms = processCpuMs(r.pid);
      return ms === null ? [] : [[r.pid, ms] as const];
    }));
  });

/** The user + system CPU ms the backends now connected to database `name` have used so far (null: none readable). */
export const serverCpuNow = async (name: string): Promise<number | null> => {
  const ms = [...(await serverCpuByPid(name)).values()];
  return ms.length > 0 ? ms.reduce((a, b) => a + b, 0) : null;
};
