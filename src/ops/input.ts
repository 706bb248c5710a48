// The generic request adapter: turns path parameters and a query string (GET, DELETE) or a JSON
// body (POST, PATCH) into an operation's input, validated by its zod schema. Query rules
// (spec §4.2): comma lists and repeated keys for arrays (text filters are never comma-split),
// bracketed keys rejected, booleans only `true`/`false`, unknown keys a 400 `unknown_parameter`.
import type { z } from 'zod';
import { TmError } from '../errors.js';
import { checkInputLimits } from './text-limits.js';

/** `either`: a union taking a scalar or an array; one value stays a scalar, repeats become an array. */
type Kind = 'array' | 'either' | 'number' | 'boolean' | 'string' | 'object' | 'other';

/** Comma items and repeated keys of one query string together; more is refused as too_complex. */
export const MAX_QUERY_TERMS = 200;

const WRAPPERS = new Set(['optional', 'default', 'nullable', 'prefault', 'readonly', 'catch', 'nonoptional']);

interface Def {
  type: string;
  innerType?: z.ZodTypeAny;
  in?: z.ZodTypeAny;
  out?: z.ZodTypeAny;
  element?: z.ZodTypeAny;
  options?: z.ZodTypeAny[];
  shape?: Record<string, z.ZodTypeAny>;
}

const defOf = (s: z.ZodTypeAny): Def => (s as unknown as { def: Def }).def;

/**
 * Strips optional/default/nullable/pipe wrappers down to the type a value must have. A preprocess
 * pipe (`z.preprocess`) starts with a transform that accepts anything, so its output type decides.
 */
export const baseOf = (s: z.ZodTypeAny): z.ZodTypeAny => {
  let t = s;
  for (;;) {
    const d = defOf(t);
    if (WRAPPERS.has(d.type) && d.innerType) t = d.innerType;
    else if (d.type === 'pipe' && d.in) t = defOf(d.in).type === 'transform' && d.out ? d.out : d.in;
    else return t;
  }
};

const kindOf = (s: z.ZodTypeAny): Kind => {
  const d = defOf(baseOf(s));
  if (d.type === 'array') return 'array';
  if (d.type === 'number' || d.type === 'int' || d.type === 'bigint') return 'number';
  if (d.type === 'boolean') return 'boolean';
  if (d.type === 'object') return 'object';
  if (d.type === 'union' && d.options?.some((o) => kindOf(o) === 'array')) return 'either';
  if (d.type === 'string' || d.type === 'enum' || d.type === 'literal') return 'string';
  return 'other';
};

const elementOf = (s: z.ZodTypeAny): z.ZodTypeAny | null => defOf(baseOf(s)).element ?? null;

/** The object shape of an input schema, or null when the input is not an object. */
export const shapeOf = (schema: z.ZodTypeAny): Record<string, z.ZodTypeAny> | null => {
  const d = defOf(baseOf(schema));
  return d.type === 'object' && d.shape ? d.shape : null;
};

const scalar = (raw: string, kind: Kind, param: string): unknown => {
  if (kind === 'boolean') {
    if (raw === 'true') return true;
    if (raw === 'false') return false;
    throw new TmError('validation_error', `${param} must be true or false, not '${raw}'.`, {
      param,
      suggestion: 'Booleans accept only the literals true and false.',
    });
  }
  if (kind === 'number' && /^-?\d+(\.\d+)?$/.test(raw.trim())) return Number(raw);
  return raw;
};

const unknownParam = (key: string, shape: Record<string, z.ZodTypeAny>): TmError =>
  new TmError('unknown_parameter', `Unknown parameter '${key}'.`, {
    param: key,
    suggestion: `Accepted parameters: ${Object.keys(shape).join(', ') || 'none'}.`,
  });

