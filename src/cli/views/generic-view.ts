// The human view of any operation without its own: a list as one table, nested fields flattened
// to columns (`raw.label` → "Raw label"); an object as a field/value table, with each list of
// objects inside it as a table of its own; an earlier-shape `{success, data}` body by what it
// holds. All through the one table renderer.
import { humanize } from '../../deadlines/labels.js';
import { flatten, isObject, type Row } from './list-rows.js';
import { nextPageLine, table, type Column } from './table.js';
import { count, titleCase } from './words.js';

const isObjectList = (v: unknown): v is Row[] => Array.isArray(v) && v.length > 0 && v.every(isObject);

const scalar = (v: unknown): string => {
  if (v === null || v === undefined) return '—';
  if (Array.isArray(v)) return v.every((x) => !isObject(x)) ? v.map(scalar).join(', ') : count(v.length, 'item');
  if (isObject(v)) return JSON.stringify(v);
  return String(v);
};

/** A field's label, in a header or beside its value: "Mark Count", "Raw Label", "ID" (words.ts). */
const header = (key: string): string => titleCase(humanize(key.replace(/\./g, ' ')));

const listTable = (items: Row[]): string => {
  const rows = items.map((r) => flatten(r));
  const keys = [...new Set(rows.flatMap((r) => Object.keys(r)))].filter(
    // The resource name repeats on every row, and a column that is empty everywhere says nothing.
    (k) => k !== 'object' && rows.some((r) => r[k] !== null && r[k] !== undefined && !(Array.isArray(r[k]) && (r[k] as unknown[]).length === 0)),
  );
  const columns: Column[] = keys.map((k, i) => ({ header: header(k), priority: i + 1, min: Math.max(8, header(k).length) }));
  return table(columns, rows.map((r) => keys.map((k) => scalar(r[k]))));
};

const objectView = (value: Row): string => {
  const flat = flatten(value);
  const fields = Object.entries(flat).filter(([k, v]) => k !== 'object' && !isObjectList(v));
  const lists = Object.entries(flat).filter(([, v]) => isObjectList(v)) as [string, Row[]][];
  const parts = fields.length ? [table([{ header: 'Field', priority: 1 }, { header: 'Value', priority: 1, min: 20 }], fields.map(([k, v]) => [header(k), scalar(v)]))] : [];
  for (const [k, items] of lists) parts.push(`${header(k)}\n${listTable(items)}`);
  return parts.join('\n\n');
};

/**
 * The earlier API shape wraps a result as `{success, data}` (or `{success, results, pagination}`):
 * the view shows what is inside, and its `pagination.next_cursor` as the next-page line.
 */
const earlierView = (output: Row): string => {
  const { success: _success, ...rest } = output;
  const { pagination, ...body } = isObject(rest.data) && Object.keys(rest).length === 1 ? rest.data : rest;
  const next = isObject(pagination) && typeof pagination.next_cursor === 'string' ? pagination.next_cursor : null;
  return `${objectView(body)}${nextPageLine({ has_more: next !== null, pagination: { cursor: next } })}`;
};

export const renderGeneric = (output: unknown): string => {
  if (!isObject(output)) return scalar(output);
  if (output.success === true) return earlierView(output);
  if (output.object === 'list' && Array.isArray(output.data)) {
    if (output.data.length === 0) return 'No results.';
    return `${listTable(output.data.filter(isObject))}${nextPageLine(output as { has_more?: boolean; pagination?: { cursor: string | null } })}`;
  }
  return objectView(output);
};
