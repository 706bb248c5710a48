// `npm run bench:deadlines`: derived blocks (term, deadline rows, opposition window) for generated
// records, against a raw date-arithmetic loop over the same records as the in-run baseline; then
// the `tm deadlines --due-before … --ics` path (store scan, derive, filter, ICS build) over a
// store of generated marks. Options: --count N (1,000,000)  --store-count N (100,000)  --seed S (42)
//   --as-of DATE (2026-10-31)  --due-before DATE (as-of + 1 year)
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { closeContext, createContext } from '../src/context.js';
import { addYears, weekday } from '../src/core/dates.js';
import type { TrademarkRecord } from '../src/core/schemas/trademark.js';
import { getCatalog } from '../src/deadlines/catalog.js';
import { computeDerived } from '../src/deadlines/derive.js';
import { buildDeadlinesIcs } from '../src/deadlines/ics.js';
import { collectDeadlineRows } from '../src/ops/list-deadlines.js';
import { corpusRecords } from './corpus/generate.js';
import { benchCommand, consoleTable, formatInt, formatMb, markdownTable, writeReport, type Table } from './lib/results.js';
import { machineInfo, peakRssBytes } from './lib/machine.js';

const machineCores = (): number => machineInfo().cores;

const TARGET_RPS = 100_000;

// A full collection between chunks keeps the generator's garbage out of the timed derive loop.
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;
const CHUNK = 50_000;

const { values } = parseArgs({
  options: {
    count: { type: 'string', default: '1000000' },
    'store-count': { type: 'string', default: '100000' },
    seed: { type: 'string', default: '42' },
    'as-of': { type: 'string', default: '2026-10-31' },
    'due-before': { type: 'string' },
  },
});
const count = Number(values.count);
const storeCount = Number(values['store-count']);
const seed = Number(values.seed);
const asOf = values['as-of']!;
const dueBefore = values['due-before'] ?? addYears(asOf, 1);

/** The baseline: the cheapest useful per-record date work (anniversary, weekday, comparison). */
const baseline = (records: readonly TrademarkRecord[]): number => {
  let sink = 0;
  for (const r of records) {
    const anchor = r.registration_date ?? r.filing_date;
    if (!anchor) continue;
    const t = addYears(anchor, 10);
    sink += weekday(t) + (t < asOf ? 1 : 0);
  }
  return sink;
};

const deriveRun = () => {
  const catalog = getCatalog();
  let deriveMs = 0;
  let deriveCpuMs = 0;
  let baselineMs = 0;
  let items = 0;
  let done = 0;
  let sink = 0;
  const source = corpusRecords({ count, seed, asOf });
  // Warm-up on a first chunk so JIT and holiday tables are in place before timing.
  const warm = [...corpusRecords({ count: 5000, seed: seed + 1, asOf })];
  for (const r of warm) computeDerived(r, asOf, { catalog });
  baseline(warm);
  for (;;) {
    const chunk: TrademarkRecord[] = [];
    for (let i = 0; i < CHUNK; i++) {
      const next = source.next();
      if (next.done) break;
      chunk.push(next.value);
    }
    if (chunk.length === 0) break;
    collectGarbage();
    let t = performance.now();
    sink += baseline(chunk);
    baselineMs += performance.now() - t;
    t = performance.now();
    const cpu = process.cpuUsage();
    for (const r of chunk) items += computeDerived(r, asOf, { catalog }).deadlines.items.length;
    const used = process.cpuUsage(cpu);
    deriveMs += performance.now() - t;
    deriveCpuMs += (used.user + used.system) / 1000;
    done += chunk.length;
    if (done % 200_000 === 0) process.stderr.write(`  derived ${formatInt(done)} records, ${formatInt((done * 1000) / deriveMs)} rec/s\n`);
  }
  return { records: done, items, derive_ms: deriveMs, derive_cpu_ms: deriveCpuMs, baseline_ms: baselineMs, sink };
};

const icsRun = async () => {
  const dir = mkdtempSync(join(tmpdir(), 'tm-bench-deadlines-'));
  const ctx = createContext({ db: join(dir, 'tm.db'), now: `${asOf}T12:00:00Z` });
  try {
    let batch: TrademarkRecord[] = [];
    const t0 = performance.now();
    for (const r of corpusRecords({ count: storeCount, seed, asOf })) {
      batch.push(r);
      if (batch.length === 5000) {
        await ctx.store.trademarks.upsert(batch, `${asOf}T12:00:00Z`);
        batch = [];
      }
    }
    if (batch.length) await ctx.store.trademarks.upsert(batch, `${asOf}T12:00:00Z`);
    const loadMs = performance.now() - t0;
    const t1 = performance.now();
    const rows = [];
    for await (const row of collectDeadlineRows(ctx, { as_of_date: asOf, due_before: dueBefore })) rows.push(row);
    const scanMs = performance.now() - t1;
    const t2 = performance.now();
    const ics = buildDeadlinesIcs(rows, { domain: ctx.config.serviceDomain, stamp: ctx.clock.now() });
    const icsMs = performance.now() - t2;
    return {
      marks: storeCount,
      rows: rows.length,
      ics_bytes: Buffer.byteLength(ics),
      load_ms: loadMs,
      scan_derive_filter_ms: scanMs,
      ics_build_ms: icsMs,
      total_ms: scanMs + icsMs,
      db_bytes: statSync(join(dir, 'tm.db')).size,
    };
  } finally {
    await closeContext(ctx);
    rmSync(dir, { recursive: true, force: true });
  }
};

