// Inline SVG bar charts for the clearance report: no script, no network, prints as drawn.
import { escapeHtml } from './report-text.js';

export interface Bar {
  label: string;
  value: number;
  color?: string;
}

const ROW = 22;
const LABEL_W = 120;
const BAR_W = 260;

/** A horizontal bar chart with one row per bar, values printed at the bar end. */
export const barChart = (title: string, bars: readonly Bar[]): string => {
  const max = Math.max(1, ...bars.map((b) => b.value));
  const height = Math.max(1, bars.length) * ROW + 28;
  const rows = bars
    .map((b, i) => {
      const y = 24 + i * ROW;
      const w = Math.round((b.value / max) * BAR_W);
      return `<text x="${LABEL_W - 6}" y="${y + 14}" text-anchor="end" font-size="12">${escapeHtml(b.label)}</text><rect x="${LABEL_W}" y="${y + 3}" width="${w}" height="${ROW - 8}" fill="${b.color ?? '#4a6fa5'}"/><text x="${LABEL_W + w + 6}" y="${y + 14}" font-size="12">${b.value}</text>`;
    })
    .join('');
  const empty = bars.length === 0 ? `<text x="${LABEL_W}" y="40" font-size="12" fill="#666">no hits</text>` : '';
  return `<figure class="chart"><svg role="img" aria-label="${escapeHtml(title)}" xmlns="http://www.w3.org/2000/svg" width="${LABEL_W + BAR_W + 50}" height="${height}" viewBox="0 0 ${LABEL_W + BAR_W + 50} ${height}"><text x="0" y="14" font-size="13" font-weight="bold">${escapeHtml(title)}</text>${rows}${empty}</svg></figure>`;
};

/** Counts of `key` over items, largest first, as bars. */
export const countBars = <T>(items: readonly T[], key: (t: T) => string[], color?: string): Bar[] => {
  const counts = new Map<string, number>();
  for (const item of items) for (const k of key(item)) counts.set(k, (counts.get(k) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([label, value]) => ({ label, value, color }));
};
