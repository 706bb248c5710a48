// The search_trademarks input: one zod schema that takes the GET flat form (strings, comma
// lists, repeated keys as arrays) and the POST body form (`filters`, `exclude` objects), and the
// validation that turns it into a SearchRequest, naming the parameter in every 400.
import { z } from 'zod';
import { forAgents } from '../core/agent-schema.js';
import { TmError } from '../errors.js';
import type { Channel } from './analyze.js';
import { isIsoDate } from '../core/dates.js';
import { compact } from './normalize.js';
import { canonicalNumber } from '../core/ids.js';
import { DATE_FIELDS, restricts, type DateField, type DateOp, type SearchFilter, type TextFilter } from '../store/search-repo.js';

const text = z.union([z.string(), z.array(z.string())]);
const list = z.union([z.string(), z.array(z.union([z.string(), z.number()]))]);
const bool = z.union([z.boolean(), z.enum(['true', 'false'])]);
const dateOps = ['gte', 'gt', 'lte', 'lt'] as const satisfies readonly DateOp[];

// Agents are shown gte and lte only: for calendar dates, gt and lt say the same one day over.
const dateKeys = Object.fromEntries(
  DATE_FIELDS.flatMap((f) =>
    dateOps.map((op) => {
      const key = z.string().optional().describe(`${f} ${op} (YYYY-MM-DD)`);
      return [`${f}_${op}`, op === 'gt' || op === 'lt' ? forAgents(key, null) : key];
    }),
  ),
) as Record<`${DateField}_${DateOp}`, z.ZodOptional<z.ZodString>>;

/** Every channel; `conceptual` is an extension of the interface's five and is in no default. */
export const CHANNELS = ['identical', 'fuzzy', 'embedded', 'phonetic', 'lookalike', 'conceptual'] as const satisfies readonly Channel[];
export const DEFAULT_CHANNELS: Channel[] = ['identical', 'fuzzy', 'embedded', 'lookalike'];

export const SORTS_WITH_Q = ['relevance', 'filing_date', 'updated_at'] as const;
export const SORTS_WITHOUT_Q = ['filing_date', 'updated_at', 'mark_text', 'expiry_date', 'family_updated_at'] as const;
const STATUS = ['pending', 'active', 'inactive', 'unknown', 'mixed'] as const;

// What an agent sends (src/core/agent-schema.ts); the checks below stay the ones every surface runs.
export const AgentOffices = z.array(z.string().regex(/^[A-Za-z]{2}$/));
export const AgentClasses = z.array(z.number().int().min(1).max(45));
const agentSorts = [...new Set([...SORTS_WITH_Q, ...SORTS_WITHOUT_Q])].flatMap((s) => [s, `-${s}`]);
const AgentExclude = z.strictObject({
  mark_text: z.strictObject({ contains: z.array(z.string()) }).optional(),
  entity_id: z.array(z.string()).optional(),
  owner_id: z.array(z.string()).optional(),
  offices: AgentOffices.optional(),
  nice_classes: AgentClasses.optional(),
  status: z.array(z.enum(STATUS)).optional(),
}).describe('Leave out marks matching any of these');

