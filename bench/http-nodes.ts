// `npm run bench:http -- --backend postgres --nodes 2` (issue 25): what shared state costs. The same
// generated store serves HTTP detail GETs from one `tm serve --workers 2` on SQLite and from N
// `tm serve --workers 1` nodes on one PostgreSQL database (the SQLite store copied with `tm copy`'s
// copyStore), in the same run on the same cores, alternating arms; the N nodes share the load's
// connections. Then, with the servers idle, the per-request cost of the shared rate limit (one
// tm_limit_take) and of an idempotent write (the take with its key's claim, then the stored answer,
// against the earlier three statements), timed call by call in this process. Writes bench/results/http-nodes.{json,md}.
import { percentile, benchCommand, consoleTable, formatInt, markdownTable, writeReport, type Table } from './lib/results.js';
import { closeContext, createContext } from '../src/context.js';
import { copyStore } from '../src/copy/copy-store.js';
import { windowOf } from '../src/auth/rate-limiter.js';
import { ABANDONED_MS, IDEMPOTENCY_TTL_MS } from '../src/auth/idempotency.js';
import { dropBenchDatabase, freshBenchDatabase, sampleServerCpu, serverCpuByPid } from './lib/pg-bench.js';
import { existsSync } from 'node:fs';
import { postgresDb } from '../src/store/postgres/store.js';
import { TAKE } from '../src/store/postgres/request-trip.js';
import { join } from 'node:path';

const TARGETS = { throughput_ratio: 0.8, overhead_p99_ms: 2 };
const DB_NAME = 'tm_bench_http_nodes';
const OVERHEAD_CALLS = 2000;

export interface NodesRun {
  requests_per_s: number;
  server_cpu_ms_per_request: number;
  latency_ms: { p50: number; p90: number; p99: number; max: number };
  requests: number;
  non_2xx: number;
  errors: number;
}

export interface NodesServer {
  url: string;
  workers: number;
  child: { kill(signal: NodeJS.Signals): boolean };
}

/** What the HTTP bench lends: its store preparation, server start and autocannon load. */
export interface NodesDeps<S extends NodesServer, R extends NodesRun> {
  prepare(db: string, size: number, seed: number): Promise<{ ids: string[]; key: string; reused: boolean }>;
  dbFile(size: number, seed: number): string;
  startServer(db: string, workers: number): Promise<S>;
  load(server: S, key: string, paths: string[], duration: number, connections: number): Promise<R>;
}

export interface NodesOptions {
  size: number;
  seed: number;
  duration: number;
  connections: number;
  nodes: number;
  rounds: number;
}

/** N nodes loaded at once, the connections split between them: one figure for the whole. */
const together = (runs: NodesRun[]): NodesRun => ({
  requests_per_s: runs.reduce((s, r) => s + r.requests_per_s, 0),
  server_cpu_ms_per_request: Math.round((runs.reduce((s, r) => s + r.server_cpu_ms_per_request * r.requests, 0) / Math.max(1, runs.reduce((s, r) => s + r.requests, 0))) * 1000) / 1000,
  latency_ms: {
    p50: Math.max(...runs.map((r) => r.latency_ms.p50)),
    p90: Math.max(...runs.map((r) => r.latency_ms.p90)),
    p99: Math.max(...runs.map((r) => r.latency_ms.p99)),
    max: Math.max(...runs.map((r) => r.latency_ms.max)),
  },
  requests: runs.reduce((s, r) => s + r.requests, 0),
  non_2xx: runs.reduce((s, r) => s + r.non_2xx, 0),
  errors: runs.reduce((s, r) => s + r.errors, 0),
});

/**
 * The bench's database over the server's unix socket, for an extra arm: a node on the database's
 * host may connect so, skipping loopback TCP. Null when the server is not local or has no socket
 * in TM_BENCH_PG_SOCKET (default /var/run/postgresql, Debian's).
 */
const socketUrlOf = (url: string): string | null => {
  const u = new URL(url);
  const dir = process.env.TM_BENCH_PG_SOCKET ?? '/var/run/postgresql';
  const port = u.port || '5432';
  if (!['127.0.0.1', 'localhost', '::1'].includes(u.hostname) || !existsSync(join(dir, `.s.PGSQL.${port}`))) return null;
  const auth = u.username ? `${u.username}${u.password ? `:${u.password}` : ''}@` : '';
  return `postgres://${auth}${encodeURIComponent(dir)}:${port}${u.pathname}`;
};

