// Where an operation's output keeps its rows, read from its zod output schema, so `--csv` is
// offered on exactly the commands that list something and every list shape is exported alike:
// the list envelope (`data`), the earlier-shape envelopes (`results`, or `data.jurisdictions`),
// and inline results (`items`), with the columns a row has. Also flattens a row into dotted
// columns for tables and CSV.
import type { z } from 'zod';
import { baseOf, shapeOf } from '../../ops/input.js';

export type Row = Record<string, unknown>;

export const isObject = (v: unknown): v is Row => v !== null && typeof v === 'object' && !Array.isArray(v);

const isArray = (schema: z.ZodTypeAny | undefined): boolean =>
  schema !== undefined && (baseOf(schema) as unknown as { def: { type: string } }).def.type === 'array';

const elementOf = (schema: z.ZodTypeAny | undefined): z.ZodTypeAny | null => {
  if (!isArray(schema)) return null;
  const element = (baseOf(schema!) as unknown as { def: { element: z.ZodTypeAny } }).def.element;
  return shapeOf(element) ? element : null;
};

/** Dotted column names of a row schema, nested objects two levels deep, as `flatten` names values. */
const columnsOf = (schema: z.ZodTypeAny, prefix = '', depth = 0): string[] =>
  Object.entries(shapeOf(schema) ?? {}).flatMap(([key, field]) =>
    depth < 2 && shapeOf(field) ? columnsOf(field, `${prefix}${key}.`, depth + 1) : [`${prefix}${key}`],
  );

export interface ListShape {
  /** Where the row array is in the output. */
  path: string[];
  /** Every column a row can have, in schema order, so an export has the same header on every run. */
  columns: string[];
}

/** Where outputs of this schema keep their rows and which columns a row has, or null when the output is not a list. */
export const listShape = (output: z.ZodTypeAny): ListShape | null => {
  const shape = shapeOf(output);
  if (!shape) return null;
  const found = (path: string[], element: z.ZodTypeAny | null): ListShape | null =>
    element ? { path, columns: columnsOf(element).filter((c) => c !== 'object') } : null;
  for (const key of ['data', 'results', 'items']) {
    const list = found([key], elementOf(shape[key]));
    if (list) return list;
  }
  const inner = shape.data ? shapeOf(shape.data) : null;
  const nested = inner ? Object.keys(inner).find((k) => elementOf(inner[k])) : undefined;
  return nested ? found(['data', nested], elementOf(inner![nested])) : null;
};

/** The rows at a path of an output, and the cursor of the next page (null on the last). */
export const rowsAt = (output: unknown, path: readonly string[]): { rows: Row[]; next: string | null } => {
  let value: unknown = output;
  for (const key of path) value = isObject(value) ? value[key] : undefined;
  const rows = Array.isArray(value) ? value.filter(isObject) : [];
  // The list envelope says `has_more` and `pagination.cursor`; the earlier shape `pagination.next_cursor`.
  const out = isObject(output) ? output : {};
  const pagination = [out.pagination, isObject(out.data) ? out.data.pagination : undefined].find(isObject) ?? {};
  const cursor = out.has_more === false ? null : (pagination.cursor ?? pagination.next_cursor ?? null);
  return { rows, next: typeof cursor === 'string' && cursor !== '' ? cursor : null };
};

/** Nested objects become dotted keys, two levels deep; lists stay one cell. */
export const flatten = (row: Row, prefix = '', depth = 0): Row =>
  Object.entries(row).reduce<Row>((out, [k, v]) => {
    if (isObject(v) && depth < 2) Object.assign(out, flatten(v, `${prefix}${k}.`, depth + 1));
    else out[`${prefix}${k}`] = v;
    return out;
  }, {});

/** A page with every collected row in place of its own and no next page, for the command's view. */
export const withRows = (output: unknown, path: readonly string[], rows: Row[]): unknown => {
  if (!isObject(output) || path.length === 0) return output;
  const [key, ...rest] = path;
  const inner = rest.length === 0 ? rows : withRows(output[key!], rest, rows);
  const done = { ...output, [key!]: inner };
  if ('has_more' in done) done.has_more = false;
  if (isObject(done.pagination)) done.pagination = { ...done.pagination, cursor: null, ...('next_cursor' in done.pagination ? { next_cursor: null } : {}) };
  return done;
};
