// Reconciliation of one client docket row with the stored mark: the status, next deadline and owner
// the client holds against ours. Pure: the caller finds the mark and computes its deadlines.
import { entityKey } from '../core/entity-key.js';
import type { DeadlineItem } from '../core/schemas/derived.js';
import type { TrademarkRecord } from '../core/schemas/trademark.js';

export interface Difference {
  field: 'status' | 'next_deadline' | 'owner';
  theirs: string;
  ours: string | null;
}

/** The words dockets use for each unified status, compared after folding case, accents and punctuation. */
const STATUS_WORDS: Record<string, readonly string[]> = {
  active: ['active', 'registered', 'registration', 'live', 'granted', 'in force', 'valid', 'protected', 'renewed', 'live registered'],
  pending: [
    'pending', 'filed', 'application', 'applied', 'published', 'publication', 'examination', 'under examination', 'examined',
    'allowed', 'accepted', 'opposed', 'opposition', 'suspended', 'live pending', 'new application',
  ],
  inactive: [
    'inactive', 'dead', 'abandoned', 'cancelled', 'canceled', 'expired', 'lapsed', 'refused', 'rejected', 'withdrawn',
    'surrendered', 'invalidated', 'revoked', 'ended', 'not renewed',
  ],
};

const fold = (s: string): string =>
  s.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();

/**
 * Their status agrees with ours when it names our unified status, our stage, or the office's own
 * code or label, or is one of the docket words for our unified status.
 */
export const statusMatches = (theirs: string, record: TrademarkRecord): boolean => {
  const t = fold(theirs);
  const s = record.status;
  const same = [s.primary, s.stage, s.raw?.code ?? null, s.raw?.label ?? null].some((v) => v !== null && fold(v) === t);
  return same || (STATUS_WORDS[s.primary]?.includes(t) ?? false);
};

/** The status as we hold it, for the report: unified status and stage. */
export const ourStatus = (record: TrademarkRecord): string =>
  record.status.stage && record.status.stage !== record.status.primary ? `${record.status.primary} (${record.status.stage})` : record.status.primary;

/**
 * Our next deadline as of a date: the earliest day to act among the mark's deadlines that have
 * not passed (a due date still ahead, or the end of grace for one in grace). Missed and optional
 * filings (no due date) do not count.
 */
export const nextDeadline = (items: readonly DeadlineItem[], asOf: string): DeadlineItem | null => {
  let best: { item: DeadlineItem; day: string } | null = null;
  for (const item of items) {
    const day = actBy(item, asOf);
    if (day !== null && (best === null || day < best.day)) best = { item, day };
  }
  return best?.item ?? null;
};

const actBy = (item: DeadlineItem, asOf: string): string | null => {
  if (item.state === 'missed' || item.state === 'not_applicable' || item.due_date === null) return null;
  if (item.due_date >= asOf) return item.due_date;
  return item.state === 'in_grace' ? item.grace_expiry_date : null;
};

/** A docket date agrees with the rolled due date, the statutory (unrolled) one, or the end of grace when in grace. */
const deadlineMatches = (theirs: string, next: DeadlineItem): boolean =>
  [next.due_date, next.unrolled_due_date, next.state === 'in_grace' ? next.grace_expiry_date : null].includes(theirs);

/** The owners of record now: earlier owners the office still lists (role previous_owner) are left out. */
const currentOwners = (record: TrademarkRecord): string[] => [
  ...new Set(record.owners.filter((o) => !o.role?.startsWith('previous')).map((o) => o.name)),
];

/** Their owner is one of ours when the names resolve to the same entity key (legal form, case, accents aside). */
const ownerMatches = (theirs: string, record: TrademarkRecord): boolean => {
  const key = entityKey(theirs);
  return currentOwners(record).some((name) => entityKey(name) === key);
};

export interface TheirRow {
  status: string | null;
  next_deadline: string | null;
  owner: string | null;
}

/** The fields of their row that disagree with ours; a field they left blank is not compared. */
export const compareRow = (row: TheirRow, record: TrademarkRecord, next: DeadlineItem | null, asOf: string): Difference[] => {
  const out: Difference[] = [];
  if (row.status !== null && !statusMatches(row.status, record)) out.push({ field: 'status', theirs: row.status, ours: ourStatus(record) });
  if (row.next_deadline !== null && (next === null || !deadlineMatches(row.next_deadline, next))) {
    out.push({ field: 'next_deadline', theirs: row.next_deadline, ours: next ? actBy(next, asOf) : null });
  }
  if (row.owner !== null && !ownerMatches(row.owner, record)) {
    out.push({ field: 'owner', theirs: row.owner, ours: currentOwners(record).join('; ') || null });
  }
  return out;
};
