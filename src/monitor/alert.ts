// The alert object (spec §6.2): self-contained and immutable — a snapshot of the mark when the
// alert was made, the change (`event.type`, `event.diff[]`), the watch name, the next deadline,
// `customer_reference` and `match`. Only `acknowledged_at` changes after creation.
import { z } from 'zod';
import { today, type Clock } from '../core/clock.js';
import { randomId } from '../core/ids.js';
import type { TrademarkRecord } from '../core/schemas/trademark.js';
import { computeDerived } from '../deadlines/derive.js';
import type { AlertRow, ChangeEvent } from '../store/watch-repo.js';
import type { CompiledWatch, MatchResult } from './match.js';

export const AlertSnapshot = z.object({
  id: z.string(),
  office_code: z.string(),
  application_number: z.string(),
  registration_number: z.string().nullable(),
  mark_text: z.string().nullable(),
  status: z.object({ primary: z.string(), stage: z.string() }),
  filing_date: z.string().nullable(),
  registration_date: z.string().nullable(),
  expiry_date: z.string().nullable(),
  nice_classes: z.array(z.number().int()),
  owners: z.array(z.object({ owner_id: z.string(), name: z.string() })),
});

export const Alert = z.object({
  id: z.string(),
  object: z.literal('alert'),
  watch_id: z.string(),
  watch_name: z.string(),
  watch_type: z.string(),
  customer_reference: z.string().nullable(),
  trademark_id: z.string(),
  trademark: AlertSnapshot,
  event: z.object({
    id: z.string(),
    type: z.string(),
    changed_fields: z.array(z.string()),
    diff: z.array(z.record(z.string(), z.unknown())),
    occurred_at: z.string(),
    source_date: z.string().nullable(),
  }),
  match: z.object({ tier: z.string(), score: z.number(), via: z.array(z.string()), reason: z.string().optional().describe('Why the marks are alike, in plain words (alerts made before it was added have none)') }).nullable(),
  next_deadline: z.object({ type: z.string(), rule_id: z.string(), due_date: z.string().nullable(), state: z.string() }).nullable(),
  created_at: z.string(),
  acknowledged_at: z.string().nullable(),
});
export type Alert = z.infer<typeof Alert>;

const snapshot = (r: TrademarkRecord): z.infer<typeof AlertSnapshot> => ({
  id: r.id,
  office_code: r.office_code,
  application_number: r.application_number,
  registration_number: r.registration_number,
  mark_text: r.mark_text,
  status: { primary: r.status.primary, stage: r.status.stage },
  filing_date: r.filing_date,
  registration_date: r.registration_date,
  expiry_date: r.expiry_date,
  nice_classes: [...new Set(r.classifications.map((c) => c.nice_class).filter((c): c is number => c !== null))],
  owners: r.owners.map((o) => ({ owner_id: o.owner_id, name: o.name })),
});

const nextDeadline = (r: TrademarkRecord, clock: Clock): Alert['next_deadline'] => {
  const asOf = today(clock);
  const next = computeDerived(r, asOf)
    .deadlines.items.filter((i) => i.due_date !== null && i.due_date >= asOf && i.state !== 'missed')
    .sort((a, b) => a.due_date!.localeCompare(b.due_date!))[0];
  return next ? { type: next.type, rule_id: next.rule_id, due_date: next.due_date, state: next.state } : null;
};

/** A new alert row for a watch and a change; the body is frozen here and never rewritten. */
export const buildAlert = (w: CompiledWatch, e: ChangeEvent, r: TrademarkRecord, match: MatchResult | null, clock: Clock): Omit<AlertRow, 'seq' | 'acknowledged_at'> => {
  const payload = JSON.parse(e.payload) as { changed_fields?: string[]; diff?: Record<string, unknown>[] };
  const createdAt = clock.now().toISOString();
  const body: Alert = {
    id: randomId('alr_'),
    object: 'alert',
    watch_id: w.row.id,
    watch_name: w.row.name,
    watch_type: w.row.watch_type,
    customer_reference: w.row.customer_reference,
    trademark_id: r.id,
    trademark: snapshot(r),
    event: { id: e.id, type: e.type, changed_fields: payload.changed_fields ?? [], diff: payload.diff ?? [], occurred_at: e.occurred_at, source_date: e.source_date },
    match,
    next_deadline: nextDeadline(r, clock),
    created_at: createdAt,
    acknowledged_at: null,
  };
  return { id: body.id, org_id: w.row.org_id, watch_id: w.row.id, event_id: e.id, event_seq: e.seq, trademark_id: r.id, event_type: e.type, body: JSON.stringify(body), created_at: createdAt };
};

export const toAlert = (row: AlertRow): Alert => ({ ...(JSON.parse(row.body) as Alert), acknowledged_at: row.acknowledged_at });