const stats = (ms: number[]) => ({ p50: +percentile(ms, 50).toFixed(2), p90: +percentile(ms, 90).toFixed(2), p99: +percentile(ms, 99).toFixed(2), max: +Math.max(...ms).toFixed(2) });
/** Table cells with two decimals (a number cell would be rounded to a whole one). */
const cells = (s: ReturnType<typeof stats>): string[] => [s.p50, s.p90, s.p99, s.max].map((v) => v.toFixed(2));

/** The shared rate limit and idempotency, call by call on the PostgreSQL store, as a request makes them. */
const overhead = async (url: string) => {
  const ctx = createContext({ db: url });
  try {
    const org = (await ctx.store.auth.listOrgs())[0]!;
    const limits = ctx.store.auth.limits!;
    const idem = ctx.store.auth.idempotency;
    const db = postgresDb(ctx.store);
    const take: number[] = [];
    const takeAtOnce: number[] = [];
    const three: number[] = [];
    const two: number[] = [];
    const floor: number[] = [];
    for (let i = 0; i < OVERHEAD_CALLS; i++) {
      const now = Date.now();
      // The round trip every statement pays on this machine, for scale.
      const f0 = performance.now();
      await ctx.store.ping();
      floor.push(performance.now() - f0);
      const win = windowOf(now, 60);
      const day = new Date(now).toISOString().slice(0, 10);
      const request = { key: org.id, tier: 'writes', start: win.start, end: win.end, limit: 1e12, counted: true, daily: { day, tier: 'writes', cap: 1e12 } };
      // The take as a detail GET makes it (waiting for the turn's end to pair with reads,
      // request-trip.ts) and sent at once, alternating which goes first.
      const params = [org.id, 'writes', win.start, win.end, 1e12, true, null, day, 'writes', 1e12, 1];
      for (const paired of i % 2 === 0 ? [true, false] : [false, true]) {
        const t0 = performance.now();
        if (paired) await limits.take(request);
        else await db.relaxed(TAKE, params, { prepared: true });
        (paired ? take : takeAtOnce).push(performance.now() - t0);
      }
      const claim = (key: string) => ({ orgId: org.id, livemode: true, key, fingerprint: 'fp', at: new Date(now).toISOString(), expiredBefore: new Date(now - IDEMPOTENCY_TTL_MS).toISOString(), abandonedBefore: new Date(now - ABANDONED_MS).toISOString() });
      // An idempotent POST both ways, in alternating order: the take, the claim (which reads the
      // entry holding the key) and the stored answer as three statements (before), and the take
      // carrying the claim, then the answer (now, routes.ts).
      const sequences = [
        async () => {
          const c = claim(`bench-3-${now}-${i}`);
          const t = performance.now();
          await limits.take(request);
          await idem.claim(c.orgId, c.livemode, c.key, c.fingerprint, c.at, c.expiredBefore, c.abandonedBefore);
          await idem.complete(c.orgId, c.livemode, c.key, 200, '{"ok":true}');
          three.push(performance.now() - t);
        },
        async () => {
          const c = claim(`bench-2-${now}-${i}`);
          const t = performance.now();
          await limits.takeAndClaim!(request, c);
          await idem.complete(c.orgId, c.livemode, c.key, 200, '{"ok":true}');
          two.push(performance.now() - t);
        },
      ];
      for (const run of i % 2 === 0 ? sequences : sequences.reverse()) await run();
    }
    return { calls: OVERHEAD_CALLS, round_trip_ms: stats(floor), rate_limit_ms: stats(take), rate_limit_at_once_ms: stats(takeAtOnce), write_three_trips_ms: stats(three), write_ms: stats(two) };
  } finally {
    await closeContext(ctx);
  }
};

