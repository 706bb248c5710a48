// `npm run bench:webhooks`: webhook delivery (issue 13) to a local receiver process on loopback that answers
// 204 at once. (1) Throughput: N queued events over 4 endpoints, drained by 2 worker processes
// (`tm deliver --once` each); target ≥ 500 deliveries/s. (2) Latency: events committed at 100/s
// for 20 s while one worker process runs the `tm serve` loop; p99 commit → arrival ≤ 1 s.
// (3) Outbox cost: the same 20,000-record daily file ingested into three copies of one store, plain
// with two organizations holding the changed marks (ledger events), and with those plus subscribed endpoints (outbox); ≤ 10 % slower.
// Options: --events N (8,000)  --store-marks N (20,000)  --daily N (20,000)  --cost-rounds N (3)  --seed S (42)  --cache-dir DIR
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { closeContext, createContext, type Context } from '../src/context.js';
import { systemClock } from '../src/core/clock.js';
import { ingestFiles } from '../src/ingest/pipeline.js';
import { createDeliveryWorker } from '../src/monitor/delivery.js';
import { recordEvent } from '../src/monitor/ledger.js';
import { createPortfolio } from '../src/ops/monitor/portfolio-crud.js';
import { addPortfolioMarks } from '../src/ops/monitor/portfolio-marks.js';
import { createWebhook } from '../src/ops/webhooks/create-webhook.js';
import { reportToParent, runInChild } from './lib/child.js';
import { machineLine } from './lib/machine.js';
import { defaultCacheDir, ensureBaseStore, removeDb, workingCopy, writeDailyFile } from './lib/monitor-store.js';
import { benchCommand, consoleTable, formatInt, markdownTable, percentile, writeReport, type Table } from './lib/results.js';
import { sqliteDb } from '../src/store/sqlite/store.js';

const TARGETS = { deliveries_per_second: 500, p99_ms: 1000, outbox_overhead: 0.1 };
const ENDPOINTS = 4;
const RATE = 100;
const LATENCY_SECONDS = 20;

const cpuSeconds = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};

const waitFor = async (done: () => boolean, timeoutMs: number): Promise<void> => {
  const end = Date.now() + timeoutMs;
  while (!done() && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
};

/** A clock shared by processes on this machine: performance.now() alone starts at each process's own origin. */
const nowMs = (): number => performance.timeOrigin + performance.now();

/**
 * The receiver, in its own process so that the bench's own work (committing events, parsing) never
 * delays an arrival: 204 to every POST, with each webhook-id's first arrival time. POST /__stop ends
 * it, and it reports what it saw.
 */
const sinkChild = (portFile: string): void => {
  const arrivals: Record<string, number> = {};
  let posts = 0;
  const server: Server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      if (req.url === '/__stop') {
        res.writeHead(204).end();
        server.closeAllConnections();
        server.close(() => reportToParent({ arrivals, posts }));
        return;
      }
      posts++;
      const id = String(req.headers['webhook-id']);
      arrivals[id] ??= nowMs();
      res.writeHead(204).end();
    });
  });
  server.listen(0, '127.0.0.1', () => writeFileSync(portFile, String((server.address() as AddressInfo).port)));
};

interface SinkReport { arrivals: Record<string, number>; posts: number }

const startSink = async (self: string, dir: string): Promise<{ url: string; stop(): Promise<SinkReport> }> => {
  const portFile = join(dir, `hooks-sink-${process.pid}-${Date.now()}.port`);
  const child = runInChild<SinkReport>(self, ['--child', 'sink', portFile]);
  const listening = (): boolean => existsSync(portFile) && readFileSync(portFile, 'utf8') !== '';
  await waitFor(listening, 60_000);
  if (!listening()) throw new Error(`the receiver process did not start listening within 60 s (${portFile})`);
  const url = `http://127.0.0.1:${readFileSync(portFile, 'utf8')}`;
  rmSync(portFile);
  return {
    url,
    stop: async () => {
      await fetch(`${url}/__stop`, { method: 'POST' });
      return (await child).result;
    },
  };
};

const orgCtx = (ctx: Context, i: number): Context => ({ ...ctx, org: { id: `org_hook${i}`, name: `Hooks ${i}`, livemode: true } });

/** One endpoint per organization, subscribed to alert.created. */
const endpoints = async (ctx: Context, url: string): Promise<void> => {
  ctx.config.allowPrivateWebhooks = true;
  for (let i = 0; i < ENDPOINTS; i++) await createWebhook.run(orgCtx(ctx, i), createWebhook.input.parse({ url: `${url}/e${i}`, enabled_events: ['alert.created'] }));
};

