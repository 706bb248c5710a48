// The trademark lists of one party (`GET /v1/{owners|attorneys|firms|entities}/{id}/trademarks`):
// owners and entities through the store's owner index, attorneys and firms through its
// representative index (att_/firm_ ids, src/core/representatives.ts). Owners, attorneys and
// firms may also be named; the name must resolve to one party.
import { z } from 'zod';
import { idPrefix } from '../../core/ids.js';
import { listEnvelope } from '../../core/schemas/envelope.js';
import { TrademarkRow } from '../../core/schemas/trademark.js';
import { TmError } from '../../errors.js';
import { defineOp } from '../define-op.js';
import { cursorPosition, listPage, pagingInput } from '../paging.js';
import { listableEntity } from './counts.js';
import { liveParty } from './party-merges.js';
import { resolveOwnerRef } from './owner-lookup.js';
import { resolveRepresentativeRef } from './representative-lookup.js';
import { toRow } from '../rows.js';
import { withIrFamilies } from '../trademarks/ir-family.js';
import { resolveOfficeCodes } from '../reference/data.js';
import { numberFilters } from '../../search/params.js';

export type Party = 'owner' | 'attorney' | 'firm' | 'entity';

const SORTS = ['filing_date', '-filing_date', 'updated_at', '-updated_at', 'mark_text', '-mark_text', 'expiry_date', '-expiry_date'] as const;

const PREFIX = { owner: 'own_', entity: 'ent_', attorney: 'att_', firm: 'firm_' } as const;

export const partyTrademarksOp = (party: Party, plural: string) =>
  defineOp({
    name: `list_${party}_trademarks`,
    summary: `List the trademarks of one ${party}`,
    description:
      party === 'owner' || party === 'entity'
        ? `Lists the trademarks whose owners include this ${party} (${PREFIX[party]} id, as found in a trademark row's owners[]). Sorted by -filing_date unless \`sort\` says otherwise.`
        : `Lists the trademarks naming this ${party} (${PREFIX[party]} id from search_${party === 'attorney' ? 'attorneys' : 'firms'}, or a name that resolves to one ${party}; case, accents, punctuation and ${party === 'firm' ? 'legal form' : 'honorifics'} are ignored). Sorted by -filing_date unless \`sort\` says otherwise.`,
    scope: 'trademarks:read',
    meter: 'read',
    readOnly: true,
    replicaReads: true,
    http: { method: 'GET', path: `/v1/${plural}/{id}/trademarks` },
    // An agent lists an owner's or entity's marks with search_trademarks (owner_id, entity_id).
    mcp: party === 'owner' || party === 'entity' ? { coveredBy: 'search_trademarks' } : undefined,
    cli: { command: `${party} marks <id>` },
    input: z.strictObject({
      id: z.string().min(1).describe(party === 'entity' ? 'ent_ id' : `${PREFIX[party]} id, or a name (it must resolve to one ${party})`),
      sort: z.enum(SORTS).default('-filing_date').describe('Field, - prefix for descending'),
      include_total: z.boolean().default(false).describe('Add pagination.total_count'),
      office: z.string().optional().describe('Only marks of this office; needed with application_number or registration_number'),
      application_number: z.string().optional().describe('Only the mark with this application (serial) number at office'),
      registration_number: z.string().optional().describe('Only the mark with this registration number at office'),
      ...pagingInput,
    }),
    output: listEnvelope(TrademarkRow),
    run: async (ctx, input) => {
      const numbers = numberFilters(input, []);
      resolveOfficeCodes(numbers.offices, 'office');
      const binding = { op: `${party}_trademarks`, id: input.id, sort: input.sort, ...numbers };
      const offset = await cursorPosition(ctx, input.cursor, binding);
      // An owner, attorney or firm may be named: `tm owner marks "acme"` resolves the name to one party.
      if (party === 'owner') input.id = await resolveOwnerRef(ctx, input.id, 'id');
      if (party === 'attorney' || party === 'firm') input.id = await resolveRepresentativeRef(ctx, party, input.id, 'id');
      if (idPrefix(input.id) !== PREFIX[party]) {
        throw new TmError('id_type_mismatch', `'${input.id}' is not ${party === 'entity' ? 'an entity' : `an ${party}`} id; ${party} ids start with ${PREFIX[party]}.`, { param: 'id' });
      }
      if (party === 'entity') await listableEntity(ctx, input.id);
      // A merged owner or attorney is 410; the survivor's list covers the ids merged into it.
      const ids = party === 'entity' ? [input.id] : await liveParty(ctx, input.id, 'id');
      const partyFilter = party === 'owner' ? { ownerIds: ids } : party === 'entity' ? { entityIds: ids } : { representativeIds: ids };
      const filter = { ...partyFilter, ...numbers };
      const total = await ctx.store.trademarks.count(filter);
      const page = await ctx.store.trademarks.list(filter, input.sort, input.limit + 1, offset);
      // An unknown party is a 404; a known one whose marks the filters leave out is an empty list.
      if (total === 0 && (filter === partyFilter || (await ctx.store.trademarks.count(partyFilter)) === 0)) {
        throw new TmError('not_found', `No trademarks for ${party} ${input.id}.`, { param: 'id' });
      }
      const rows = (await withIrFamilies(ctx, page)).map((r, i) => ({ row: toRow(ctx, r), at: offset + i + 1 }));
      const env = await listPage(ctx, rows, input.limit, (last) => last.at, binding, input.include_total ? total : undefined);
      return { ...env, data: env.data.map((x) => x.row) };
    },
  });

export const listOwnerTrademarks = partyTrademarksOp('owner', 'owners');
export const listAttorneyTrademarks = partyTrademarksOp('attorney', 'attorneys');
export const listFirmTrademarks = partyTrademarksOp('firm', 'firms');
export const listEntityTrademarks = partyTrademarksOp('entity', 'entities');
