// Recording ledger events (spec §6.1, §6.2): the one shape every producer builds (the projector
// for trademark changes, evaluation for `alert.created`). Producers hand the events to the
// repository that writes their cause, so an event and its outbox rows commit with it.
import type { Store } from '../store/store.js';
import type { LedgerRow, NewLedgerEvent } from '../store/ledger-repo.js';

/** The event types an endpoint may subscribe to, exactly (spec §6.1). */
export const SUBSCRIBABLE_EVENTS = ['alert.created', 'trademark.status_changed', 'office_action.issued'] as const;
export type SubscribableEvent = (typeof SUBSCRIBABLE_EVENTS)[number];

/** A portfolio holding the mark when the event was recorded. */
export interface PortfolioRef {
  id: string;
  external_ref: string | null;
}

export interface RecordEventInput {
  orgId: string;
  type: SubscribableEvent;
  trademarkId: string | null;
  /** Frozen now; `portfolio_id` filters on endpoints and on GET /v1/events match against it. */
  portfolios: readonly PortfolioRef[];
  /** `data` for a payload version (1 or 2); the organization's setting picks which. */
  data: (payloadVersion: number) => unknown;
  at: string;
  /** Office actions only: rows of one key within the window [from, to] are one event. */
  twin?: { key: string; date: string; from: string; to: string };
}

/** The stored shape of an event to record. */
export const newLedgerEvent = (input: RecordEventInput): NewLedgerEvent => ({
  orgId: input.orgId,
  type: input.type,
  trademarkId: input.trademarkId,
  portfolioIds: input.portfolios.map((p) => p.id),
  data: input.data,
  createdAt: input.at,
  twin: input.twin,
});

/**
 * Records one ledger event on its own (tests, tools): a pending delivery for each enabled endpoint
 * of the organization that subscribes to its type (and whose `portfolio_id`, if set, is among
 * `portfolios`), in one transaction. Returns null for a twin.
 */
export const recordEvent = async (store: Store, input: RecordEventInput): Promise<LedgerRow | null> =>
  (await store.ledger.record([newLedgerEvent(input)]))[0]!;

/** `occurred_at`: milliseconds from payload version 2 on (spec §6.2), whole seconds before. */
export const occurredAt = (iso: string, payloadVersion: number): string =>
  payloadVersion >= 2 ? iso : `${iso.slice(0, 19)}Z`;

/** `data` of `alert.created` (spec §6.2); `portfolios` is not carried on alerts. */
export const alertCreatedData = (alertId: string, sourceEventId: string, alert: Record<string, unknown>) => () => ({
  event_id: sourceEventId,
  alert_id: alertId,
  alert,
});
