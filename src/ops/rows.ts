// Projection from stored records to the public current-shape row and detail (spec §2.6).
import { today } from '../core/clock.js';
import type { TrademarkDetail, TrademarkRecord, TrademarkRow } from '../core/schemas/trademark.js';
import { computeDerived } from '../deadlines/derive.js';
import { entityId } from '../core/entity-key.js';
import type { Context } from '../context.js';

/** Owners the office gave no entity get the one their name resolves to (core/entity-key.ts). */
const withEntities = (owners: TrademarkRecord['owners']): TrademarkRecord['owners'] =>
  owners.map((o) => (o.entity_id ? o : { ...o, entity_id: entityId(o.name) }));

export const toDetail = (ctx: Context, record: TrademarkRecord): TrademarkDetail => ({
  ...record,
  owners: withEntities(record.owners),
  derived: computeDerived(record, today(ctx.clock)),
});

export const toRow = (ctx: Context, record: TrademarkRecord): TrademarkRow => {
  const { events: _events, ...rest } = record;
  return { ...rest, owners: withEntities(record.owners), derived: computeDerived(record, today(ctx.clock)) };
};