export const SearchInput = z.looseObject({
  q: forAgents(text.optional().describe('The mark to search for; ranks results by similarity'), z.string()),
  similarity: forAgents(
    list.optional().describe('Channels: identical, fuzzy, embedded, phonetic, lookalike, conceptual (extension: foreign equivalents, synonyms, numbers) (default: identical, fuzzy, embedded, lookalike)'),
    z.array(z.enum(CHANNELS)),
  ),
  all: bool.optional().describe('Clearance preset: every channel, conceptual included (CLI --all-channels); not with similarity'),
  mark_text_is: text.optional().describe('Mark text equals (ignores punctuation and spacing)'),
  mark_text_starts_with: text.optional().describe('Mark text starts with'),
  mark_text_ends_with: text.optional().describe('Mark text ends with (3+ characters)'),
  mark_text_contains: text.optional().describe('Mark text contains'),
  mark_text_not_contains: text.optional().describe('Mark text does not contain'),
  offices: forAgents(list.optional().describe('Office codes, e.g. US,EM,WO'), AgentOffices),
  // Agents name the one office of a number filter in offices: one form is enough for an agent.
  office: forAgents(z.string().optional().describe('One office code (HTTP form of offices with one code); needed by the number filters'), null),
  application_number: text.optional().describe('Application number; needs one office'),
  registration_number: text.optional().describe('Registration number; needs one office'),
  nice_classes: forAgents(list.optional().describe('Nice classes 1-45'), AgentClasses),
  status: forAgents(list.optional().describe('Status primary: pending, active, inactive, unknown, mixed'), z.array(z.enum(STATUS))),
  status_stage: list.optional().describe('Status stage'),
  register: list.optional().describe('Register type, e.g. principal, supplemental'),
  owner: text.optional().describe('Owner name contains'),
  owner_id: list.optional().describe('Owner ids (own_…)'),
  design_code: list.optional().describe('Vienna or US design search codes, e.g. 03.01.08 (section), 03.01 (division), 03 (category); ranks marks by codes matched and depth; takes only offices, limit and cursor alongside'),
  entity_id: list.optional().describe('Entity ids (ent_…)'),
  ...dateKeys,
  sort: forAgents(z.string().optional().describe('relevance (default with q), filing_date, updated_at, mark_text, expiry_date; - for descending'), z.enum(agentSorts)),
  limit: forAgents(z.union([z.number(), z.string()]).optional().describe('Page size 1-100 (default 20)'), z.number().int().min(1).max(100)),
  cursor: z.string().optional().describe('Opaque cursor from the previous page'),
  include_total: bool.optional().describe('Count all matches'),
  include: forAgents(list.optional().describe('match_details'), z.array(z.enum(['match_details']))),
  allow_partial: bool.optional().describe('Return partial results instead of a 503 on timeout'),
  // The POST body's nesting of the flat keys above: one form is enough for an agent.
  filters: forAgents(z.looseObject({}).optional().describe('POST body: filters {offices, nice_classes, status, mark_text {starts_with, …}, …}'), null),
  exclude: forAgents(z.looseObject({}).optional().describe('POST body: exclude {mark_text {contains}, entity_id, owner_id, offices, nice_classes, status}'), AgentExclude),
  strategies: list.optional().describe('Deprecated: use similarity'),
  match: z.string().optional().describe('Deprecated: use the mark_text_* filters'),
  ranking_profile: z.string().optional().describe('Deprecated: removed'),
  query: z.string().optional().describe('Deprecated (POST): use q'),
});
export type SearchInput = z.infer<typeof SearchInput>;

export interface SearchRequest {
  q: string | null;
  channels: Channel[];
  filter: SearchFilter;
  /** `-relevance`, `text`, or a field with an optional `-`. */
  sort: string;
  limit: number;
  cursor: string | null;
  includeTotal: boolean;
  matchDetails: boolean;
  /** Past the time budget: the hits found so far (`complete: false`) instead of a 503. */
  allowPartial: boolean;
}

export const bad = (param: string, detail: string, suggestion?: string): TmError =>
  new TmError('validation_error', `${param}: ${detail}`, { param, suggestion });

const asArray = (v: unknown): unknown[] => (v === undefined || v === null ? [] : Array.isArray(v) ? v : [v]);

/** Comma lists and repeated keys, trimmed, empty items dropped. */
export const splitList = (v: unknown): string[] =>
  asArray(v)
    .flatMap((x) => String(x).split(','))
    .map((x) => x.trim())
    .filter(Boolean);

/** Text filter values: repeated keys give several values, commas stay inside a value. */
const textValues = (param: string, v: unknown, min: number): string[] =>
  asArray(v).map((x) => {
    const c = compact(String(x));
    if (c.length < min) throw bad(param, `needs at least ${min} character${min > 1 ? 's' : ''} besides punctuation and spacing.`);
    return c;
  });

const boolean = (param: string, v: unknown): boolean => {
  if (v === undefined) return false;
  if (v === true || v === 'true') return true;
  if (v === false || v === 'false') return false;
  throw bad(param, `expected true or false, got '${String(v)}'.`);
};

export const offices = (param: string, v: unknown): string[] =>
  splitList(v).map((o) => {
    const code = o.toUpperCase();
    if (!/^[A-Z]{2}$/.test(code)) throw bad(param, `'${o}' is not a two-letter office code.`);
    return code;
  });

const classes = (param: string, v: unknown): number[] =>
  splitList(v).map((c) => {
    const n = Number(c);
    if (!Number.isInteger(n) || n < 1 || n > 45) throw bad(param, `'${c}' is not a Nice class (1 to 45).`);
    return n;
  });

const statuses = (param: string, v: unknown): string[] =>
  splitList(v).map((s) => {
    if (!(STATUS as readonly string[]).includes(s)) throw bad(param, `'${s}' is not one of ${STATUS.join(', ')}.`);
    return s;
  });

const prefixed = (param: string, v: unknown, prefix: string): string[] =>
  splitList(v).map((s) => {
    if (!s.startsWith(prefix)) throw bad(param, `'${s}' is not an ${prefix} id.`);
    return s;
  });

const date = (param: string, v: unknown): string => {
  const s = String(v);
  if (!isIsoDate(s)) throw bad(param, `expected a calendar date as YYYY-MM-DD, got '${s}'.`);
  return s;
};

