// `tm analytics filings` on a terminal: one small bar chart per series, a bar per period scaled to
// the largest count of the chart, with the count beside it.
import type { z } from 'zod';
import type { getFilingAnalytics } from '../../ops/analytics/filing-analytics.js';
import { terminalWidth } from './table.js';

type Out = z.infer<typeof getFilingAnalytics.output>;

export const renderFilingAnalytics = (out: Out): string => {
  if (out.series.length === 0) return `No dated filings match (${out.total} marks, ${out.undated} undated).`;
  const max = Math.max(1, ...out.series.flatMap((s) => s.counts));
  const label = Math.max(...out.periods.map((p) => p.length));
  const room = Math.max(10, Math.min(50, terminalWidth() - label - 10));
  const charts = out.series.map((s) => {
    const lines = out.periods
      .map((p, i) => [p, s.counts[i]!] as const)
      .filter(([, n]) => n > 0)
      .map(([p, n]) => `  ${p.padEnd(label)} ${'█'.repeat(Math.max(1, Math.round((n / max) * room)))} ${n}`);
    return `${s.key} (${s.total})\n${lines.join('\n')}`;
  });
  return `${charts.join('\n\n')}\n\nFilings by ${out.interval}${out.group_by === 'none' ? '' : ` per ${out.group_by}`}: ${out.total} marks, ${out.undated} undated.`;
};
