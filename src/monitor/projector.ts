// The ledger projector (spec §6.1): turns the global change events of marks held in portfolios
// into `trademark.status_changed` and `office_action.issued` for the organizations holding each
// mark. It is pure (a LedgerProjection): every backend runs it inside the transaction that wrote
// the changes (spec §6.3 outbox), reading the changes past its durable cursor, so ledger events,
// outbox rows and the cursor commit with them; nothing is lost or projected twice.
import { addDays } from '../core/dates.js';
import { collapseTwins, isRecentAction, TWIN_WINDOW_DAYS } from '../core/office-actions.js';
import type { ProsecutionEvent } from '../core/schemas/parts.js';
import type { Holding, LedgerProjection, NewLedgerEvent } from '../store/ledger-repo.js';
import type { LedgerEvent } from '../store/trademark-repo.js';
import { newLedgerEvent, occurredAt, type PortfolioRef, type RecordEventInput } from './ledger.js';

type EventRecorder = (input: RecordEventInput) => void;

const CURSOR = 'global_events';
/** Supranational offices: no two-letter jurisdiction of their own. */
const REGIONAL_OFFICES = new Set(['EM', 'WO', 'OA', 'AP', 'BX', 'EA', 'GC', 'EP']);

const jurisdictionOf = (officeCode: string): string | null =>
  /^[A-Z]{2}$/.test(officeCode) && !REGIONAL_OFFICES.has(officeCode) ? officeCode : null;

const portfoliosData = (portfolios: readonly PortfolioRef[], version: number) =>
  version >= 2 ? { portfolios: portfolios.map((p) => ({ id: p.id, external_ref: p.external_ref })) } : {};

/** Holdings grouped by mark, then organization. */
const byMarkAndOrg = (holdings: readonly Holding[]): Map<string, Map<string, PortfolioRef[]>> => {
  const out = new Map<string, Map<string, PortfolioRef[]>>();
  for (const h of holdings) {
    const orgs = out.get(h.trademark_id) ?? new Map<string, PortfolioRef[]>();
    orgs.set(h.org_id, [...(orgs.get(h.org_id) ?? []), { id: h.portfolio_id, external_ref: h.external_ref }]);
    out.set(h.trademark_id, orgs);
  }
  return out;
};

const projectStatusChange = (record: EventRecorder, e: LedgerEvent, orgId: string, portfolios: PortfolioRef[]): void => {
  record({
    orgId,
    type: 'trademark.status_changed',
    trademarkId: e.trademark_id,
    portfolios,
    at: e.occurred_at,
    data: (v) => ({
      trademark_id: e.trademark_id,
      changed_fields: e.changed_fields,
      changes: e.changes,
      occurred_at: occurredAt(e.occurred_at, v),
      source_date: e.source_date,
      ...portfoliosData(portfolios, v),
    }),
  });
};

const projectOfficeAction = (record: EventRecorder, e: LedgerEvent, row: ProsecutionEvent, orgId: string, portfolios: PortfolioRef[]): void => {
  const date = row.date!;
  record({
    orgId,
    type: 'office_action.issued',
    trademarkId: e.trademark_id,
    portfolios,
    at: e.occurred_at,
    // Our office rows carry no class or designation, so one mark's rows at one office share a key.
    twin: { key: `${e.trademark_id}|${row.office_code}||`, date, from: addDays(date, -TWIN_WINDOW_DAYS), to: addDays(date, TWIN_WINDOW_DAYS) },
    data: (v) => ({
      trademark_id: e.trademark_id,
      event_date: date,
      jurisdiction_code: jurisdictionOf(row.office_code),
      office_code: row.office_code,
      code: row.raw.code,
      label: row.raw.label ?? row.description,
      occurred_at: occurredAt(e.occurred_at, v),
      source_date: date,
      ...portfoliosData(portfolios, v),
    }),
  });
};

const relevant = (e: LedgerEvent): boolean => e.type === 'trademark.status_changed' || (e.office_actions?.length ?? 0) > 0;

/**
 * The projection the store runs inside every upsert transaction that wrote changes (set by
 * createContext). Events a writer without it left behind are caught up by the next such transaction.
 */
export const ledgerProjection: LedgerProjection = {
  cursor: CURSOR,
  relevant,
  project(changes: readonly LedgerEvent[], holdings: readonly Holding[]): NewLedgerEvent[] {
    const holders = byMarkAndOrg(holdings);
    const out: NewLedgerEvent[] = [];
    const record: EventRecorder = (input) => void out.push(newLedgerEvent(input));
    for (const e of changes) {
      const today = e.occurred_at.slice(0, 10);
      const actions = collapseTwins((e.office_actions ?? []).filter((row) => isRecentAction(row.date!, today)));
      for (const [orgId, portfolios] of holders.get(e.trademark_id) ?? []) {
        if (e.type === 'trademark.status_changed') projectStatusChange(record, e, orgId, portfolios);
        for (const row of actions) projectOfficeAction(record, e, row, orgId, portfolios);
      }
    }
    return out;
  },
};