export const runNodes = async <S extends NodesServer, R extends NodesRun>(deps: NodesDeps<S, R>, o: NodesOptions): Promise<void> => {
  const db = deps.dbFile(o.size, o.seed);
  process.stderr.write(`preparing a ${formatInt(o.size)}-mark SQLite store at ${db}\n`);
  const built = await deps.prepare(db, o.size, o.seed);
  process.stderr.write(`copying it to PostgreSQL (${DB_NAME}) and building the search index there\n`);
  const pgUrl = await freshBenchDatabase(DB_NAME);
  const t0 = performance.now();
  const from = createContext({ db });
  const to = createContext({ db: pgUrl });
  try {
    await copyStore(from.store, to.store);
    await to.index.sync();
  } finally {
    await closeContext(from);
    await closeContext(to);
  }
  const copyMs = performance.now() - t0;
  const servers: S[] = [];
  try {
    const sqlite = await deps.startServer(db, 2);
    servers.push(sqlite);
    const pgNodes: S[] = [];
    for (let i = 0; i < o.nodes; i++) pgNodes.push(await deps.startServer(pgUrl, 1));
    servers.push(...pgNodes);
    const socketUrl = socketUrlOf(pgUrl);
    const socketNodes: S[] = [];
    if (socketUrl) for (let i = 0; i < o.nodes; i++) socketNodes.push(await deps.startServer(socketUrl, 1));
    servers.push(...socketNodes);
    const paths = built.ids.map((id) => `/v1/trademarks/${id}`);
    type PgArm = NodesRun & { database_cpu_ms_per_request: number | null };
    const rounds: { sqlite: R; postgres: PgArm; socket: PgArm | null }[] = [];
    const share = Math.max(1, Math.round(o.connections / o.nodes));
    for (let round = 0; round < o.rounds; round++) {
      process.stderr.write(`round ${round + 1}: detail GETs for ${o.duration} s on SQLite (2 workers), then on ${o.nodes} PostgreSQL nodes${socketUrl ? ', then on those over the unix socket' : ''}\n`);
      const s = await deps.load(sqlite, built.key, paths, o.duration, o.connections);
      // The database server's share: its backends' CPU over the PostgreSQL arm (warm-up included, so
      // a little high), sampled through the arm: the pools close idle connections after 10 s, so the
      // other arm's backends end during this one and must not count against it.
      const pgArm = async (nodes: S[]): Promise<PgArm> => {
        const cpu = sampleServerCpu(DB_NAME, await serverCpuByPid(DB_NAME));
        const p = together(await Promise.all(nodes.map((n) => deps.load(n, built.key, paths, o.duration, share))));
        const ms = await cpu.stop();
        const db = ms !== null ? Math.round((ms / Math.max(1, p.requests * (1 + 2 / o.duration))) * 1000) / 1000 : null;
        return { ...p, database_cpu_ms_per_request: db };
      };
      rounds.push({ sqlite: s, postgres: await pgArm(pgNodes), socket: socketNodes.length > 0 ? await pgArm(socketNodes) : null });
    }
    process.stderr.write(`idle servers: ${OVERHEAD_CALLS} rate-limit takes and idempotent claims on PostgreSQL, call by call\n`);
    const cost = await overhead(pgUrl);
    const socketCost = socketUrl ? await overhead(socketUrl) : null;
    const sum = (f: (r: (typeof rounds)[number]) => number) => rounds.reduce((acc, r) => acc + f(r), 0);
    const ratioOf = (f: (r: (typeof rounds)[number]) => number): number => Math.round((sum(f) / Math.max(1, sum((r) => r.sqlite.requests_per_s))) * 100) / 100;
    const ratio = ratioOf((r) => r.postgres.requests_per_s);
    const socketRatio = socketNodes.length > 0 ? ratioOf((r) => r.socket?.requests_per_s ?? 0) : null;
    const pgRow = (round: number, arm: string, p: PgArm) =>
      [round, arm, p.requests_per_s, p.latency_ms.p50, p.latency_ms.p99, p.server_cpu_ms_per_request.toFixed(3), p.database_cpu_ms_per_request?.toFixed(3) ?? '', p.requests, p.non_2xx];
    const verdict = (ok: boolean): string => (ok ? 'met' : 'MISSED');
    const table: Table = {
      headers: ['round', 'arm', 'req/s', 'p50 ms', 'p99 ms', 'server CPU ms/req', 'database CPU ms/req', 'requests', 'non-2xx'],
      rows: rounds.flatMap((r, i) => [
        [i + 1, 'SQLite, 1 node × 2 workers', r.sqlite.requests_per_s, r.sqlite.latency_ms.p50, r.sqlite.latency_ms.p99, r.sqlite.server_cpu_ms_per_request.toFixed(3), '', r.sqlite.requests, r.sqlite.non_2xx],
        pgRow(i + 1, `PostgreSQL, ${o.nodes} nodes × 1 worker`, r.postgres),
        ...(r.socket ? [pgRow(i + 1, `PostgreSQL over its unix socket, ${o.nodes} nodes × 1 worker`, r.socket)] : []),
      ]),
    };
    const costTable: Table = {
      headers: ['per request on PostgreSQL', 'p50 ms', 'p90 ms', 'p99 ms', 'max ms', 'target', 'verdict'],
      rows: [
        ['one round trip (SELECT 1), for scale', ...cells(cost.round_trip_ms), '', ''],
        ['rate limit (one tm_limit_take, paired with reads: waits for the turn)', ...cells(cost.rate_limit_ms), '', ''],
        ['rate limit, the same take sent at once', ...cells(cost.rate_limit_at_once_ms), '', ''],
        ['idempotent write as before: take, claim, answer (3 round trips)', ...cells(cost.write_three_trips_ms), '', ''],
        ['idempotent write: take with claim, answer (2 round trips)', ...cells(cost.write_ms), `p99 ≤ ${TARGETS.overhead_p99_ms} ms`, verdict(cost.write_ms.p99 <= TARGETS.overhead_p99_ms)],
        ...(socketCost
          ? [
              ['over the unix socket: one round trip (SELECT 1)', ...cells(socketCost.round_trip_ms), '', ''],
              ['over the unix socket: idempotent write (2 round trips)', ...cells(socketCost.write_ms), '', ''],
            ]
          : []),
      ],
    };
    const summary = `Detail throughput, PostgreSQL ${o.nodes} nodes against SQLite 1 node × 2 workers, summed over ${o.rounds} rounds: ${ratio}× (target ≥ ${TARGETS.throughput_ratio}×: ${verdict(ratio >= TARGETS.throughput_ratio)}).${socketRatio === null ? '' : ` The same nodes connecting over the server's unix socket instead of loopback TCP (an extra arm, same rounds): ${socketRatio}×.`}`;
    process.stdout.write(`${consoleTable(table)}\n\n${consoleTable(costTable)}\n\n${summary}\n`);
    const results = { ...o, store_reused: built.reused, copy_and_index_ms: Math.round(copyMs), targets: TARGETS, ratio, socket_ratio: socketRatio, rounds, overhead: cost, socket_overhead: socketCost };
    const body = [
      `${formatInt(o.size)} generated marks (bench/corpus/generate.ts, seed ${o.seed}) in a SQLite store${built.reused ? ' (reused from an earlier run)' : ''}, copied to a fresh PostgreSQL database and indexed there (${formatInt(copyMs)} ms).`,
      `Arms: \`tm serve --workers 2\` on the SQLite store, and ${o.nodes} \`tm serve --workers 1\` processes on the one PostgreSQL database (local server, same machine, over loopback TCP; where the server has a unix socket, ${o.nodes} more over it, a third arm), all running at once and idle while the other arm is measured. Every server has API-key auth, rate limits (raised so the load is never throttled, still checked per request: in process memory on SQLite, in the database on PostgreSQL: one \`tm_limit_take\` per request, or per batch of the requests that arrive while one is in flight), usage metering, the request log and the access log on. Load: autocannon in this process, GET /v1/trademarks/{id} cycling ${formatInt(built.ids.length)} ids, ${o.duration} s after a 2 s warm-up per arm and round, ${o.connections} connections on SQLite and ${share} on each PostgreSQL node (${share * o.nodes} in all), alternating arms ${o.rounds} times. The PostgreSQL row sums the nodes' req/s and shows the worst node's latency. Everything, PostgreSQL and autocannon included, shares the machine's cores.`,
      'Server CPU ms/req: the user + system CPU of the `tm serve` processes (from /proc) over the measured run, per request. Database CPU ms/req: the same for the PostgreSQL backends serving the nodes (over the warm-up and the run, per request of both at the measured rate); on SQLite that work is inside the server CPU. autocannon, in this process, uses the same cores.',
      `Overhead: with the servers idle, ${OVERHEAD_CALLS} calls one after another from this process on its own pool: the rate limit as every counted read makes it (waiting for the turn's end to pair with reads) and sent at once, alternating, and an idempotent write (\`Idempotency-Key\`, spec §7) two ways in alternating order: as before, the take, the claim (which reads the entry holding the key in the same statement) and the stored answer; and as a write makes it now, the take carrying the claim (one statement), then the stored answer. Where the server has a unix socket, the same again over it, after the TCP calls.`,
      '',
      summary,
      '',
      markdownTable(table),
      '',
      markdownTable(costTable),
    ].join('\n');
    const written = writeReport({ name: 'http-nodes', title: `HTTP detail on ${o.nodes} PostgreSQL nodes against one SQLite node`, command: benchCommand('bench:http'), results }, body);
    process.stderr.write(`wrote ${written.md}\n`);
  } finally {
    for (const s of servers) s.child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    await dropBenchDatabase(DB_NAME).catch(() => undefined);
  }
};
