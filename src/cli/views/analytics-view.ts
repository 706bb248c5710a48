// The analytics commands on a terminal as small bar charts: `tm analytics filings` (one chart per
// series, a bar per period), `tm analytics composition` (a chart per breakdown) and `tm analytics
// renewals` (a bar per due year, with its fees). Bars are scaled to the chart's largest count.
import type { z } from 'zod';
import type { getFilingAnalytics } from '../../ops/analytics/filing-analytics.js';
import type { getPortfolioComposition } from '../../ops/analytics/portfolio-composition.js';
import type { getRenewalLoad } from '../../ops/analytics/renewal-load.js';
import { terminalWidth } from './table.js';
import { count } from './words.js';

/** One line per entry: label, a bar scaled to `max`, the count, and an optional note. */
const bars = (entries: readonly (readonly [string, number, string?])[], max = Math.max(1, ...entries.map(([, n]) => n))): string[] => {
  const label = Math.max(...entries.map(([l]) => l.length));
  const room = Math.max(10, Math.min(50, terminalWidth() - label - 10));
  return entries.map(([l, n, note]) => `  ${l.padEnd(label)} ${'█'.repeat(Math.max(1, Math.round((n / max) * room)))} ${n}${note ? `  ${note}` : ''}`);
};

export const renderFilingAnalytics = (out: z.infer<typeof getFilingAnalytics.output>): string => {
  if (out.series.length === 0) return `No dated filings match (${count(out.total, 'mark')}, ${out.undated.toLocaleString('en')} undated).`;
  const max = Math.max(1, ...out.series.flatMap((s) => s.counts));
  const charts = out.series.map((s) => {
    const lines = bars(out.periods.map((p, i) => [p, s.counts[i]!] as const).filter(([, n]) => n > 0), max);
    return `${s.key} (${s.total})\n${lines.join('\n')}`;
  });
  return `${charts.join('\n\n')}\n\nFilings by ${out.interval}${out.group_by === 'none' ? '' : ` per ${out.group_by}`}: ${count(out.total, 'mark')}, ${out.undated.toLocaleString('en')} undated.`;
};

const byCount = (m: Record<string, number>): [string, number][] => Object.entries(m).sort(([a, x], [b, y]) => y - x || a.localeCompare(b, undefined, { numeric: true }));

export const renderComposition = (out: z.infer<typeof getPortfolioComposition.output>): string => {
  if (out.trademarks === 0) return 'No marks match.';
  const charts = (
    [
      ['By office', out.by_office],
      ['By status', out.by_status],
      ['By stage', out.by_stage],
      ['By Nice class', out.by_class],
    ] as const
  )
    .filter(([, m]) => Object.keys(m).length > 0)
    .map(([title, m]) => `${title}\n${bars(byCount(m)).join('\n')}`);
  return `${charts.join('\n\n')}\n\n${count(out.trademarks, 'mark')}.`;
};

export const renderRenewalLoad = (out: z.infer<typeof getRenewalLoad.output>): string => {
  if (out.years.length === 0) return `No renewals or declarations fall due (${count(out.marks, 'mark')}, as of ${out.as_of_date}).`;
  const fees = (y: (typeof out.years)[number]) =>
    [...y.fees.map((f) => `${f.currency} ${f.total.toLocaleString('en-US')}${f.confirmed ? '' : '*'}`), ...(y.without_fee ? [`${y.without_fee} without fee`] : [])].join(', ');
  const lines = bars(out.years.map((y) => [y.year, y.total, fees(y)] as const));
  const unconfirmed = out.years.some((y) => y.fees.some((f) => !f.confirmed)) ? '\n* includes fee figures not confirmed (docs/parties.md, Fees).' : '';
  return `Renewals and declarations due per year (as of ${out.as_of_date})\n${lines.join('\n')}\n\n${out.total.toLocaleString('en')} due across ${count(out.marks, 'mark')}.${unconfirmed}`;
};
