// `npm run bench:http`: the HTTP API under load at 100,000 generated marks, with authentication,
// rate limits, metering, the request log and the access log all on. Two servers run side by side
// over the same store, each in its own process tree: `tm serve` with the default worker count and
// with `--workers 1`; autocannon drives each in turn from this process, alternating, so both face
// the same machine. Measures GET /v1/trademarks/{id} and GET /v1/trademarks?q=…, and a mixed arm:
// the detail load alone and beside hostile name lookups (issue 30); writes bench/results/http.{json,md}.
// Options: --size 100000  --seed 42  --duration 10  --connections 10  --workers N (default: tm serve's)
// `--backend postgres --nodes N` runs bench/http-nodes.ts instead (issue 25; there --size defaults
// to 20000 and --rounds to 2).
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon, { type Request as CannonRequest } from 'autocannon';
import { createOrganization, issueApiKey } from '../src/auth/index.js';
import { closeContext, createContext } from '../src/context.js';
import { DEFAULT_WORKERS, runServe } from '../src/http/serve.js';
import { GENERATOR_VERSION } from './corpus/generate.js';
import { loadCorpus } from './lib/bench-store.js';
import { benchCommand, consoleTable, formatInt, markdownTable, repoRoot, writeReport, type Table } from './lib/results.js';

const NOW = '2026-11-22T12:00:00.000Z';
const TARGETS = { detail_rps: 2000, detail_p99_ms: 25, search_rps: 300 };
/** Limits stay enforced on every request, set high enough that the load itself is never throttled. */
const BENCH_LIMITS = { reads: { limit: 100_000_000 }, search: { limit: 100_000_000 }, daily: { reads: 1_000_000_000, search: 1_000_000_000 } };

const { values: opts } = parseArgs({
  options: {
    size: { type: 'string', default: '100000' },
    seed: { type: 'string', default: '42' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
    workers: { type: 'string', default: String(DEFAULT_WORKERS) },
    serve: { type: 'string' },
    backend: { type: 'string', default: 'sqlite' },
    nodes: { type: 'string', default: '2' },
    rounds: { type: 'string', default: '2' },
  },
});

const dbFile = (size: number, seed: number): string => join(repoRoot, 'bench', 'results', 'tmp', `http-${size}-s${seed}.db`);

interface Built {
  ids: string[];
  words: string[];
  store_ms: number;
  index_ms: number;
  generator: number;
}

/** Reuses a store built by an earlier run of the same size, seed and generator version. */
const prepare = async (db: string, size: number, seed: number): Promise<Built & { key: string; reused: boolean }> => {
  const sidecar = `${db}.json`;
  let built: Built | null = null;
  if (existsSync(db) && existsSync(sidecar)) {
    const saved = JSON.parse(readFileSync(sidecar, 'utf8')) as Built;
    if (saved.generator === GENERATOR_VERSION) built = saved;
  }
  let ctx;
  try {
    // A store whose schema changed since it was built does not open; it is rebuilt.
    if (built) ctx = createContext({ db, now: NOW });
  } catch {
    built = null;
  }
  const reused = built !== null;
  if (!built) {
    built = await build(db, size, seed);
    writeFileSync(sidecar, JSON.stringify(built));
  }
  ctx ??= createContext({ db, now: NOW });
  const org = await createOrganization(ctx, 'bench', BENCH_LIMITS);
  const { secret } = await issueApiKey(ctx, { orgId: org.id, scopes: ['trademarks:read'], livemode: true });
  await closeContext(ctx);
  return { ...built, key: secret, reused };
};

/** Loads the generated corpus into a fresh store and builds the index; returns sample ids and words. */
const build = async (db: string, size: number, seed: number): Promise<Built> => {
  mkdirSync(join(repoRoot, 'bench', 'results', 'tmp'), { recursive: true });
  for (const suffix of ['', '-wal', '-shm']) rmSync(db + suffix, { force: true });
  const ctx = createContext({ db, now: NOW });
  const t0 = performance.now();
  const { ids, words } = await loadCorpus(ctx, size, seed);
  const t1 = performance.now();
  await ctx.index.sync();
  const t2 = performance.now();
  await closeContext(ctx);
  return { ids, words, store_ms: t1 - t0, index_ms: t2 - t1, generator: GENERATOR_VERSION };
};

/** Child: `tm serve` on a free port, access log on (to stderr, discarded by the parent). */
const serveChild = async (db: string, workers: number): Promise<void> => {
  await runServe({ db, port: 0, now: NOW, workers, accessLog: 'combined', print: (l) => process.stdout.write(`${l}\n`) });
};

const TICK_MS = 1000 / Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());

