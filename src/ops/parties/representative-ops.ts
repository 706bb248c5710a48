// The detail and search operations of attorneys and firms (`GET /v1/attorneys/{id}`,
// `GET /v1/attorneys?q=`, and the same for firms), built once for both kinds: a party's spellings,
// offices, its marks counted by office, status and class, its clients, and the firms an attorney
// is placed at (or a firm's attorneys).
import { z } from 'zod';
import { listEnvelope } from '../../core/schemas/envelope.js';
import { TmError } from '../../errors.js';
import { resolveOfficeFilter } from '../reference/data.js';
import { defineOp } from '../define-op.js';
import { cursorPosition, listPage, pagingInput } from '../paging.js';
import { partyCounts, PartyCounts } from './counts.js';
import { findRepresentatives, KIND, resolveRepresentativeRef, type RepresentativeKind } from './representative-lookup.js';
import { liveParty, mergedAmong } from './party-merges.js';

const Related = z.object({ id: z.string(), name: z.string(), trademark_count: z.number().int().describe('Marks naming both') });

/** How many related firms or attorneys, and clients, a detail lists. */
const RELATED_LIMIT = 20;

const detailSchema = (kind: RepresentativeKind) =>
  z.object({
    id: z.string(),
    object: z.literal(kind),
    name: z.string().describe('The spelling on the most marks'),
    normalized_name: z.string().describe('The resolution key: the name without legal form, honorifics, case, accents or punctuation'),
    aliases: z.array(z.string()).describe('Other spellings of the same name in the records'),
    offices: z.array(z.string()),
    counts: PartyCounts,
    ...(kind === 'attorney'
      ? { firms: z.array(Related).describe('Firms the records place this attorney at, most marks first') }
      : { attorneys: z.array(Related).describe('Attorneys the records place at this firm, most marks first') }),
    clients: z.array(Related).describe('Owners of its marks, most marks first'),
  });

export const getRepresentativeOp = (kind: RepresentativeKind) => {
  const k = KIND[kind];
  return defineOp({
    name: `get_${kind}`,
    summary: `Get one ${kind} with its marks counted by office, status and class`,
    description:
      `${kind === 'attorney' ? 'An attorney (att_ id)' : 'A law firm (firm_ id)'}, resolved from the attorney, correspondent and representative entries of the records: spellings of its name, offices, its marks counted by office, status and Nice class, its clients (owners) and ${kind === 'attorney' ? 'the firms it is placed at' : 'its attorneys'}. A name is accepted and must resolve to one ${kind}. Use list_${kind}_trademarks for the marks.`,
    scope: 'trademarks:read',
    meter: 'read',
    readOnly: true,
    http: { method: 'GET', path: `/v1/${k.plural}/{id}` },
    cli: { command: `${kind} show <id>` },
    input: z.strictObject({ id: z.string().trim().min(1).max(300).describe(`${k.prefix} id, or a name`) }),
    output: detailSchema(kind),
    run: async (ctx, input) => {
      const id = await resolveRepresentativeRef(ctx, kind, input.id, 'id');
      // A merged attorney is 410; the survivor's counts cover the ids merged into it.
      const ids = await liveParty(ctx, id, 'id');
      const row = await ctx.store.parties.representative(id);
      if (!row) throw new TmError('not_found', `No ${kind} ${id}.`, { param: 'id' });
      const names = await ctx.store.parties.representativeNames(id);
      const related = async (rows: { party_id: string; n: number }[]) =>
        Promise.all(rows.slice(0, RELATED_LIMIT).map(async (r) => ({ id: r.party_id, name: (await ctx.store.parties.representativeNames(r.party_id))[0]?.name ?? r.party_id, trademark_count: r.n })));
      const clients = (await ctx.store.parties.clientsOf(id, RELATED_LIMIT)).map((c) => ({ id: c.owner_id, name: c.name, trademark_count: c.trademark_count }));
      return {
        id,
        object: kind,
        name: names[0]!.name,
        normalized_name: k.key(names[0]!.name),
        aliases: names.slice(1).map((n) => n.name),
        offices: row.offices.split(',').filter(Boolean).sort(),
        counts: await partyCounts(ctx, { representativeIds: ids }),
        ...(kind === 'attorney'
          ? { firms: await related(await ctx.store.parties.attorneyFirms(id)) }
          : { attorneys: await related(await ctx.store.parties.firmAttorneys(id)) }),
        clients,
      };
    },
  });
};

const Match = (kind: RepresentativeKind) =>
  z.object({
    id: z.string(),
    object: z.literal(kind),
    name: z.string(),
    trademark_count: z.number().int(),
    offices: z.array(z.string()),
    score: z.number().describe('1 for the same name once legal form, honorifics, case, accents and punctuation are set aside; else trigram similarity, 0.9 when one name contains the other; 1 for every row without q'),
  });

export const searchRepresentativesOp = (kind: RepresentativeKind) => {
  const k = KIND[kind];
  return defineOp({
    name: `search_${k.plural}`,
    summary: `Find ${k.plural} by name, fuzzily, across offices`,
    description: `${kind === 'attorney' ? 'Attorneys' : 'Law firms'} whose name is like \`q\` (case, accents, punctuation${kind === 'firm' ? ' and legal form' : ' and honorifics'} aside; near spellings by trigram similarity of at least 0.3), best match first, then most marks; without \`q\`, every ${kind} by marks. Each hit has its ${k.prefix} id for get_${kind} and list_${kind}_trademarks.`,
    scope: 'trademarks:read',
    meter: 'read',
    readOnly: true,
    http: { method: 'GET', path: `/v1/${k.plural}` },
    cli: { command: `${k.plural} search [q]` },
    input: z.strictObject({
      q: z.string().trim().min(2, 'q needs at least 2 characters').max(200).optional().describe(`${kind === 'attorney' ? 'Attorney' : 'Firm'} name, or part of it`),
      office: z.string().optional().describe(`Only ${k.plural} with marks at this office`),
      include_total: z.boolean().default(false).describe('Add pagination.total_count'),
      ...pagingInput,
    }),
    output: listEnvelope(Match(kind)),
    run: async (ctx, input) => {
      const office = resolveOfficeFilter(input.office, 'office');
      const binding = { op: `search_${k.plural}`, q: input.q ?? null, office: office ?? null };
      const offset = await cursorPosition(ctx, input.cursor, binding);
      const found = (await findRepresentatives(ctx, kind, input.q)).filter((h) => !office || h.offices.includes(office));
      // Merged attorney ids are left out: their marks show under the survivor.
      const merged = await mergedAmong(ctx, found.map((h) => h.id));
      const hits = found.filter((h) => !merged.has(h.id));
      const rows = hits.slice(offset, offset + input.limit + 1).map((h, i) => ({ h, at: offset + i + 1 }));
      const page = await listPage(ctx, rows, input.limit, (last) => last.at, binding, input.include_total ? hits.length : undefined);
      return { ...page, data: page.data.map(({ h }) => ({ ...h, object: kind })) };
    },
  });
};
