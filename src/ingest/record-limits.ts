// The documented limits of one record (docs/operations.md). A record past one is malformed: the
// pipeline reports and skips it like any unparseable record, so it never reaches the store or
// the search index (a 4M-character mark once overflowed the stack while its keys were built).
// Also counts the text that a careful reader should know about: control and bidirectional
// override characters in mark_text (kept as the office sent them; the search forms drop them).
import type { TrademarkRecord } from '../core/schemas/trademark.js';

export const RECORD_LIMITS = {
  mark_text: 2_000,
  number: 64,
  name: 1_000,
  /** Goods and services text of one class, and any other free text of the record. */
  text: 100_000,
  /** Entries of each list (owners, classes, events, …). */
  entries: 10_000,
} as const;

const LISTS = ['owners', 'attorneys', 'classifications', 'design_codes', 'media', 'events', 'designations'] as const;

/** What makes a record malformed, or null. */
export const recordProblem = (r: TrademarkRecord): string | null => {
  const over = (field: string, value: string | null | undefined, max: number): string | null =>
    value && value.length > max ? `${field} is ${value.length} characters long; at most ${max} are accepted` : null;
  const direct =
    over('mark_text', r.mark_text, RECORD_LIMITS.mark_text) ??
    over('application_number', r.application_number, RECORD_LIMITS.number) ??
    over('registration_number', r.registration_number, RECORD_LIMITS.number) ??
    over('disclaimer', r.disclaimer, RECORD_LIMITS.text);
  if (direct) return direct;
  for (const list of LISTS) {
    const n = (r[list] as readonly unknown[]).length;
    if (n > RECORD_LIMITS.entries) return `${list} has ${n} entries; at most ${RECORD_LIMITS.entries} are accepted`;
  }
  for (const o of [...r.owners, ...r.attorneys]) {
    const problem = over('owner or attorney name', o.name, RECORD_LIMITS.name);
    if (problem) return problem;
  }
  for (const c of r.classifications) {
    const problem = over('goods_services', c.goods_services, RECORD_LIMITS.text);
    if (problem) return problem;
  }
  return null;
};

/** C0 and C1 controls, and the bidirectional marks and overrides (RLO and friends). */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
export const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;
