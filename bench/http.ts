// `npm run bench:http`: the HTTP API under load at 100,000 generated marks, with authentication,
// rate limits, metering, the request log and the access log all on. The server runs in its own
// process; autocannon drives it from this one (2 cores: one each). Measures GET
// /v1/trademarks/{id} and GET /v1/trademarks?q=… and writes bench/results/http.{json,md}.
// Options: --size 100000  --seed 42  --duration 10  --connections 10
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon, { type Request as CannonRequest } from 'autocannon';
import { createOrganization, issueApiKey } from '../src/auth/index.js';
import { closeContext, createContext } from '../src/context.js';
import { runServe } from '../src/http/serve.js';
import { corpusRecords, GENERATOR_VERSION } from './corpus/generate.js';
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
    serve: { type: 'string' },
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
  const ids: string[] = [];
  const words = new Set<string>();
  let batch = [];
  for (const r of corpusRecords({ count: size, seed })) {
    batch.push(r);
    if (ids.length < 5000 && r.id.endsWith('7')) ids.push(r.id);
    const w = r.mark_text?.split(/\s+/)[0];
    if (words.size < 500 && w && w.length >= 4 && /^[A-Za-z]+$/.test(w)) words.add(w.toLowerCase());
    if (batch.length === 5000) {
      await ctx.store.trademarks.upsert(batch, '2026-11-01T00:00:00.000Z');
      batch = [];
    }
  }
  if (batch.length) await ctx.store.trademarks.upsert(batch, '2026-11-01T00:00:00.000Z');
  const t1 = performance.now();
  await ctx.index.sync();
  const t2 = performance.now();
  await closeContext(ctx);
  return { ids, words: [...words], store_ms: t1 - t0, index_ms: t2 - t1, generator: GENERATOR_VERSION };
};

/** Child: `tm serve` on a free port, access log on (to stderr, discarded by the parent). */
const serveChild = async (db: string): Promise<void> => {
  // On SIGUSR2 the server reports the CPU time it has used, so the parent can compute CPU per
  // request: on a shared machine a steadier figure than wall-clock throughput.
  process.on('SIGUSR2', () => {
    const u = process.cpuUsage();
    process.stdout.write(`CPU ${(u.user + u.system) / 1000}\n`);
  });
  await runServe({ db, port: 0, now: NOW, accessLog: 'combined', print: (l) => process.stdout.write(`${l}\n`) });
};

interface Server {
  url: string;
  child: ChildProcess;
  /** CPU milliseconds the server process has used so far. */
  cpuMs(): Promise<number>;
}

const startServer = (db: string): Promise<Server> =>
  new Promise((resolve, reject) => {
    const script = fileURLToPath(import.meta.url);
    const child = spawn(process.execPath, [script, '--serve', db], { stdio: ['ignore', 'pipe', 'ignore'] });
    let out = '';
    let waiting: ((ms: number) => void) | null = null;
    const cpuMs = () =>
      new Promise<number>((r) => {
        waiting = r;
        child.kill('SIGUSR2');
      });
    child.stdout!.setEncoding('utf8').on('data', (d: string) => {
      out += d;
      const cpu = /CPU ([\d.]+)\n/.exec(out);
      if (cpu && waiting) {
        out = out.replace(cpu[0], '');
        waiting(Number(cpu[1]));
        waiting = null;
      }
      const m = /listening on (http:\/\/[^\s]+)/.exec(out);
      if (m) resolve({ child, url: m[1]!, cpuMs });
    });
    child.once('exit', (code) => reject(new Error(`server exited ${code}: ${out}`)));
  });