const record = async (ctx: Context, i: number): Promise<string> =>
  (await recordEvent(ctx.store, { orgId: `org_hook${i % ENDPOINTS}`, type: 'alert.created', trademarkId: null, portfolios: [], at: new Date().toISOString(), data: () => ({ alert_id: `alr_${i}` }) }))!.id;


/** (1) N events queued, then two `deliver --once` processes drain them. */
const throughput = async (self: string, dir: string, n: number) => {
  const sink = await startSink(self, dir);
  const db = join(dir, 'hooks-throughput.db');
  removeDb(db);
  const ctx = createContext({ db });
  await endpoints(ctx, sink.url);
  for (let i = 0; i < n; i++) await record(ctx, i);
  await closeContext(ctx);
  const t0 = performance.now();
  const workers = [0, 1].map(() => runInChild<{ attempted: number }>(self, ['--child', 'once', db]));
  const done = await Promise.all(workers);
  const wall = (performance.now() - t0) / 1000;
  const seen = await sink.stop();
  const times = Object.values(seen.arrivals).sort((a, b) => a - b);
  const sustained = (times.length - 1) / ((times[times.length - 1]! - times[0]!) / 1000);
  return { events: n, delivered: times.length, posts: seen.posts, attempted: done.map((d) => d.result.attempted), wall_seconds: wall, per_second_wall: n / wall, per_second_sustained: sustained };
};

/** (2) Events committed at RATE/s while a serve-style worker process delivers them. */
const latency = async (self: string, dir: string) => {
  const sink = await startSink(self, dir);
  const db = join(dir, 'hooks-latency.db');
  removeDb(db);
  const ctx = createContext({ db });
  await endpoints(ctx, sink.url);
  const worker = runInChild<{ stopped: boolean }>(self, ['--child', 'serve', db, String(LATENCY_SECONDS + 15)]);
  await new Promise((r) => setTimeout(r, 3000)); // the worker process starts
  const committed = new Map<string, number>();
  const total = RATE * LATENCY_SECONDS;
  const t0 = nowMs();
  for (let i = 0; i < total; i++) {
    const due = t0 + (i * 1000) / RATE;
    const wait = due - nowMs();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const id = await record(ctx, i);
    committed.set(id, nowMs());
  }
  await closeContext(ctx);
  await worker; // it runs 15 s past the last commit: time for the tail to arrive
  const { arrivals } = await sink.stop();
  const ms = [...committed].flatMap(([id, at]) => (id in arrivals ? [arrivals[id]! - at] : []));
  return { events: total, delivered: ms.length, p50_ms: percentile(ms, 50), p95_ms: percentile(ms, 95), p99_ms: percentile(ms, 99), max_ms: Math.max(...ms) };
};

type CostArm = 'plain' | 'ledger' | 'outbox';

/**
 * (3) Child: ingest the daily file into one copy. `ledger` and `outbox` copies get two holding
 * organizations first, so each status change records ledger events; only `outbox` copies also
 * have subscribed endpoints, so only they write pending deliveries.
 */
const ingestOnce = async (db: string, file: string, changedPath: string, arm: CostArm) => {
  const ctx = createContext({ db });
  if (arm !== 'plain') {
    const changed = JSON.parse(readFileSync(changedPath, 'utf8')) as string[];
    ctx.config.allowPrivateWebhooks = true;
    for (let o = 0; o < 2; o++) {
      const c = orgCtx(ctx, o);
      const p = await createPortfolio.run(c, createPortfolio.input.parse({ name: 'docket' }));
      for (let k = 0; k < changed.length; k += 100) await addPortfolioMarks.run(c, addPortfolioMarks.input.parse({ id: p.id, trademark_ids: changed.slice(k, k + 100) }));
      if (arm === 'outbox') await createWebhook.run(c, createWebhook.input.parse({ url: 'http://127.0.0.1:9/never', enabled_events: ['trademark.status_changed'] }));
    }
  }
  const w0 = performance.now();
  const c0 = cpuSeconds();
  const summary = await ingestFiles(ctx, [file], { evaluate: false });
  const wall = (performance.now() - w0) / 1000;
  const cpu = cpuSeconds() - c0;
  const deliveries = sqliteDb(ctx.store).prepare('SELECT COUNT(*) FROM webhook_deliveries').pluck().get() as number;
  await closeContext(ctx);
  return { records: summary.records, events: summary.events, seconds: wall, cpu_seconds: cpu, deliveries };
};

const COST_ARMS: readonly CostArm[] = ['plain', 'ledger', 'outbox'];
type IngestRun = Awaited<ReturnType<typeof ingestOnce>>;

