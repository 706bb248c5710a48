// The report of bench:search: one table of tm's figures per size, one of every arm's latency (tm
// and the PostgreSQL peer, the same queries interleaved), one of the corpus variants per family and
// arm, and the issue 27 targets, each said met or not from this run's numbers alone.
import type { BuildResult } from './bench-store.js';
import type { PeerBuild } from './pg-peer.js';
import { formatInt, formatMb, type Table } from './results.js';
import type { Arm, WarmResult } from './search-warm.js';

export interface SizeRow {
  size: number;
  build: BuildResult | null;
  peer_build: PeerBuild | null;
  db_bytes: number;
  cold_ms: { median: number; max: number; runs: number[] } | null;
  warm: WarmResult;
  peak_rss_bytes: number;
  coverage: { queries: number; mean: number; complete: number } | null;
}

const f = (n: number | undefined) => (n === undefined || Number.isNaN(n) ? '—' : n.toFixed(1));
const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
const ARM_NAMES: Record<Arm, string> = { default: 'tm, default channels', all: 'tm, all six channels', pg_trgm: 'PostgreSQL pg_trgm (GIN, similarity())', dmetaphone: 'PostgreSQL dmetaphone, ranked by similarity()' };
const armsOf = (w: WarmResult): Arm[] => Object.keys(w.latency) as Arm[];

export const mainTable = (rows: readonly SizeRow[]): Table => ({
  headers: ['marks', 'store load / index build', 'db size', 'cold CLI (median/max)', 'recall@20 vs exhaustive, default (similar and up)', 'recall@20, all six (similar and up)', 'trigram top-50 coverage', 'peak RSS serving (whole child)'],
  rows: rows.map((r) => {
    const [d, a] = r.warm.recall;
    return [
      formatInt(r.size),
      r.build ? `${f(r.build.store_ms / 1000)} s / ${f(r.build.index_ms / 1000)} s` : 'reused',
      formatMb(r.db_bytes),
      r.cold_ms ? `${formatInt(r.cold_ms.median)} / ${formatInt(r.cold_ms.max)} ms` : '—',
      d ? `${pct(d.recall_at_20)} (${pct(d.recall_at_20_similar_up)}), ${d.queries} queries` : '—',
      a ? `${pct(a.recall_at_20)} (${pct(a.recall_at_20_similar_up)}), ${a.queries} queries` : '—',
      r.coverage ? `${pct(r.coverage.mean)} (${pct(r.coverage.complete)} of ${r.coverage.queries} complete)` : '—',
      `${formatMb(r.warm.serving_peak_rss_bytes)} (${formatMb(r.peak_rss_bytes)})`,
    ];
  }),
});

/** Per size and arm: warm latency, and the variants found in the top 20 and ranked first. */
export const armTable = (rows: readonly SizeRow[]): Table => ({
  headers: ['marks', 'engine', 'warm p50 / p95 / p99', 'client CPU per query (mean)', 'corpus variants in top 20', 'ranked first'],
  rows: rows.flatMap((r) =>
    armsOf(r.warm).map((arm) => {
      const l = r.warm.latency[arm]!;
      const n = r.warm.variants.reduce((s, v) => s + v.n, 0);
      const top = r.warm.variants.reduce((s, v) => s + (v.top20[arm] ?? 0), 0);
      const first = r.warm.variants.reduce((s, v) => s + (v.first[arm] ?? 0), 0);
      return [formatInt(r.size), ARM_NAMES[arm], `${f(l.p50)} / ${f(l.p95)} / ${f(l.p99)} ms`, `${f(l.cpu_mean)} ms`, `${top}/${n}`, `${first}/${n}`];
    }),
  ),
});

