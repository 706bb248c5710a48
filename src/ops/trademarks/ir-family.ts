// International-registration families (spec §2.2, §2.6): the WIPO record of an IR and its
// designations at the offices tm reads (a USPTO §66(a) record, an EUIPO W-number …), found through
// the holder's entities and the mark's text (the indexes the related registrations read), matched
// on the IR number. The family row is the IR as one row: `mixed` status where the designations
// disagree, the de-duplicated union of their challenges, `territory_count`, and the expiry the
// designations publish. Every IR-linked row a surface answers (detail, search, lists) goes through
// `withIrFamilies`: a designation counts its family's territories, and the WO record shows the IR
// as the family row does.
import type { Context } from '../../context.js';
import { trademarkId } from '../../core/ids.js';
import type { TrademarkRecord } from '../../core/schemas/trademark.js';
import type { TrademarkStatus } from '../../core/schemas/status.js';
import { compact } from '../../search/normalize.js';
import type { SearchFilter } from '../../store/search-repo.js';
import { baseEntityId, ownerCountry } from '../../core/entity-signals.js';

/** The entities a mark's owners resolve to (as rows show them, spec §2.6). */
export const entitiesOf = (r: TrademarkRecord): string[] => [...new Set(r.owners.map((o) => o.entity_id ?? baseEntityId(o.name, ownerCountry(o))))];

/** How many marks of the holder's entities with the same text are read to find the legs. */
const CANDIDATES = 500;

/** The IR number a record belongs to: a WO record's own number, else the IR it designates from. */
export const irNumberOf = (r: TrademarkRecord): string | null => (r.office_code === 'WO' ? (r.ir_number ?? r.application_number) : r.ir_number);

export interface IrFamily {
  ir_number: string;
  /** The IR as one row: the WO record where tm holds it, else built from the designations. */
  row: TrademarkRecord;
  /** Every record of the family: the WO record first, then the designations by office. */
  legs: TrademarkRecord[];
}

const sameStatus = (a: TrademarkStatus, b: TrademarkStatus): boolean => a.primary === b.primary && a.stage === b.stage;

/** The most common of the values, the latest on a tie; null when there is none. */
const mostCommon = (values: (string | null)[]): string | null => {
  const n = new Map<string, number>();
  for (const v of values) if (v) n.set(v, (n.get(v) ?? 0) + 1);
  return [...n].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? 1 : -1))[0]?.[0] ?? null;
};

/** The family row of an IR from its WO record (if held) and its designation records. */
export const familyRow = (irNumber: string, wo: TrademarkRecord | null, designations: readonly TrademarkRecord[]): TrademarkRecord => {
  const base = wo ?? designations[0]!;
  const challenges = [...new Set([...(wo?.status.challenges ?? []), ...designations.flatMap((d) => d.status.challenges)])].sort();
  const agree = designations.every((d) => sameStatus(d.status, designations[0]!.status));
  const status: TrademarkStatus =
    designations.length > 0 && !agree
      ? { primary: 'mixed', stage: 'mixed', reason: null, challenges, effective_date: null, basis: 'computed', raw: null }
      : wo
        ? { ...wo.status, challenges }
        : { ...designations[0]!.status, challenges, basis: 'computed', raw: null };
  // A WO record itself is not a territory: the territories are its designations and the offices of the legs.
  const territories = [...new Set([...(wo?.designations ?? []), ...designations.map((d) => d.office_code)])].sort();
  return {
    ...base,
    id: trademarkId('WO', irNumber),
    office_code: 'WO',
    application_number: wo?.application_number ?? irNumber,
    registration_number: wo?.registration_number ?? irNumber,
    ir_number: irNumber,
    ir_date: wo?.ir_date ?? mostCommon(designations.map((d) => d.ir_date)),
    status,
    expiry_date: mostCommon(designations.map((d) => d.expiry_date)) ?? wo?.expiry_date ?? null,
    designations: territories,
    territory_count: territories.length,
  };
};

/** The candidates read one by one: the record, the WO record, the index's list (IrCandidates). */
const candidatesApart = async (ctx: Context, ids: readonly string[], irNumber: string, filter: SearchFilter | null, limit: number): Promise<Map<string, TrademarkRecord>> => {
  const wanted = new Set(ids);
  const woId = await ctx.store.trademarks.findId('WO', irNumber);
  if (woId) wanted.add(woId);
  if (filter) for (const id of await ctx.index.list(filter, 'filing_date', limit, 0)) wanted.add(id);
  return ctx.store.trademarks.get([...wanted]);
};

/** The family of an IR-linked record, or null when the record belongs to no international registration. */
export const irFamilyOf = async (ctx: Context, r: TrademarkRecord): Promise<IrFamily | null> => {
  const irNumber = irNumberOf(r);
  if (!irNumber) return null;
  const text = r.mark_text ? compact(r.mark_text) : '';
  const entityIds = entitiesOf(r);
  const filter = entityIds.length > 0 ? (text ? { text: { is: [text] }, entityIds } : { entityIds }) : null;
  const candidates = ctx.store.trademarks.irCandidates ?? ((ids, ir, f, limit) => candidatesApart(ctx, ids, ir, f, limit));
  const records = [...(await candidates([r.id], irNumber, filter, CANDIDATES)).values()].filter((o) => irNumberOf(o) === irNumber);
  const wo = records.find((o) => o.office_code === 'WO') ?? null;
  const designations = records.filter((o) => o.office_code !== 'WO').sort((a, b) => a.office_code.localeCompare(b.office_code) || a.id.localeCompare(b.id));
  const row = familyRow(irNumber, wo, designations);
  // Every leg counts the family's territories (a designation's own row has none of its own).
  const legs = (wo ? [wo, ...designations] : designations).map((o) => ({ ...o, territory_count: o.territory_count ?? row.territory_count }));
  return { ir_number: irNumber, row, legs };
};

/**
 * The records as rows show them (spec §2.6): each IR-linked record counts its family's territories
 * when it carries no count of its own, and a WO record takes the family row's status, expiry and
 * designations (the IR is that row). One family read per IR number on the page, however many of its
 * legs the page holds. Copies; the order and the records outside any IR are kept as they are.
 */
export const withIrFamilies = async (ctx: Context, records: readonly TrademarkRecord[]): Promise<TrademarkRecord[]> => {
  const families = new Map<string, Promise<IrFamily | null>>();
  for (const r of records) {
    const ir = irNumberOf(r);
    if (ir && !families.has(ir)) families.set(ir, irFamilyOf(ctx, r));
  }
  if (families.size === 0) return [...records];
  return Promise.all(
    records.map(async (r) => {
      const ir = irNumberOf(r);
      const family = ir ? await families.get(ir)! : null;
      if (!family) return r;
      if (r.office_code === 'WO') {
        const { status, expiry_date, designations, territory_count } = family.row;
        return { ...r, status, expiry_date, designations, territory_count: r.territory_count ?? territory_count };
      }
      return r.territory_count === null ? { ...r, territory_count: family.row.territory_count } : r;
    }),
  );
};

/** The stored records of these ids, by id, as rows show them (`withIrFamilies`). */
export const recordsWithIrFamilies = async (ctx: Context, ids: readonly string[]): Promise<Map<string, TrademarkRecord>> => {
  const records = await withIrFamilies(ctx, [...(await ctx.store.trademarks.get([...ids])).values()]);
  return new Map(records.map((r) => [r.id, r]));
};
