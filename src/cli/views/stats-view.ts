// `tm stats` on a terminal: one row per office with counts by status (digits grouped), and the last sync.
import type { z } from 'zod';
import type { getStats } from '../../ops/get-stats.js';
import { humanize } from '../../deadlines/labels.js';
import { table, type Column } from './table.js';

type Stats = z.infer<(typeof getStats)['output']>;

const STATUSES = ['active', 'pending', 'inactive', 'unknown'];

/** Counts grouped by thousands (12,345), as people read them. */
const n = (v: number): string => v.toLocaleString('en');

export const renderStats = (s: Stats): string => {
  if (s.total === 0) return 'The store is empty: run `tm ingest <files>` (or `tm demo`).';
  const rows = s.by_office.map((o) => [
    o.office_code,
    o.name ?? '',
    n(o.total),
    ...STATUSES.map((st) => n(o.by_status[st] ?? 0)),
    o.last_successful_sync?.replace('T', ' ').slice(0, 16) ?? 'never',
  ]);
  rows.push(['', 'all offices', n(s.total), ...STATUSES.map((st) => n(s.by_status[st] ?? 0)), '']);
  const columns: Column[] = [
    { header: 'Office', priority: 1 },
    { header: 'Name', priority: 4, min: 12 },
    { header: 'Marks', priority: 1 },
    ...STATUSES.map((st, i) => ({ header: humanize(st), priority: i === 0 ? 2 : 3 })),
    { header: 'Last sync (UTC)', priority: 5, min: 10 },
  ];
  return table(columns, rows);
};