export const parseChannels = (v: unknown): Channel[] => {
  const asked = splitList(v);
  if (asked.length === 0) throw bad('similarity', 'names no channel.');
  for (const c of asked) {
    if (!(CHANNELS as readonly string[]).includes(c)) throw bad('similarity', `unknown channel '${c}'.`, `Use any of ${CHANNELS.join(', ')}.`);
  }
  const set = new Set(asked as Channel[]);
  // Phonetic codes over-match on their own; identical hits always come with them.
  if (set.has('phonetic')) set.add('identical');
  return CHANNELS.filter((c) => set.has(c));
};

const FILTER_KEYS = new Set(['offices', 'office', 'application_number', 'registration_number', 'jurisdictions', 'nice_classes', 'status', 'status_stage', 'register', 'owner', 'owner_id', 'entity_id', 'mark_text', ...DATE_FIELDS]);
const MARK_TEXT_KEYS = ['is', 'starts_with', 'ends_with', 'contains', 'not_contains'] as const;
const EXCLUDE_KEYS = new Set(['mark_text', 'entity_id', 'owner_id', 'offices', 'nice_classes', 'status']);

/** Flattens the POST `filters` object onto the flat keys; a key given both ways is a conflict. */
export const flattenFilters = (input: Record<string, unknown>): Record<string, unknown> => {
  const filters = input.filters as Record<string, unknown> | undefined;
  if (!filters) return input;
  const out: Record<string, unknown> = { ...input };
  delete out.filters;
  const put = (flat: string, value: unknown, from: string) => {
    if (value === undefined) return;
    if (out[flat] !== undefined) throw new TmError('conflicting_params', `${from} and ${flat} were both sent.`, { param: from });
    out[flat] = value;
  };
  for (const [key, value] of Object.entries(filters)) {
    const param = `filters.${key}`;
    if (!FILTER_KEYS.has(key)) throw new TmError('validation_error', `${param}: unknown filter.`, { param, suggestion: `Filters: ${[...FILTER_KEYS].join(', ')}.` });
    if (key === 'mark_text') {
      const mt = (value ?? {}) as Record<string, unknown>;
      for (const [k, v] of Object.entries(mt)) {
        if (!(MARK_TEXT_KEYS as readonly string[]).includes(k)) throw bad(`${param}.${k}`, 'unknown text filter.', `Use ${MARK_TEXT_KEYS.join(', ')}.`);
        put(`mark_text_${k}`, v, `${param}.${k}`);
      }
    } else if ((DATE_FIELDS as readonly string[]).includes(key)) {
      for (const [op, v] of Object.entries((value ?? {}) as Record<string, unknown>)) {
        if (!(dateOps as readonly string[]).includes(op)) throw bad(`${param}.${op}`, 'unknown date operator.', 'Use gte, gt, lte or lt.');
        put(`${key}_${op}`, v, `${param}.${op}`);
      }
    } else put(key === 'jurisdictions' ? 'offices' : key, value, param);
  }
  return out;
};

const exclusions = (x: Record<string, unknown> | undefined): SearchFilter['exclude'] => {
  if (!x) return undefined;
  for (const key of Object.keys(x)) if (!EXCLUDE_KEYS.has(key)) throw bad(`exclude.${key}`, 'unknown exclusion.', `Exclusions: ${[...EXCLUDE_KEYS].join(', ')}.`);
  const mt = (x.mark_text ?? {}) as Record<string, unknown>;
  for (const key of Object.keys(mt)) if (key !== 'contains') throw bad(`exclude.mark_text.${key}`, 'only contains can be excluded.');
  return {
    contains: textValues('exclude.mark_text.contains', mt.contains, 1),
    entityIds: prefixed('exclude.entity_id', x.entity_id, 'ent_'),
    ownerIds: prefixed('exclude.owner_id', x.owner_id, 'own_'),
    offices: offices('exclude.offices', x.offices),
    niceClasses: classes('exclude.nice_classes', x.nice_classes),
    statusPrimary: statuses('exclude.status', x.status),
  };
};

/**
 * The number filters (spec §4.2): an application or registration number only means something in
 * one office's numbering, so either needs `office` (or `offices` naming exactly one). `office`
 * itself is an office filter like `offices`; sending both is a conflict. Numbers are compared in
 * canonical form (no spacing, punctuation or leading zeros), as the store keys them.
 */
