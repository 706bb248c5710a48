// Projection from stored records to the public current-shape row and detail (spec §2.6).
import { today } from '../core/clock.js';
import type { TrademarkDetail, TrademarkRecord, TrademarkRow } from '../core/schemas/trademark.js';
import { computeDerived } from '../deadlines/derive.js';
import { baseEntityId, ownerCountry } from '../core/entity-signals.js';
import type { Context } from '../context.js';

/** Owners the office gave no entity get the one their name (and, for a generic name, country) resolves to (core/entity-signals.ts). */
const withEntities = (owners: TrademarkRecord['owners']): TrademarkRecord['owners'] =>
  owners.map((o) => (o.entity_id ? o : { ...o, entity_id: baseEntityId(o.name, ownerCountry(o)) }));

export const toDetail = (ctx: Context, record: TrademarkRecord): TrademarkDetail => ({
  ...record,
  owners: withEntities(record.owners),
  derived: computeDerived(record, today(ctx.clock)),
});

export const toRow = (ctx: Context, record: TrademarkRecord): TrademarkRow => {
  const { events: _events, ...rest } = record;
  return { ...rest, owners: withEntities(record.owners), derived: computeDerived(record, today(ctx.clock)) };
};