/** User + system CPU ms of a process from /proc; with `reaped`, also of its children that have exited. */
const procCpuMs = (pid: number, reaped: boolean): number => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ').map(Number);
    // Fields 14-17 of proc(5): utime, stime, cutime, cstime (f[0] is field 3).
    return (f[11]! + f[12]! + (reaped ? f[13]! + f[14]! : 0)) * TICK_MS;
  } catch {
    return 0;
  }
};

const childrenOf = (pid: number): number[] =>
  readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);

interface Server {
  url: string;
  workers: number;
  child: ChildProcess;
  /** CPU milliseconds the server (primary and every worker) has used so far, and the primary's share. */
  cpuMs(): { total: number; primary: number };
}

const startServer = (db: string, workers: number): Promise<Server> =>
  new Promise((resolve, reject) => {
    const script = fileURLToPath(import.meta.url);
    const child = spawn(process.execPath, [script, '--serve', db, '--workers', String(workers)], { stdio: ['ignore', 'pipe', 'ignore'] });
    let out = '';
    const cpuMs = () => {
      const primary = procCpuMs(child.pid!, false);
      const total = procCpuMs(child.pid!, true) + childrenOf(child.pid!).reduce((sum, pid) => sum + procCpuMs(pid, false), 0);
      return { total, primary: workers > 1 ? primary : 0 };
    };
    child.stdout!.setEncoding('utf8').on('data', (d: string) => {
      out += d;
      const m = /listening on (http:\/\/[^\s]+)/.exec(out);
      if (m) resolve({ child, url: m[1]!, workers, cpuMs });
    });
    child.once('exit', (code) => reject(new Error(`server exited ${code}: ${out}`)));
  });

interface Run {
  requests_per_s: number;
  /** Server CPU time per request (user + system, primary and workers), ms; 1000 / this is one core's capacity. */
  server_cpu_ms_per_request: number;
  /** The cluster primary's part of it (shared rate-limit counters, connection hand-off); 0 for one process. */
  primary_cpu_ms_per_request: number;
  latency_ms: { p50: number; p90: number; p99: number; max: number };
  requests: number;
  non_2xx: number;
  errors: number;
}

const load = async (server: Server, key: string, paths: string[], duration: number, connections: number): Promise<Run> => {
  const { url } = server;
  let i = 0;
  const next = (req: CannonRequest): CannonRequest => ({ ...req, path: paths[i++ % paths.length]! });
  const run = (seconds: number) =>
    autocannon({ url, connections, duration: seconds, headers: { authorization: `Bearer ${key}` }, requests: [{ method: 'GET', setupRequest: next }] });
  await run(2);
  const cpu0 = server.cpuMs();
  const r = await run(duration);
  const cpu1 = server.cpuMs();
  const perRequest = (ms: number): number => Math.round((ms / Math.max(1, r.requests.total)) * 1000) / 1000;
  return {
    requests_per_s: Math.round(r.requests.average),
    server_cpu_ms_per_request: perRequest(cpu1.total - cpu0.total),
    primary_cpu_ms_per_request: perRequest(cpu1.primary - cpu0.primary),
    latency_ms: { p50: r.latency.p50, p90: r.latency.p90, p99: r.latency.p99, max: r.latency.max },
    requests: r.requests.total,
    non_2xx: r.non2xx,
    errors: r.errors + r.timeouts,
  };
};

interface Measured {
  workers: number;
  detail: Run;
  search: Run;
}

/**
 * Issue 30's hostile lookups: names with nothing to look up by (400), unknown names (404), a common
 * surname that matches many attorneys, and the browsing lists. Before migration 050 each one
 * grouped every owner or representative row (1.3 to 4.8 s at 350k marks).
 */
const HOSTILE_PATHS = [
  '/v1/attorneys/%25/trademarks', '/v1/attorneys/_/trademarks', '/v1/attorneys/a/trademarks', '/v1/firms/%25/trademarks',
  '/v1/attorneys/qqzx%20vvwy/trademarks', '/v1/firms/qqzx%20vvwy', '/v1/owners/qqzx%20vvwy/trademarks', '/v1/owners/Qqzx%20Holdings',
  '/v1/attorneys/smith/trademarks', '/v1/attorneys?q=john', '/v1/attorneys', '/v1/firms', '/v1/owners?q=co', '/v1/owners/search?q=co',
];
/** Concurrent hostile callers beside the normal load: the issue saw four stall the server. */
const HOSTILE_CONNECTIONS = 4;

