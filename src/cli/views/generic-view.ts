// A readable rendering of any operation output: list envelopes as aligned tables, objects as
// indented key/value lines.
import { table } from './table.js';

const scalar = (v: unknown): string => {
  if (v === null || v === undefined) return '—';
  if (Array.isArray(v)) return v.map(scalar).join(', ');
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
};

const lines = (value: unknown, indent: string): string[] => {
  if (value === null || typeof value !== 'object') return [`${indent}${scalar(value)}`];
  if (Array.isArray(value)) {
    if (value.every((v) => v === null || typeof v !== 'object')) return [`${indent}${scalar(value)}`];
    return value.flatMap((v, i) => [`${indent}- [${i}]`, ...lines(v, `${indent}  `)]);
  }
  return Object.entries(value).flatMap(([k, v]) =>
    v !== null && typeof v === 'object' && !(Array.isArray(v) && v.every((x) => typeof x !== 'object'))
      ? [`${indent}${k}:`, ...lines(v, `${indent}  `)]
      : [`${indent}${k}: ${scalar(v)}`],
  );
};

export const renderGeneric = (output: unknown): string => {
  const o = output as { object?: string; data?: unknown[]; has_more?: boolean };
  if (o && o.object === 'list' && Array.isArray(o.data)) {
    if (o.data.length === 0) return 'No results.';
    const rows = o.data.filter((d): d is Record<string, unknown> => d !== null && typeof d === 'object');
    const columns = Object.keys(rows[0] ?? {}).filter((k) => rows.every((r) => r[k] === null || typeof r[k] !== 'object'));
    return `${table(columns, rows.map((r) => columns.map((c) => scalar(r[c]))))}${o.has_more ? '\n(more results: pass --cursor)' : ''}`;
  }
  return lines(output, '').join('\n');
};
