// list_trademark_citations: the marks cited with a mark (`GET /v1/trademarks/{id}/citations`,
// `tm citations US:…`), from what office data carries: the prior registrations it claims and the
// marks claiming it (USPTO daily XML), and the marks pleaded against it, or it against others, in
// board proceedings (USPTO TTAB). Each cited mark is named by office and number, with its stored
// row's id, text and status where tm holds it.
import { z } from 'zod';
import type { Context } from '../../context.js';
import { canonicalNumber } from '../../core/ids.js';
import { listEnvelope } from '../../core/schemas/envelope.js';
import type { TrademarkRecord } from '../../core/schemas/trademark.js';
import { TmError } from '../../errors.js';
import { proceedingKind } from '../../parties/proceedings.js';
import { defineOp } from '../define-op.js';
import { referenceList } from '../reference/data.js';
import { trademarkRef } from '../resolve-id.js';

const DIRECTIONS = ['cites', 'cited_by', 'cited_against', 'asserted_against'] as const;

export const Citation = z.object({
  object: z.literal('citation'),
  direction: z
    .enum(DIRECTIONS)
    .describe('cites: this mark claims the other as a prior registration; cited_by: the other claims this one; cited_against: the other was pleaded against this mark in a board proceeding; asserted_against: this mark was pleaded against the other'),
  relation: z.string().describe('prior_registration, or the proceeding kind (opposition, cancellation …)'),
  office_code: z.string(),
  application_number: z.string().nullable(),
  registration_number: z.string().nullable(),
  trademark_id: z.string().nullable().describe('The cited mark, when it is stored or its application number is known'),
  mark_text: z.string().nullable(),
  status: z.string().nullable().describe("The stored mark's status.primary, when stored"),
  proceeding_id: z.string().nullable(),
  source: z.string().describe('The office format the citation was read from'),
});
type Citation = z.infer<typeof Citation>;

const stored = async (ctx: Context, ids: string[]): Promise<Map<string, TrademarkRecord>> => (ids.length ? ctx.store.trademarks.get(ids) : new Map());

export const listTrademarkCitations = defineOp({
  name: 'list_trademark_citations',
  summary: 'List the marks a trademark cites, and the marks cited with or against it',
  description:
    'Marks a trademark cites and marks citing it (USPTO data), and marks pleaded against it or it was pleaded against in TTAB (`direction`). Examiner citations are not in office data.',
  scope: 'trademarks:read',
  meter: 'read',
  readOnly: true,
  http: { method: 'GET', path: '/v1/trademarks/{id}/citations' },
  cli: { command: 'citations <id>' },
  input: z.strictObject({
    id: z.string().min(1).describe('A tm_ id, or OFFICE:number'),
    direction: z.enum(DIRECTIONS).optional().describe('Only this direction'),
  }),
  output: listEnvelope(Citation),
  run: async (ctx, input) => {
    const id = await trademarkRef(ctx, input.id);
    const self = (await stored(ctx, [id])).get(id);
    const proceedings = await ctx.store.proceedings.forTrademark(id);
    if (!self && proceedings.length === 0 && (await ctx.store.documents.citations(id)).length === 0) throw new TmError('not_found', `No trademark ${input.id}.`, { param: 'id' });
    const out: Omit<Citation, 'mark_text' | 'status'>[] = [];
    for (const c of await ctx.store.documents.citations(id)) {
      const reg = self?.prior_registrations?.find((p) => p.office_code === c.office_code && canonicalNumber(p.registration_number) === c.number);
      const target = await ctx.store.trademarks.findId(c.office_code, c.number);
      out.push({ object: 'citation', direction: 'cites', relation: c.relation, office_code: c.office_code, application_number: null, registration_number: reg?.registration_number ?? c.number, trademark_id: target, proceeding_id: null, source: c.source });
    }
    if (self) {
      const app = canonicalNumber(self.application_number);
      for (const c of await ctx.store.documents.citing(self.office_code, self.registration_number ? canonicalNumber(self.registration_number) : null, app)) {
        if (c.trademark_id === id) continue;
        const other = (await stored(ctx, [c.trademark_id])).get(c.trademark_id);
        out.push({ object: 'citation', direction: 'cited_by', relation: c.relation, office_code: other?.office_code ?? c.office_code, application_number: other?.application_number ?? null, registration_number: other?.registration_number ?? null, trademark_id: c.trademark_id, proceeding_id: null, source: c.source });
      }
    }
    for (const p of proceedings) {
      const mine = p.parties.filter((x) => x.properties.some((m) => m.trademark_id === id));
      for (const side of mine) {
        const against = side.role === 'defendant' ? 'plaintiff' : side.role === 'plaintiff' ? 'defendant' : null;
        if (!against) continue;
        for (const other of p.parties.filter((x) => x.role === against).flatMap((x) => x.properties)) {
          if (other.trademark_id === id) continue;
          out.push({
            object: 'citation',
            direction: side.role === 'defendant' ? 'cited_against' : 'asserted_against',
            relation: proceedingKind(p),
            office_code: p.office_code,
            application_number: other.application_number,
            registration_number: other.registration_number,
            trademark_id: other.trademark_id,
            proceeding_id: p.id,
            source: p.source_format,
          });
        }
      }
    }
    const rows = await stored(ctx, out.flatMap((c) => (c.trademark_id ? [c.trademark_id] : [])));
    const data = out
      .filter((c) => !input.direction || c.direction === input.direction)
      .map((c) => {
        const r = c.trademark_id ? rows.get(c.trademark_id) : undefined;
        return { ...c, mark_text: r?.mark_text ?? null, status: r?.status.primary ?? null };
      });
    return referenceList(ctx, data);
  },
});
