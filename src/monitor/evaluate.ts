// Watch evaluation (DESIGN.md "The monitoring flow"): after an ingest commits, read the eligible
// change events after the lowest active watch's cursor, page by page, test each change against
// every watch whose cursor is behind it, and write each page's alerts, cursors, ledger events and
// webhook outbox rows (monitor events included) in one transaction. Incremental (never rescans the
// store) and idempotent (one alert per watch and change). One evaluation runs at a time over a
// store, whichever process or node runs it: each holds the `watch_eval` lease (on PostgreSQL a
// session lock that ends with its holder, so a killed node's evaluation is taken over at once),
// and one that waited for it starts from the cursors the other left, so no change is evaluated
// twice and none is missed.
import type { Context } from '../context.js';
import type { TrademarkRecord } from '../core/schemas/trademark.js';
import type { NewLedgerEvent } from '../store/ledger-repo.js';
import type { MonitorTarget } from '../store/monitor-repo.js';
import type { MembershipRef } from '../store/portfolio-repo.js';
import type { ChangeEvent, NewAlert } from '../store/watch-repo.js';
import { alertCreatedData, newLedgerEvent } from './ledger.js';
import { monitorDelivery } from './monitor-events.js';
import { buildAlert, type Alert } from './alert.js';
import { cachedText, compileWatch, testMark, type CompiledWatch } from './match.js';

/** Change events read per page (one transaction of alerts and cursors each). */
const PAGE = 2000;

export interface EvaluationResult {
  watches: number;
  events: number;
  alerts: Alert[];
  /** The change sequence number evaluation reached. */
  head: number;
}

export interface EvaluateOptions {
  /** Re-evaluate from this change sequence number instead of each watch's cursor (alerts already made are not repeated). */
  since?: number;
}

/**
 * The organization's ledger event for a new alert, in the alert's own transaction (spec §6.1:
 * envelope type `alert.created`; `portfolio_id` endpoint filters see the portfolios holding the mark).
 */
const alertCreated = (a: NewAlert, holders: readonly MembershipRef[]): NewLedgerEvent =>
  newLedgerEvent({
    orgId: a.org_id,
    type: 'alert.created',
    trademarkId: a.trademark_id,
    portfolios: holders.filter((h) => h.org_id === a.org_id).map((h) => ({ id: h.portfolio_id, external_ref: h.external_ref })),
    data: alertCreatedData(a.id, a.event_id, JSON.parse(a.body) as Record<string, unknown>),
    at: a.created_at,
  });

/** Indexes watches by what selects them cheaply, so a change meets only the watches that may match it. */
const routeWatches = (watches: CompiledWatch[]) => {
  const byMark = new Map<string, CompiledWatch[]>();
  const rest: CompiledWatch[] = [];
  for (const w of watches) {
    if (w.type === 'mark' && w.trademarkIds) for (const id of w.trademarkIds) byMark.set(id, [...(byMark.get(id) ?? []), w]);
    else rest.push(w);
  }
  return (trademarkId: string): CompiledWatch[] => {
    const marks = byMark.get(trademarkId);
    return marks ? [...marks, ...rest] : rest;
  };
};

/** How often a wait for another process's evaluation tries the lease again. */
const LEASE_RETRY_MS = 50;

export const evaluateWatches = async (ctx: Context, options: EvaluateOptions = {}): Promise<EvaluationResult> => {
  const { leases } = ctx.store.searchTables();
  while (!(await leases.claim('watch_eval'))) await new Promise((r) => setTimeout(r, LEASE_RETRY_MS));
  try {
    return await evaluateHeld(ctx, options);
  } finally {
    await leases.release('watch_eval');
  }
};

const evaluateHeld = async (ctx: Context, options: EvaluateOptions): Promise<EvaluationResult> => {
  const repo = ctx.store.watches;
  const watches = (await repo.active()).map(compileWatch);
  const head = await repo.headSeq();
  const result: EvaluationResult = { watches: watches.length, events: 0, alerts: [], head };
  if (watches.length === 0) return result;
  const startOf = (w: CompiledWatch): number => (options.since === undefined ? w.row.cursor : Math.min(options.since, w.row.cursor));
  const candidates = routeWatches(watches);
  // Alerts of an earlier-shape monitor's watches also go to its webhook_url (spec §6.4).
  const monitors = watches.some((w) => w.row.monitor_id) ? await ctx.store.monitors.targets() : new Map<string, MonitorTarget>();
  const monitorOf = new Map(watches.flatMap((w) => (w.row.monitor_id && monitors.has(w.row.monitor_id) ? [[w.row.id, monitors.get(w.row.monitor_id)!] as const] : [])));
  const needsPortfolios = watches.some((w) => w.portfolioId);
  let from = Math.min(...watches.map(startOf));
  for (;;) {
    const events = await repo.eventsAfter(from, head, PAGE);
    const upTo = events.length ? events[events.length - 1]!.seq : head;
    const records = events.length ? await ctx.store.trademarks.get([...new Set(events.map((e) => e.trademark_id))]) : new Map<string, TrademarkRecord>();
    const members = needsPortfolios && events.length ? await ctx.store.portfolios.membershipsOf([...records.keys()]) : new Map();
    const inPortfolio = (portfolioId: string, trademarkId: string): boolean =>
      (members.get(trademarkId) ?? []).some((m: { portfolio_id: string }) => m.portfolio_id === portfolioId);
    const textOf = cachedText();
    const perWatch = new Map<string, { watchId: string; alerts: NewAlert[]; evaluated: number }>(
      watches.map((w) => [w.row.id, { watchId: w.row.id, alerts: [], evaluated: 0 }]),
    );
    for (const e of events) {
      const record = records.get(e.trademark_id);
      if (!record) continue;
      for (const w of candidates(e.trademark_id)) {
        if (e.seq <= startOf(w)) continue;
        const entry = perWatch.get(w.row.id)!;
        entry.evaluated++;
        const outcome = testMark(w, record, e.type, inPortfolio, textOf);
        if ('match' in outcome) entry.alerts.push(buildAlert(w, e as ChangeEvent, record, outcome.match, ctx.clock));
      }
    }
    const entries = [...perWatch.values()];
    const alerted = [...new Set(entries.flatMap((x) => x.alerts.map((a) => a.trademark_id)))];
    const holders = alerted.length ? await ctx.store.portfolios.membershipsOf(alerted) : new Map<string, MembershipRef[]>();
    const written = await repo.commitPage(entries, upTo, ctx.clock.now().toISOString(), (inserted) => ({
      events: inserted.map((a) => alertCreated(a, holders.get(a.trademark_id) ?? [])),
      monitorEvents: inserted.flatMap((a) => {
        const target = monitorOf.get(a.watch_id);
        const delivery = target ? monitorDelivery(target, a) : null;
        return delivery ? [delivery] : [];
      }),
    }));
    result.events += events.length;
    for (const a of written) result.alerts.push(JSON.parse(a.body) as Alert);
    if (events.length < PAGE) return result;
    from = upTo;
  }
};

/** Evaluation after an ingest: a failure is recorded on the watches and logged, never undoing the ingest. */
export const evaluateAfterIngest = async (ctx: Context): Promise<EvaluationResult | null> => {
  try {
    return await evaluateWatches(ctx);
  } catch (err) {
    const message = (err as Error)?.message ?? String(err);
    const at = ctx.clock.now().toISOString();
    for (const w of await ctx.store.watches.active()) await ctx.store.watches.recordError(w.id, message, at);
    ctx.logger.warn(`watch evaluation failed (the ingest stands; the next run resumes from each watch's cursor): ${message}`);
    return null;
  }
};