const main = async () => {
  process.stderr.write(`deadline bench: ${formatInt(count)} records, as of ${asOf}\n`);
  const derive = deriveRun();
  const loadBefore = loadavg()[0]!;
  const deriveRps = (derive.records * 1000) / derive.derive_ms;
  const deriveCpuRps = (derive.records * 1000) / derive.derive_cpu_ms;
  const baselineRps = (derive.records * 1000) / derive.baseline_ms;
  process.stderr.write(`ICS export over ${formatInt(storeCount)} stored marks, due before ${dueBefore}\n`);
  const ics = await icsRun();
  const results = {
    as_of: asOf,
    derive: {
      ...derive,
      records_per_s: Math.round(deriveRps),
      records_per_cpu_s: Math.round(deriveCpuRps),
      target_records_per_s: TARGET_RPS,
      meets_target: deriveRps >= TARGET_RPS,
      meets_target_per_cpu_s: deriveCpuRps >= TARGET_RPS,
    },
    load_average_1m: { after_derive: Number(loadBefore.toFixed(2)), at_end: Number(loadavg()[0]!.toFixed(2)) },
    baseline: { what: 'addYears + weekday + compare per record (src/core/dates.ts)', records_per_s: Math.round(baselineRps), derive_cost_ratio: Number((baselineRps / deriveRps).toFixed(1)) },
    ics_export: { due_before: dueBefore, ...ics, marks_per_s: Math.round((ics.marks * 1000) / ics.total_ms) },
    peak_rss_bytes: peakRssBytes(),
  };
  const table: Table = {
    headers: ['measurement', 'records', 'time (ms)', 'records/s'],
    rows: [
      ['derived block (computeDerived), wall', derive.records, Math.round(derive.derive_ms), Math.round(deriveRps)],
      ['derived block (computeDerived), CPU time', derive.records, Math.round(derive.derive_cpu_ms), Math.round(deriveCpuRps)],
      ['baseline: raw date arithmetic', derive.records, Math.round(derive.baseline_ms), Math.round(baselineRps)],
      [`deadlines --due-before ${dueBefore}: scan+derive+filter`, ics.marks, Math.round(ics.scan_derive_filter_ms), Math.round((ics.marks * 1000) / ics.scan_derive_filter_ms)],
      [`  + ICS build (${formatInt(ics.rows)} events, ${formatMb(ics.ics_bytes)})`, ics.marks, Math.round(ics.ics_build_ms), Math.round((ics.marks * 1000) / ics.total_ms)],
    ],
  };
  process.stdout.write(`${consoleTable(table)}\n`);
  const verdict = results.derive.meets_target ? 'meets' : 'misses';
  const body = [
    `Derived blocks ${verdict} the target of ${formatInt(TARGET_RPS)} records/s in wall time: ${formatInt(deriveRps)} records/s over ${formatInt(derive.records)} generated records (${formatInt(derive.items)} deadline rows), ${results.baseline.derive_cost_ratio}× the cost of the raw date-arithmetic baseline measured in the same run. In CPU time of this process: ${formatInt(deriveCpuRps)} records per CPU-second. The machine is shared: 1-minute load average ${results.load_average_1m.after_derive} after the derive phase on ${machineCores()} cores, so wall rates are a lower bound.`,
    '',
    markdownTable(table),
    '',
    `The ICS path is what \`tm deadlines --due-before ${dueBefore} --ics\` does, in process: scan ${formatInt(ics.marks)} stored marks in pages, derive, filter, build the feed (${formatInt(ics.rows)} events). Loading the store took ${formatInt(ics.load_ms)} ms and is not counted. Peak RSS ${formatMb(results.peak_rss_bytes)}.`,
  ].join('\n');
  const paths = writeReport({ name: 'deadlines', title: 'Deadline engine benchmark', command: benchCommand('bench:deadlines'), results }, body);
  process.stderr.write(`wrote ${paths.json} and ${paths.md}\n`);
};

await main();
