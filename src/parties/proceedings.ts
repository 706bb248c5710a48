// What board proceedings mean for a mark: the TTAB type and status codes, whether a proceeding is
// still open, and the status a mark takes from the proceedings naming it (an opposition filed
// against it raises `opposition` among its challenges). Pure: no store, no clock.
import type { ProceedingRecord } from '../core/schemas/proceeding.js';
import type { TrademarkRecord } from '../core/schemas/trademark.js';

/** A challenge raised on the mark, and the stage it takes while the challenge is open. */
interface TypeInfo {
  kind: string;
  label: string;
  /** Whose marks the proceeding challenges: the defendant's in inter partes cases, the appellant's in an appeal. */
  challenged: 'defendant' | 'any';
  /** The challenge name on the mark's status (as the USPTO status table names it), or null: no challenge. */
  challenge: string | null;
  openStage: string | null;
}

export const TTAB_TYPES: Record<string, TypeInfo> = {
  OPP: { kind: 'opposition', label: 'Opposition', challenged: 'defendant', challenge: 'opposition', openStage: 'opposition_pending' },
  CAN: { kind: 'cancellation', label: 'Cancellation', challenged: 'defendant', challenge: 'cancellation', openStage: 'cancellation_pending' },
  EXA: { kind: 'ex_parte_appeal', label: 'Ex parte appeal', challenged: 'any', challenge: 'ex_parte_appeal', openStage: 'appeal_pending' },
  EXT: { kind: 'extension_of_time', label: 'Extension of time to oppose', challenged: 'defendant', challenge: null, openStage: null },
  CNU: { kind: 'concurrent_use', label: 'Concurrent use', challenged: 'any', challenge: 'concurrent_use', openStage: 'concurrent_use_pending' },
  INT: { kind: 'interference', label: 'Interference', challenged: 'any', challenge: 'interference', openStage: 'interference_pending' },
};

/** The status codes the USPTO has documented (2 pending, 9 terminated); others keep a null label. */
const STATUS_LABELS: Record<string, string> = { '2': 'PENDING', '9': 'TERMINATED' };

export const proceedingKind = (p: ProceedingRecord): string => (p.type_code && TTAB_TYPES[p.type_code]?.kind) || 'other';
export const statusLabel = (p: ProceedingRecord): string | null => (p.status_code ? (STATUS_LABELS[p.status_code] ?? null) : null);

/** Open unless the board has marked it terminated; a proceeding without a status is not counted open. */
export const isOpen = (p: ProceedingRecord): boolean => p.status_code !== null && p.status_code !== '9';

const dateOf = (p: ProceedingRecord): string | null => p.status_update_date ?? p.filing_date;

/** Whether the proceeding challenges this mark (it is a property of the challenged party). */
const challenges = (p: ProceedingRecord, trademarkId: string): boolean => {
  const info = p.type_code ? TTAB_TYPES[p.type_code] : undefined;
  if (!info?.challenge) return false;
  return p.parties.some((party) => (info.challenged === 'any' || party.role === 'defendant') && party.properties.some((x) => x.trademark_id === trademarkId));
};

/**
 * The record as the proceedings naming it leave it, or null when they change nothing or the office
 * record is as new as the newest of them (it then states its own challenges). An open proceeding
 * adds its challenge and, on a mark of the right primary status, its stage; when every proceeding
 * of a kind has terminated the challenge is dropped and `opposition_pending` becomes
 * `opposition_terminated`.
 */
export const statusAfterProceedings = (record: TrademarkRecord, proceedings: readonly ProceedingRecord[]): TrademarkRecord | null => {
  const relevant = proceedings.filter((p) => challenges(p, record.id));
  const latest = relevant.map(dateOf).filter((d): d is string => d !== null).sort().at(-1);
  if (!latest || (record.source_date && latest <= record.source_date)) return null;
  const set = new Set(record.status.challenges);
  let stage = record.status.stage;
  let effective = record.status.effective_date;
  for (const info of Object.values(TTAB_TYPES)) {
    if (!info.challenge) continue;
    const ofKind = relevant.filter((p) => p.type_code && TTAB_TYPES[p.type_code] === info);
    if (ofKind.length === 0) continue;
    const open = ofKind.filter(isOpen);
    if (open.length > 0) {
      set.add(info.challenge);
      // A cancellation is against a registration; the others are against an application.
      const onRoad = record.status.primary === (info.kind === 'cancellation' ? 'active' : 'pending');
      if (info.openStage && stage !== info.openStage && onRoad) {
        stage = info.openStage;
        effective = open.map((p) => p.filing_date).filter((d): d is string => d !== null).sort()[0] ?? effective;
      }
    } else {
      set.delete(info.challenge);
      if (info.kind === 'opposition' && stage === 'opposition_pending') stage = 'opposition_terminated';
    }
  }
  const next = [...set].sort();
  const same = next.length === record.status.challenges.length && [...record.status.challenges].sort().every((c, i) => c === next[i]);
  if (same && stage === record.status.stage) return null;
  return {
    ...record,
    status: { ...record.status, challenges: next, stage, effective_date: effective, basis: 'event_derived' },
    source_date: latest,
  };
};