interface Run {
  requests_per_s: number;
  /** Server CPU time per request (user + system), ms; 1000 / this is one core's capacity. */
  server_cpu_ms_per_request: number;
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
  const cpu0 = await server.cpuMs();
  const r = await run(duration);
  const cpu1 = await server.cpuMs();
  return {
    requests_per_s: Math.round(r.requests.average),
    server_cpu_ms_per_request: Math.round(((cpu1 - cpu0) / Math.max(1, r.requests.total)) * 1000) / 1000,
    latency_ms: { p50: r.latency.p50, p90: r.latency.p90, p99: r.latency.p99, max: r.latency.max },
    requests: r.requests.total,
    non_2xx: r.non2xx,
    errors: r.errors + r.timeouts,
  };
};

const main = async (): Promise<void> => {
  const size = Number(opts.size);
  const seed = Number(opts.seed);
  const duration = Number(opts.duration);
  const connections = Number(opts.connections);
  const db = dbFile(size, seed);
  process.stderr.write(`preparing a ${formatInt(size)}-mark store at ${db}\n`);
  const built = await prepare(db, size, seed);
  const server = await startServer(db);
  try {
    process.stderr.write(`server at ${server.url}; detail GETs for ${duration} s\n`);
    const detail = await load(server, built.key, built.ids.map((id) => `/v1/trademarks/${id}`), duration, connections);
    process.stderr.write(`search GETs for ${duration} s\n`);
    const search = await load(server, built.key, built.words.map((w) => `/v1/trademarks?q=${encodeURIComponent(w)}`), duration, connections);
    const verdict = (ok: boolean): string => (ok ? 'met' : 'MISSED');
    const table: Table = {
      headers: ['route', 'req/s', 'p50 ms', 'p90 ms', 'p99 ms', 'server CPU ms/req', 'requests', 'non-2xx', 'target', 'verdict'],
      rows: [
        ['GET /v1/trademarks/{id}', detail.requests_per_s, detail.latency_ms.p50, detail.latency_ms.p90, detail.latency_ms.p99, detail.server_cpu_ms_per_request.toFixed(2), detail.requests, detail.non_2xx, `≥${TARGETS.detail_rps} req/s, p99 ≤${TARGETS.detail_p99_ms} ms`, verdict(detail.requests_per_s >= TARGETS.detail_rps && detail.latency_ms.p99 <= TARGETS.detail_p99_ms && detail.non_2xx === 0)],
        ['GET /v1/trademarks?q=…', search.requests_per_s, search.latency_ms.p50, search.latency_ms.p90, search.latency_ms.p99, search.server_cpu_ms_per_request.toFixed(2), search.requests, search.non_2xx, `≥${TARGETS.search_rps} req/s`, verdict(search.requests_per_s >= TARGETS.search_rps && search.non_2xx === 0)],
      ],
    };
    process.stdout.write(`${consoleTable(table)}\n`);
    const results = { size, seed, duration_s: duration, connections, store_reused: built.reused, store_ms: Math.round(built.store_ms), index_ms: Math.round(built.index_ms), targets: TARGETS, detail, search };
    const body = [
      `${formatInt(size)} generated marks (bench/corpus/generate.ts, seed ${seed}); store load ${formatInt(built.store_ms)} ms, index build ${formatInt(built.index_ms)} ms${built.reused ? ' (store reused from an earlier run)' : ''}.`,
      `Server: \`tm serve\` in its own process with API-key auth, rate limits (raised so the load is never throttled, still checked per request), usage metering, the request log and the access log on. Load: autocannon, ${connections} connections, ${duration} s after a 2 s warm-up, cycling ${built.ids.length} ids / ${built.words.length} query words.`,
      'Server CPU ms/req: the server process\'s user + system CPU time over the measured run divided by its requests; 1000 divided by it is what one core sustains, a steadier figure than req/s on a shared machine (see the load average above).',
      '',
      markdownTable(table),
    ].join('\n');
    const paths = writeReport({ name: 'http', title: 'HTTP API under load', command: benchCommand('bench:http'), results }, body);
    process.stderr.write(`wrote ${paths.md}\n`);
  } finally {
    server.child.kill('SIGTERM');
  }
};

if (opts.serve) void serveChild(opts.serve);
else await main();
