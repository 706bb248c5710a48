// Record diffs for the event ledger (spec §2.2 flattened status keys, §6.2 diff entries):
// parent fields diff as from/to, child collections as `op: changed`.
import { createHash } from 'node:crypto';
import { addedOfficeActions } from './office-actions.js';
import type { ProsecutionEvent } from './schemas/parts.js';
import type { TrademarkRecord } from './schemas/trademark.js';

const COLLECTIONS = ['owners', 'attorneys', 'classifications', 'media', 'events'] as const;
/** Tracked internally but not published as changes: provenance, not content. */
const UNTRACKED = new Set(['source_format', 'source_date', 'id', 'object']);

export type DiffEntry = { path: string; from: unknown; to: unknown } | { path: string; op: 'changed' };

export interface RecordChange {
  type: 'trademark.updated' | 'trademark.status_changed' | 'trademark.retracted' | 'trademark.corrected';
  changed_fields: string[];
  changes: Record<string, unknown>;
  diff: DiffEntry[];
  /** Office-action rows this update stored for the first time (the ledger's `office_action.issued`). */
  office_actions?: ProsecutionEvent[];
}

/** Flattens a record to public field names: `status` is status.primary, others `status_<key>`. */
export const flattenRecord = (r: TrademarkRecord): Record<string, unknown> => {
  const flat: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(r)) {
    if (UNTRACKED.has(key) || key === 'status') continue;
    flat[key] = value;
  }
  flat.status = r.status.primary;
  flat.status_stage = r.status.stage;
  flat.status_reason = r.status.reason;
  flat.status_challenges = r.status.challenges;
  flat.status_effective_date = r.status.effective_date;
  flat.status_source = r.status.basis;
  flat.status_raw_code = r.status.raw?.code ?? null;
  flat.status_raw_label = r.status.raw?.label ?? null;
  // An office that never said is an office that did not retract: absent and false compare equal.
  flat.is_retracted = r.is_retracted ?? false;
  return flat;
};

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/**
 * The event type of an update (spec §6.1): the retraction flag flipping on is `trademark.retracted`
 * and flipping off `trademark.corrected`, but only when that flip is the sole tracked change;
 * otherwise a status change is `trademark.status_changed` and anything else `trademark.updated`.
 */
const changeType = (changed: readonly string[], retractedNow: boolean): RecordChange['type'] => {
  if (changed.length === 1 && changed[0] === 'is_retracted') return retractedNow ? 'trademark.retracted' : 'trademark.corrected';
  return changed.some((f) => f === 'status' || f.startsWith('status_')) ? 'trademark.status_changed' : 'trademark.updated';
};

export const diffRecords = (before: TrademarkRecord, after: TrademarkRecord): RecordChange | null => {
  const a = flattenRecord(before);
  const b = flattenRecord(after);
  const diff: DiffEntry[] = [];
  const changes: Record<string, unknown> = {};
  for (const key of Object.keys(b)) {
    if (same(a[key], b[key])) continue;
    if ((COLLECTIONS as readonly string[]).includes(key)) {
      diff.push({ path: key, op: 'changed' });
      changes[key] = { op: 'changed' };
    } else {
      diff.push({ path: key, from: a[key] ?? null, to: b[key] ?? null });
      changes[key] = b[key] ?? null;
    }
  }
  if (diff.length === 0) return null;
  const changed_fields = diff.map((d) => d.path);
  const type = changeType(changed_fields, b.is_retracted === true);
  const officeActions = 'events' in changes ? addedOfficeActions(before.events, after.events) : [];
  return officeActions.length > 0 ? { type, changed_fields, changes, diff, office_actions: officeActions } : { type, changed_fields, changes, diff };
};

/** A record as a store keeps it: its JSON and the content hash. */
export interface StoredForm {
  json: string;
  hash: string;
  /** The JSON in a backend's packed form (SQLite's deflate), when the parse worker made it. */
  packed?: Buffer;
}

/** Stored forms made on another thread for the very objects they describe (src/ingest/parse-worker.ts). */
const prepared = new WeakMap<TrademarkRecord, StoredForm>();

/** Hands over a record's stored form made elsewhere; the record must not change after. */
export const adoptStoredForm = (r: TrademarkRecord, form: StoredForm): void => {
  prepared.set(r, form);
};

/**
 * The stored JSON of a record and the hash that decides "identical record": content only, not
 * where or when it was read. One serialisation serves both: the provenance keys go first, so the
 * content is the rest of the same string. A form the parse worker made is taken as it is.
 */
export const serializeRecord = (r: TrademarkRecord): StoredForm => {
  const ready = prepared.get(r);
  if (ready) return ready;
  // One spread keeps the object fast to serialise; overriding keys in a second spread does not.
  const front = { source_format: '', source_date: null as string | null, ...(r as object) };
  front.source_date ??= null;
  const json = JSON.stringify(front);
  const head = `{"source_format":${JSON.stringify(front.source_format)},"source_date":${JSON.stringify(front.source_date)},`;
  return { json, hash: createHash('sha256').update('{').update(json.slice(head.length)).digest('base64url').slice(0, 32) };
};