interface MixedArm {
  alone: Run;
  beside_hostile: Run;
  hostile: { requests: number; non_2xx: number; errors: number; p99_ms: number };
  p99_ratio: number;
}

/** Detail GETs alone, then the same load while hostile lookups run beside it on the same server. */
const mixedArm = async (server: Server, key: string, normal: string[], duration: number, connections: number): Promise<MixedArm> => {
  const alone = await load(server, key, normal, duration, connections);
  let i = 0;
  const hostileRun = autocannon({
    url: server.url,
    connections: HOSTILE_CONNECTIONS,
    duration: duration + 2,
    headers: { authorization: `Bearer ${key}` },
    requests: [{ method: 'GET', setupRequest: (req: CannonRequest) => ({ ...req, path: HOSTILE_PATHS[i++ % HOSTILE_PATHS.length]! }) }],
  });
  const beside = await load(server, key, normal, duration, connections);
  const h = await hostileRun;
  return {
    alone,
    beside_hostile: beside,
    hostile: { requests: h.requests.total, non_2xx: h.non2xx, errors: h.errors + h.timeouts, p99_ms: h.latency.p99 },
    p99_ratio: Math.round((beside.latency_ms.p99 / Math.max(1, alone.latency_ms.p99)) * 100) / 100,
  };
};