export const numberFilters = (
  input: Record<string, unknown>,
  officeList: string[],
): { offices: string[]; applicationNumbers: string[]; registrationNumbers: string[] } => {
  let codes = officeList;
  if (input.office !== undefined) {
    if (codes.length) throw new TmError('conflicting_params', 'office and offices were both sent; send one of them.', { param: 'office' });
    codes = offices('office', input.office);
    if (codes.length !== 1) throw bad('office', 'names exactly one office code.', 'Use offices=a,b for several offices.');
  }
  const numbers = (param: string): string[] =>
    asArray(input[param]).map((x) => {
      const n = canonicalNumber(String(x));
      if (!/[0-9A-Z]/.test(n)) throw bad(param, `'${String(x)}' is not an office number.`);
      if (codes.length !== 1) {
        throw bad(param, codes.length ? 'needs exactly one office, not several.' : 'needs office: a number only means something in one office\'s numbering.', `Send office=US (the office's code) with ${param}.`);
      }
      return n;
    });
  return { offices: codes, applicationNumbers: numbers('application_number'), registrationNumbers: numbers('registration_number') };
};

export const limitOf = (v: unknown): number => {
  if (v === undefined) return 20;
  const n = typeof v === 'number' ? v : /^\d+$/.test(String(v)) ? Number(v) : NaN;
  if (!Number.isInteger(n) || n < 1 || n > 100) throw bad('limit', `expected an integer from 1 to 100, got '${String(v)}'.`);
  return n;
};

/** Validates flat (already legacy-translated) input into a request. */
export const toRequest = (input: Record<string, unknown>): SearchRequest => {
  const qRaw = input.q;
  const q = qRaw === undefined ? null : String(qRaw);
  if (q !== null && compact(q).length < 2) throw bad('q', 'needs at least 2 characters besides punctuation and spacing.');
  const text: TextFilter = {
    is: textValues('mark_text_is', input.mark_text_is, 1),
    startsWith: textValues('mark_text_starts_with', input.mark_text_starts_with, 1),
    endsWith: textValues('mark_text_ends_with', input.mark_text_ends_with, 3),
    contains: textValues('mark_text_contains', input.mark_text_contains, 1),
    notContains: textValues('mark_text_not_contains', input.mark_text_not_contains, 1),
  };
  const dates: NonNullable<SearchFilter['dates']> = [];
  for (const field of DATE_FIELDS)
    for (const op of dateOps) {
      const key = `${field}_${op}`;
      if (input[key] !== undefined) dates.push({ field, op, value: date(key, input[key]) });
    }
  const filter: SearchFilter = {
    ...numberFilters(input, offices('offices', input.offices)),
    niceClasses: classes('nice_classes', input.nice_classes),
    statusPrimary: statuses('status', input.status),
    statusStage: splitList(input.status_stage),
    registerType: splitList(input.register).map((r) => r.toLowerCase()),
    ownerNames: asArray(input.owner).map(String).filter((s) => s.trim()),
    ownerIds: prefixed('owner_id', input.owner_id, 'own_'),
    entityIds: prefixed('entity_id', input.entity_id, 'ent_'),
    dates,
    text,
    exclude: exclusions(input.exclude as Record<string, unknown> | undefined),
  };
  const hasText = restricts(text);
  // Exclusions alone would still list everything else: they do not count as a filter.
  const hasFilter = restricts({ ...filter, exclude: undefined });
  if (q === null && !hasFilter) throw bad('q', 'send q or at least one filter; unscoped lists are not served.');
  const include = splitList(input.include);
  for (const i of include) if (i !== 'match_details') throw bad('include', `unknown value '${i}'.`, 'The only value is match_details.');
  const all = boolean('all', input.all);
  if (all && input.similarity !== undefined) throw new TmError('conflicting_params', 'all and similarity: all turns on every channel; send one of them.', { param: 'all' });
  const channels = all ? [...CHANNELS] : input.similarity === undefined ? DEFAULT_CHANNELS : parseChannels(input.similarity);
  return {
    q,
    channels,
    filter,
    sort: sortOf(input.sort, q !== null, hasText),
    limit: limitOf(input.limit),
    cursor: input.cursor === undefined ? null : String(input.cursor),
    includeTotal: boolean('include_total', input.include_total),
    allowPartial: boolean('allow_partial', input.allow_partial),
    matchDetails: include.includes('match_details'),
  };
};

const sortOf = (v: unknown, withQ: boolean, hasText: boolean): string => {
  if (v === undefined) return withQ ? '-relevance' : hasText ? 'text' : '-filing_date';
  const s = String(v);
  const field = s.replace(/^-/, '');
  const allowed: readonly string[] = withQ ? SORTS_WITH_Q : SORTS_WITHOUT_Q;
  if (!allowed.includes(field)) throw bad('sort', `'${s}' is not a sort${withQ ? ' with q' : ' without q'}.`, `Use ${allowed.join(', ')} (- for descending).`);
  if (field === 'relevance') return '-relevance';
  return field === 'family_updated_at' ? s.replace('family_updated_at', 'updated_at') : s;
};