/** Per size and family: copies in the top 20 / ranked first, for each arm. */
export const variantTable = (rows: readonly SizeRow[]): Table => {
  const arms = rows[0] ? armsOf(rows[0].warm) : [];
  return {
    headers: ['marks', 'family', 'copies', ...arms.map((a) => `${a}: top 20 / first`)],
    rows: rows.flatMap((r) => r.warm.variants.map((v) => [formatInt(r.size), v.family, v.n, ...arms.map((a) => `${v.top20[a] ?? 0} / ${v.first[a] ?? 0}`)])),
  };
};

/** The targets against this run's figures: one line each, met or not. */
export const targetLines = (rows: readonly SizeRow[]): string[] => {
  const bySize = new Map(rows.map((r) => [r.size, r]));
  const m1 = bySize.get(1_000_000);
  const m5 = bySize.get(5_000_000);
  const yes = (ok: boolean) => (ok ? '**met**' : '**not met**');
  const out: string[] = [];
  for (const r of [m1, m5].filter((x): x is SizeRow => !!x)) {
    for (const rc of r.warm.recall) out.push(`- Recall@20 ≥ 0.98 at ${formatInt(r.size)}, ${rc.channels}: ${pct(rc.recall_at_20)}: ${yes(rc.recall_at_20 >= 0.98)}`);
  }
  if (m1) {
    const l = m1.warm.latency;
    const total = m1.warm.variants.reduce((s, v) => s + v.n, 0);
    const sum = (arm: Arm, k: 'top20' | 'first') => m1.warm.variants.reduce((s, v) => s + (v[k][arm] ?? 0), 0);
    for (const arm of ['default', 'all'] as const) {
      out.push(`- Variants in the top 20 at 1M, ${arm}: ${sum(arm, 'top20')}/${total}: ${yes(sum(arm, 'top20') === total)}`);
      if (l.dmetaphone) out.push(`- Ranked first, ${arm} ≥ dmetaphone: ${sum(arm, 'first')} against ${sum('dmetaphone', 'first')}: ${yes(sum(arm, 'first') >= sum('dmetaphone', 'first'))}`);
    }
    out.push(`- Warm p95 at 1M ≤ 20 ms default: ${f(l.default?.p95)} ms: ${yes((l.default?.p95 ?? Infinity) <= 20)}; ≤ 30 ms all six: ${f(l.all?.p95)} ms: ${yes((l.all?.p95 ?? Infinity) <= 30)}`);
    if (l.pg_trgm) {
      for (const arm of ['default', 'all'] as const) {
        const ratio = l.pg_trgm.p95 / l[arm]!.p95;
        out.push(`- p95 ≥ 5× better than pg_trgm, ${arm}: ${f(ratio)}× (${f(l.pg_trgm.p95)} / ${f(l[arm]!.p95)} ms): ${yes(ratio >= 5)}`);
      }
    }
    out.push(`- RSS while serving 1M ≤ 1 GB: ${formatMb(m1.warm.serving_peak_rss_bytes)}: ${yes(m1.warm.serving_peak_rss_bytes <= 1024 ** 3)}`);
  }
  if (m1 && m5) {
    for (const arm of ['default', 'all'] as const) {
      const ratio = m5.warm.latency[arm]!.p95 / m1.warm.latency[arm]!.p95;
      out.push(`- Warm p95 at 5M ≤ 2× 1M, ${arm}: ${f(m5.warm.latency[arm]!.p95)} ms, ${ratio.toFixed(2)}×: ${yes(ratio <= 2)}`);
    }
  }
  return out.length ? out : ['- None measured: the targets are stated at 1,000,000 and 5,000,000 marks, and this run has neither.'];
};

export const peerBuildLines = (rows: readonly SizeRow[]): string[] =>
  rows.flatMap((r) =>
    r.peer_build
      ? [`- ${formatInt(r.size)} marks into PostgreSQL: COPY of ${formatInt(r.peer_build.rows)} rows ${f(r.peer_build.copy_ms / 1000)} s, GIN trigram index ${f(r.peer_build.trgm_index_ms / 1000)} s, dmetaphone indexes ${f(r.peer_build.dmetaphone_index_ms / 1000)} s`]
      : [],
  );