/**
 * The machine is shared, so one ingest per arm swings by a third either way. Each round ingests
 * every arm once into a fresh copy, the order rotated so each arm takes each position equally;
 * an arm's figure is its median (nearest rank) over the rounds.
 */
const outboxCost = async (self: string, dir: string, marks: number, daily: number, seed: number, rounds: number) => {
  const base = (await runInChild<{ path: string }>(self, ['--child', 'build', dir, String(marks), String(seed)])).result.path;
  const file = join(dir, 'hooks-daily.ndjson');
  const ctx = createContext({ db: workingCopy(base, join(dir, 'hooks-plain.db')) });
  const changed = await writeDailyFile(ctx, file, daily, seed, 1);
  await closeContext(ctx);
  writeFileSync(join(dir, 'hooks-changed.json'), JSON.stringify(changed));
  const runs = new Map<CostArm, IngestRun[]>(COST_ARMS.map((arm) => [arm, []]));
  for (let r = 0; r < rounds; r++) {
    for (let k = 0; k < COST_ARMS.length; k++) {
      const arm = COST_ARMS[(r + k) % COST_ARMS.length]!;
      const db = workingCopy(base, join(dir, `hooks-${arm}.db`));
      runs.get(arm)!.push((await runInChild<IngestRun>(self, ['--child', 'ingest', db, file, join(dir, 'hooks-changed.json'), arm])).result);
    }
  }
  const summary = (arm: CostArm) => {
    const all = runs.get(arm)!;
    return {
      ...all[0]!,
      seconds: percentile(all.map((x) => x.seconds), 50),
      cpu_seconds: percentile(all.map((x) => x.cpu_seconds), 50),
      runs: all.map((x) => ({ seconds: x.seconds, cpu_seconds: x.cpu_seconds })),
    };
  };
  const [a, l, b] = COST_ARMS.map(summary) as [ReturnType<typeof summary>, ReturnType<typeof summary>, ReturnType<typeof summary>];
  return {
    marks, rounds, plain: a, ledger: l, outbox: b,
    overhead_wall: b.seconds / a.seconds - 1, overhead_cpu: b.cpu_seconds / a.cpu_seconds - 1,
    outbox_only_wall: b.seconds / l.seconds - 1, outbox_only_cpu: b.cpu_seconds / l.cpu_seconds - 1,
  };
};

const childMain = async (mode: string, args: string[]): Promise<void> => {
  if (mode === 'sink') return sinkChild(args[0]!);
  if (mode === 'build') return reportToParent(await ensureBaseStore(args[0]!, Number(args[1]), Number(args[2])));
  if (mode === 'ingest') return reportToParent(await ingestOnce(args[0]!, args[1]!, args[2]!, args[3] as CostArm));
  const ctx = createContext({ db: args[0]! });
  const worker = createDeliveryWorker(ctx.store, systemClock, { allowPrivate: true });
  if (mode === 'once') {
    const r = await worker.runOnce();
    await worker.stop();
    await closeContext(ctx);
    return reportToParent(r);
  }
  worker.start();
  await new Promise((r) => setTimeout(r, Number(args[1]) * 1000));
  await worker.stop();
  await closeContext(ctx);
  reportToParent({ stopped: true });
};