const main = async (): Promise<void> => {
  const size = Number(opts.size);
  const seed = Number(opts.seed);
  const duration = Number(opts.duration);
  const connections = Number(opts.connections);
  const workers = Number(opts.workers);
  const db = dbFile(size, seed);
  process.stderr.write(`preparing a ${formatInt(size)}-mark store at ${db}\n`);
  const built = await prepare(db, size, seed);
  const servers = await Promise.all([...new Set([workers, 1])].map((n) => startServer(db, n)));
  try {
    const detailPaths = built.ids.map((id) => `/v1/trademarks/${id}`);
    const searchPaths = built.words.map((w) => `/v1/trademarks?q=${encodeURIComponent(w)}`);
    const measured: Measured[] = servers.map((s) => ({ workers: s.workers, detail: null as unknown as Run, search: null as unknown as Run }));
    // Alternating servers route by route, so a change in the machine's load touches both alike.
    for (const route of ['detail', 'search'] as const) {
      for (const [i, server] of servers.entries()) {
        process.stderr.write(`${route} GETs for ${duration} s against ${server.workers} worker(s) at ${server.url}\n`);
        measured[i]![route] = await load(server, built.key, route === 'detail' ? detailPaths : searchPaths, duration, connections);
      }
    }
    const chosenServer = servers[0]!;
    process.stderr.write(`mixed arm: detail GETs alone, then beside ${HOSTILE_CONNECTIONS} hostile lookup connections, ${chosenServer.workers} worker(s)\n`);
    const mixed = await mixedArm(chosenServer, built.key, detailPaths, duration, connections);
    const verdict = (ok: boolean): string => (ok ? 'met' : 'MISSED');
    const base = measured.find((m) => m.workers === 1)!;
    const ratio = (run: Run, one: Run): string => (run === one ? '1.00' : (run.requests_per_s / Math.max(1, one.requests_per_s)).toFixed(2));
    const table: Table = {
      headers: ['route', 'workers', 'req/s', 'vs 1 worker', 'p50 ms', 'p90 ms', 'p99 ms', 'server CPU ms/req', 'of it primary', 'requests', 'non-2xx', 'target', 'verdict'],
      rows: measured.flatMap((m) => [
        ['GET /v1/trademarks/{id}', m.workers, m.detail.requests_per_s, ratio(m.detail, base.detail), m.detail.latency_ms.p50, m.detail.latency_ms.p90, m.detail.latency_ms.p99, m.detail.server_cpu_ms_per_request.toFixed(3), m.detail.primary_cpu_ms_per_request.toFixed(3), m.detail.requests, m.detail.non_2xx, `≥${TARGETS.detail_rps} req/s, p99 ≤${TARGETS.detail_p99_ms} ms`, verdict(m.detail.requests_per_s >= TARGETS.detail_rps && m.detail.latency_ms.p99 <= TARGETS.detail_p99_ms && m.detail.non_2xx === 0)],
        ['GET /v1/trademarks?q=…', m.workers, m.search.requests_per_s, ratio(m.search, base.search), m.search.latency_ms.p50, m.search.latency_ms.p90, m.search.latency_ms.p99, m.search.server_cpu_ms_per_request.toFixed(2), m.search.primary_cpu_ms_per_request.toFixed(3), m.search.requests, m.search.non_2xx, `≥${TARGETS.search_rps} req/s`, verdict(m.search.requests_per_s >= TARGETS.search_rps && m.search.non_2xx === 0)],
      ]),
    };
    const m = mixed;
    table.rows.push(
      ...([['alone', m.alone], ['beside hostile lookups', m.beside_hostile]] as const).map(([arm, r]) => [
        `mixed: GET /v1/trademarks/{id} ${arm}`, chosenServer.workers, r.requests_per_s, '', r.latency_ms.p50, r.latency_ms.p90, r.latency_ms.p99, r.server_cpu_ms_per_request.toFixed(3), '', r.requests, r.non_2xx,
        arm === 'alone' ? 'baseline' : `p99 ≤2× alone (${m.p99_ratio}×)`, arm === 'alone' ? '' : verdict(m.p99_ratio <= 2 && r.non_2xx === 0),
      ]),
      [`mixed: ${HOSTILE_PATHS.length} hostile lookup paths`, chosenServer.workers, Math.round(m.hostile.requests / (duration + 2)), '', '', '', m.hostile.p99_ms, '', '', m.hostile.requests, m.hostile.non_2xx, 'answered, never an error', verdict(m.hostile.errors === 0)],
    );
    process.stdout.write(`${consoleTable(table)}\n`);
    const [chosen] = measured;
    const results = { size, seed, duration_s: duration, connections, default_workers: workers, store_reused: built.reused, store_ms: Math.round(built.store_ms), index_ms: Math.round(built.index_ms), targets: TARGETS, detail: chosen!.detail, search: chosen!.search, runs: measured, mixed: { hostile_paths: HOSTILE_PATHS, hostile_connections: HOSTILE_CONNECTIONS, ...mixed } };
    const body = [
      `${formatInt(size)} generated marks (bench/corpus/generate.ts, seed ${seed}); store load ${formatInt(built.store_ms)} ms, index build ${formatInt(built.index_ms)} ms${built.reused ? ' (store reused from an earlier run)' : ''}.`,
      `Servers: \`tm serve --workers ${workers}\` (the default on this machine: one per core) and \`tm serve --workers 1\`, side by side over the same store, each with API-key auth, rate limits (raised so the load is never throttled, still checked per request and shared across workers), usage metering, the request log and the access log on. Load: autocannon in this process, ${connections} connections, ${duration} s after a 2 s warm-up per route and server, alternating servers, cycling ${built.ids.length} ids / ${built.words.length} query words. The targets are judged on the default.`,
      'Server CPU ms/req: the user + system CPU time of the server\'s processes (primary and workers, from /proc) over the measured run, divided by its requests; 1000 divided by it is what one core sustains, a steadier figure than req/s on a shared machine (see the load average above). "of it primary": the cluster primary\'s share (the shared rate-limit counters and the connection hand-off). autocannon runs on the same 2 cores, so with 2 workers the server never has both cores to itself.',
      `Mixed arm (issue 30): on the default server, the detail load alone and then the same load while ${HOSTILE_CONNECTIONS} more connections cycle ${HOSTILE_PATHS.length} hostile lookups (${HOSTILE_PATHS.map((p) => `\`${p}\``).join(', ')}); their 400s and 404s are the expected answers. The bar: the normal p99 beside them at most 2× the p99 alone.`,
      '',
      markdownTable(table),
    ].join('\n');
    const paths = writeReport({ name: 'http', title: 'HTTP API under load', command: benchCommand('bench:http'), results }, body);
    process.stderr.write(`wrote ${paths.md}\n`);
  } finally {
    for (const s of servers) s.child.kill('SIGTERM');
  }
};

if (opts.serve) void serveChild(opts.serve, Number(opts.workers));
else if (opts.backend === 'postgres') {
  const { runNodes } = await import('./http-nodes.js');
  const given = process.argv.includes('--size');
  await runNodes({ prepare, dbFile, startServer, load }, {
    size: given ? Number(opts.size) : 20_000, seed: Number(opts.seed), duration: Number(opts.duration), connections: Number(opts.connections), nodes: Number(opts.nodes), rounds: Number(opts.rounds),
  });
} else if (opts.backend === 'sqlite') await main();
else throw new Error(`--backend is sqlite or postgres, not ${opts.backend}`);
