// The upsert rule every backend applies to a record whose mark is already stored, and the ledger
// events it writes: one copy, so that the same ingest gives the same rows and events everywhere.
import { randomId } from '../core/ids.js';
import type { RecordChange } from '../core/diff.js';
import type { TrademarkRecord } from '../core/schemas/trademark.js';
import type { LedgerEvent } from './trademark-repo.js';

export interface StoredVersion {
  content_hash: string;
  source_date: string | null;
}

/** Unchanged content writes nothing; an older record never overwrites a newer one. */
export const upsertStep = (existing: StoredVersion, hash: string, sourceDate: string | null): 'unchanged' | 'stale' | 'update' => {
  if (existing.content_hash === hash) return 'unchanged';
  if (existing.source_date && sourceDate && sourceDate < existing.source_date) return 'stale';
  return 'update';
};

/** The stored payload of a creation event (it carries no diff). */
export const CREATED_PAYLOAD = JSON.stringify({ type: 'trademark.created', changed_fields: [], changes: {}, diff: [] });

/** A new mark's event, or a changed mark's when `change` is given. */
export const ledgerEvent = (r: TrademarkRecord, occurredAt: string, change?: RecordChange): LedgerEvent => ({
  id: randomId('evt_'),
  trademark_id: r.id,
  occurred_at: occurredAt,
  source_date: r.source_date,
  ...(change ?? { type: 'trademark.created', changed_fields: [], changes: {}, diff: [] }),
});