const main = async (): Promise<void> => {
  const { values } = parseArgs({
    options: {
      events: { type: 'string', default: '8000' },
      'store-marks': { type: 'string', default: '20000' },
      daily: { type: 'string', default: '20000' },
      seed: { type: 'string', default: '42' },
      'cost-rounds': { type: 'string', default: '3' },
      'cache-dir': { type: 'string', default: defaultCacheDir() },
    },
  });
  const rounds = Number(values['cost-rounds']);
  if (!Number.isInteger(rounds) || rounds < 1) {
    process.stderr.write(`--cost-rounds must be a whole number ≥ 1, got "${values['cost-rounds']}"\n`);
    process.exit(1);
  }
  const dir = values['cache-dir']!;
  mkdirSync(dir, { recursive: true });
  const self = fileURLToPath(import.meta.url);
  process.stderr.write(`machine: ${machineLine()}\nthroughput …\n`);
  const tp = await throughput(self, dir, Number(values.events));
  process.stderr.write(`  ${formatInt(tp.per_second_sustained)} deliveries/s\nlatency at ${RATE} events/s …\n`);
  const lat = await latency(self, dir);
  process.stderr.write(`  p99 ${Math.round(lat.p99_ms)} ms\noutbox cost on a ${formatInt(Number(values.daily))}-record ingest …\n`);
  const cost = await outboxCost(self, dir, Number(values['store-marks']), Number(values.daily), Number(values.seed), rounds);
  const met = {
    throughput: tp.per_second_sustained >= TARGETS.deliveries_per_second,
    latency: lat.p99_ms <= TARGETS.p99_ms && lat.delivered === lat.events,
    outbox: cost.overhead_wall <= TARGETS.outbox_overhead,
  };
  const table: Table = {
    headers: ['measure', 'result', 'target', 'met'],
    rows: [
      ['throughput, 2 worker processes, 4 endpoints', `${formatInt(tp.per_second_sustained)} deliveries/s sustained (${formatInt(tp.per_second_wall)}/s incl. process start-up; ${formatInt(tp.delivered)} of ${formatInt(tp.events)})`, `≥ ${TARGETS.deliveries_per_second}/s`, met.throughput ? 'yes' : 'no'],
      [`commit → delivery at ${RATE} events/s for ${LATENCY_SECONDS} s`, `p50 ${Math.round(lat.p50_ms)} ms, p95 ${Math.round(lat.p95_ms)} ms, p99 ${Math.round(lat.p99_ms)} ms, max ${Math.round(lat.max_ms)} ms (${lat.delivered} of ${lat.events})`, `p99 ≤ ${TARGETS.p99_ms} ms`, met.latency ? 'yes' : 'no'],
      [`${formatInt(cost.plain.records)}-record ingest, outbox rows only (holders and their ledger events in both)`, `${cost.ledger.seconds.toFixed(1)} s → ${cost.outbox.seconds.toFixed(1)} s (${(cost.outbox_only_wall * 100).toFixed(1)} %); CPU ${cost.ledger.cpu_seconds.toFixed(1)} s → ${cost.outbox.cpu_seconds.toFixed(1)} s (${(cost.outbox_only_cpu * 100).toFixed(1)} %)`, '', ''],
      [`${formatInt(cost.plain.records)}-record ingest, ledger events and outbox vs neither`, `${cost.plain.seconds.toFixed(1)} s → ${cost.outbox.seconds.toFixed(1)} s (${(cost.overhead_wall * 100).toFixed(1)} %); CPU ${cost.plain.cpu_seconds.toFixed(1)} s → ${cost.outbox.cpu_seconds.toFixed(1)} s (${(cost.overhead_cpu * 100).toFixed(1)} %); ${formatInt(cost.outbox.deliveries)} outbox rows`, `≤ ${TARGETS.outbox_overhead * 100} %`, met.outbox ? 'yes' : 'no'],
    ],
  };
  process.stdout.write(`${consoleTable(table)}\n`);
  const body = [
    markdownTable(table),
    '',
    `Receiver: a Node HTTP server on 127.0.0.1 in a process of its own (neither the committing parent nor the delivering workers), answering 204 at once without verifying (verification is the receiver's cost, not ours). Deliveries are signed as always. Arrival and commit times are read on one machine-wide clock (performance.timeOrigin + performance.now()).`,
    `Throughput: ${formatInt(tp.events)} alert.created events recorded first, one endpoint per organization, 4 organizations; two child processes each run the delivery worker's \`runOnce\` (\`tm deliver --once\`) with the default limits (64 in flight, 8 per endpoint) and share the outbox through their leases. Sustained = deliveries between the first and the last arrival.`,
    `Latency: the parent commits one event every ${1000 / RATE} ms (its own transaction, as an alert's would be) while one child runs the worker loop of \`tm serve\` (poll 100 ms) and another receives; latency is arrival at the receiver minus the commit.`,
    `Outbox cost: a store of ${formatInt(cost.marks)} generated marks (cached), three copies; the same daily file (half status changes to stored marks, half new filings) ingested with evaluation off into each, each in its own process; ${cost.rounds} rounds, each arm once a round into a fresh copy in rotated order, and each figure is the arm's median over the rounds (the machine is shared: one run swings by a third). In the outbox copy two organizations hold every changed mark in a portfolio and have an endpoint subscribed to trademark.status_changed, so each status change commits two ledger events and two outbox rows in its own transaction (${formatInt(cost.outbox.deliveries)} outbox rows in all). A third copy has the same holders and no endpoints: its ledger events without outbox rows separate the cost of the outbox from that of the events. The target is judged on the whole (events and outbox against neither), the stricter reading. Portfolio setup is outside the timed ingest.`,
  ].join('\n');
  const written = writeReport({ name: 'webhooks', title: 'Webhook delivery benchmark', command: benchCommand('bench:webhooks'), results: { throughput: tp, latency: lat, outbox: cost, targets: TARGETS, met } }, body);
  process.stderr.write(`wrote ${written.md}\n`);
};

if (process.argv[2] === '--child') await childMain(process.argv[3]!, process.argv.slice(4));
else await main();
