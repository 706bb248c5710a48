// Projection from stored records to the public current-shape row and detail (spec §2.6).
import { today } from '../core/clock.js';
import type { TrademarkDetail, TrademarkRecord, TrademarkRow } from '../core/schemas/trademark.js';
import { computeDerived } from '../deadlines/derive.js';
import type { Context } from '../context.js';

export const toDetail = (ctx: Context, record: TrademarkRecord): TrademarkDetail => ({
  ...record,
  derived: computeDerived(record, today(ctx.clock)),
});

export const toRow = (ctx: Context, record: TrademarkRecord): TrademarkRow => {
  const { events: _events, ...rest } = record;
  return { ...rest, derived: computeDerived(record, today(ctx.clock)) };
};