/** Builds an input object from query entries (in order, repeats kept) and path parameters. */
export const fromQuery = (
  schema: z.ZodTypeAny,
  entries: readonly [string, string][],
  pathParams: Record<string, string>,
): Record<string, unknown> => {
  const shape = shapeOf(schema) ?? {};
  const grouped = new Map<string, string[]>();
  for (const [key, value] of entries) {
    if (/[[\]]/.test(key)) {
      const bare = key.replace(/\[.*$/, '');
      throw new TmError('validation_error', `Bracketed parameter '${key}' is not accepted.`, {
        param: key,
        suggestion: `Send a comma-separated list (${bare}=a,b) or repeat the key (${bare}=a&${bare}=b).`,
      });
    }
    if (!(key in shape) || key in pathParams) throw unknownParam(key, shape);
    grouped.set(key, [...(grouped.get(key) ?? []), value]);
  }
  const input: Record<string, unknown> = {};
  const terms = [...grouped.values()].flat().reduce((n, v) => n + v.split(',').length, 0);
  if (terms > MAX_QUERY_TERMS) {
    throw new TmError('too_complex', `The query names ${terms} values; at most ${MAX_QUERY_TERMS} are served in one request.`, {
      suggestion: 'Split it into several requests, or use POST /v1/trademarks/batch for many identifiers.',
    });
  }
  for (const [key, values] of grouped) {
    const field = shape[key]!;
    const kind = kindOf(field);
    if (kind === 'either') {
      // The operation splits such values itself (comma lists, text filters), so they pass verbatim.
      input[key] = values.length === 1 ? values[0] : values;
    } else if (kind === 'array') {
      const el = elementOf(field);
      const elKind = el ? kindOf(el) : 'string';
      const parts = key.startsWith('mark_text_') ? values : values.flatMap((v) => v.split(','));
      input[key] = parts.map((p) => p.trim()).filter((p) => p !== '').map((p) => scalar(p, elKind, key));
    } else if (values.length > 1) {
      throw new TmError('validation_error', `${key} takes one value; it was sent ${values.length} times.`, { param: key });
    } else {
      input[key] = scalar(values[0]!, kind, key);
    }
  }
  for (const [key, value] of Object.entries(pathParams)) input[key] = scalar(value, kindOf(shape[key] ?? baseOf(schema)), key);
  return input;
};

/** Builds an input object from a parsed JSON body and path parameters (path wins). */
export const fromBody = (schema: z.ZodTypeAny, body: unknown, pathParams: Record<string, string>): Record<string, unknown> => {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new TmError('validation_error', 'The request body must be a JSON object.', { param: 'body' });
  }
  const shape = shapeOf(schema) ?? {};
  for (const key of Object.keys(body)) if (!(key in shape) || key in pathParams) throw unknownParam(key, shape);
  const input: Record<string, unknown> = { ...(body as Record<string, unknown>) };
  for (const [key, value] of Object.entries(pathParams)) input[key] = value;
  return input;
};

/**
 * Query parameters sent beside a JSON body (`POST /v1/trademarks?q=A`) join the body's input under
 * the query rules; a key given in both places is a 400 `conflicting_params`, never a silent choice.
 */
export const withQuery = (
  schema: z.ZodTypeAny,
  bodyInput: Record<string, unknown>,
  entries: readonly [string, string][],
  pathParams: Record<string, string>,
): Record<string, unknown> => {
  if (entries.length === 0) return bodyInput;
  const query = fromQuery(schema, entries, pathParams);
  const both = Object.keys(query).filter((k) => !(k in pathParams) && k in bodyInput);
  if (both.length > 0) {
    throw new TmError('conflicting_params', `${both.join(', ')} ${both.length === 1 ? 'was' : 'were'} given both in the query string and in the body.`, {
      param: both[0],
      suggestion: 'Send each parameter once: in the JSON body, or in the query string.',
    });
  }
  return { ...bodyInput, ...query };
};

/** Validates against the schema, turning the first zod issue into the spec's 400 naming the parameter. */
export const validateInput = <S extends z.ZodTypeAny>(schema: S, input: unknown): z.infer<S> => {
  checkInputLimits(input);
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const path = issue.path.map(String).join('.');
  if (issue.code === 'unrecognized_keys') {
    const key = [path, issue.keys[0]].filter(Boolean).join('.');
    const custom = issue.message.startsWith('Unrecognized key') ? undefined : issue.message;
    throw new TmError('unknown_parameter', `Unknown parameter '${key}'.`, { param: key, ...(custom ? { suggestion: custom } : {}) });
  }
  const param = path || 'body';
  const missing = issue.code === 'invalid_type' && (input as Record<string, unknown> | null)?.[path] === undefined && issue.path.length === 1;
  throw new TmError('validation_error', missing ? `${param} is required.` : `${param}: ${issue.message}`, { param });
};
