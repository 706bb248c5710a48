// The trademark lists of one party (`GET /v1/{owners|attorneys|firms|entities}/{id}/trademarks`):
// owners and entities by id through the store's owner index; attorneys and firms by name (the
// records carry no ids for them), prefiltered on the stored text and matched case- and
// spacing-insensitively.
import { z } from 'zod';
import type { Context } from '../context.js';
import { ID_PREFIXES, idPrefix } from '../core/ids.js';
import { listEnvelope } from '../core/schemas/envelope.js';
import { TrademarkRow, type TrademarkRecord } from '../core/schemas/trademark.js';
import { TmError } from '../errors.js';
import type { TrademarkOrder } from '../store/trademark-repo.js';
import { defineOp } from './define-op.js';
import { cursorPosition, listPage, pagingInput } from './paging.js';
import { liveEntity } from './parties/counts.js';
import { resolveOwnerRef } from './parties/owner-lookup.js';
import { toRow } from './rows.js';

export type Party = 'owner' | 'attorney' | 'firm' | 'entity';

const SORTS = ['filing_date', '-filing_date', 'updated_at', '-updated_at', 'mark_text', '-mark_text', 'expiry_date', '-expiry_date'] as const;

const norm = (s: string | null | undefined): string => (s ?? '').trim().toLowerCase().replace(/\s+/g, ' ');

// Offices such as EUIPO name a representative firm in the name field with no separate firm, so
// such an entry answers to both lists.
const byName = (party: 'attorney' | 'firm', name: string) => (r: TrademarkRecord): boolean =>
  r.attorneys.some((a) => norm(party === 'attorney' || a.firm === null ? a.name : a.firm) === name);

const compare = (order: TrademarkOrder) => {
  const desc = order.startsWith('-');
  const field = (desc ? order.slice(1) : order) as 'filing_date' | 'mark_text' | 'expiry_date' | 'updated_at';
  const key = (r: TrademarkRecord): string => (field === 'updated_at' ? r.source_date : r[field]) ?? '';
  return (a: TrademarkRecord, b: TrademarkRecord): number => {
    const c = key(a).localeCompare(key(b)) || a.id.localeCompare(b.id);
    return desc ? -c : c;
  };
};

const PREFIX = { owner: 'own_', entity: 'ent_' } as const;
/** Spec §8: an entity trademark listing covers at most 10,000 member owners. */
const ENTITY_MEMBER_CAP = 10_000;

const scanned = async (ctx: Context, party: 'attorney' | 'firm', id: string): Promise<TrademarkRecord[]> => {
  const match = byName(party, norm(id));
  // The longest word of the name prefilters the stored text; the exact match is decided here.
  const token = (id.match(/[\p{L}\p{N}]+/gu) ?? []).sort((a, b) => b.length - a.length)[0];
  const batches = token && /^[\x20-\x7e]+$/.test(token) ? ctx.store.parties.recordsMentioning(token) : ctx.store.trademarks.scan({}, 2000);
  const out: TrademarkRecord[] = [];
  for await (const batch of batches) for (const r of batch) if (match(r)) out.push(r);
  return out;
};

export const partyTrademarksOp = (party: Party, plural: string) =>
  defineOp({
    name: `list_${party}_trademarks`,
    summary: `List the trademarks of one ${party}`,
    description:
      party === 'owner' || party === 'entity'
        ? `Lists the trademarks whose owners include this ${party} (${PREFIX[party]} id, as found in a trademark row's owners[]). Sorted by -filing_date unless \`sort\` says otherwise.`
        : `Lists the trademarks naming this ${party}. Records carry no ${party} ids, so \`id\` is the ${party}'s name as the office wrote it (URL-encoded; case and spacing are ignored). It searches the stored record text, so it is slower than the owner list.`,
    scope: 'trademarks:read',
    meter: 'read',
    readOnly: true,
    http: { method: 'GET', path: `/v1/${plural}/{id}/trademarks` },
    cli: { command: `${party} marks <id>` },
    input: z.strictObject({
      id: z.string().min(1).describe(party === 'owner' || party === 'entity' ? (party === 'owner' ? 'own_ id, or an owner name (it must resolve to one owner)' : 'ent_ id') : `The ${party}'s name`),
      sort: z.enum(SORTS).default('-filing_date').describe('Field, - prefix for descending'),
      include_total: z.boolean().default(false).describe('Add pagination.total_count'),
      ...pagingInput,
    }),
    output: listEnvelope(TrademarkRow),
    run: async (ctx, input) => {
      const binding = { op: `${party}_trademarks`, id: input.id, sort: input.sort };
      const offset = await cursorPosition(ctx, input.cursor, binding);
      let page: TrademarkRecord[];
      let total: number;
      if (party === 'owner' || party === 'entity') {
        // An owner may be named: `tm owner marks "acme"` resolves the name to one owner record.
        if (party === 'owner') input.id = await resolveOwnerRef(ctx, input.id, 'id');
        if (idPrefix(input.id) !== PREFIX[party]) {
          throw new TmError('id_type_mismatch', `'${input.id}' is not an ${party} id; ${party} ids start with ${PREFIX[party]}.`, { param: 'id' });
        }
        if (party === 'entity') {
          await liveEntity(ctx, input.id);
          const members = await ctx.store.parties.entityMemberCount(input.id);
          if (members > ENTITY_MEMBER_CAP) {
            throw new TmError('entity_too_large', `Entity ${input.id} groups ${members} owner records; entity lists serve at most ${ENTITY_MEMBER_CAP}.`, {
              param: 'id',
              suggestion: 'List the trademarks of its owners (GET /v1/owners/{id}/trademarks) or search with entity_id and narrower filters.',
            });
          }
        }
        const filter = party === 'owner' ? { ownerIds: [input.id] } : { entityIds: [input.id] };
        total = await ctx.store.trademarks.count(filter);
        page = await ctx.store.trademarks.list(filter, input.sort, input.limit + 1, offset);
      } else {
        const p = idPrefix(input.id);
        if (p && (ID_PREFIXES as readonly string[]).includes(p)) {
          throw new TmError('id_type_mismatch', `'${input.id}' is a ${p} id, not ${party === 'attorney' ? 'an attorney' : 'a firm'} name.`, { param: 'id' });
        }
        const all = (await scanned(ctx, party, input.id)).sort(compare(input.sort));
        total = all.length;
        page = all.slice(offset, offset + input.limit + 1);
      }
      if (total === 0) throw new TmError('not_found', `No trademarks for ${party} ${input.id}.`, { param: 'id' });
      const rows = page.map((r, i) => ({ row: toRow(ctx, r), at: offset + i + 1 }));
      const env = await listPage(ctx, rows, input.limit, (last) => last.at, binding, input.include_total ? total : undefined);
      return { ...env, data: env.data.map((x) => x.row) };
    },
  });
