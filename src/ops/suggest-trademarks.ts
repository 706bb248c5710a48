// suggest_trademarks: type-ahead over mark texts (GET /v1/trademarks/suggest): marks whose text,
// ignoring punctuation and spacing, starts with the prefix; equal first, then shorter, then newer.
import { z } from 'zod';
import { listEnvelope } from '../core/schemas/envelope.js';
import { StatusPrimary } from '../core/schemas/status.js';
import { TmError } from '../errors.js';
import { compact } from '../search/normalize.js';
import { forAgents } from '../core/agent-schema.js';
import { AgentOffices, splitList } from '../search/params.js';
import { defineOp } from './define-op.js';

export const Suggestion = z.object({
  object: z.literal('suggestion'),
  text: z.string(),
  trademark_id: z.string(),
  office_code: z.string(),
  status: StatusPrimary,
});

export const suggestTrademarks = defineOp({
  name: 'suggest_trademarks',
  summary: 'Suggest mark texts that start with a prefix',
  description: 'Type-ahead for mark texts: up to `limit` distinct texts starting with `q` (punctuation and spacing ignored), exact first, then shorter, then newer. Use search_trademarks for similarity.',
  scope: 'trademarks:read',
  meter: 'search',
  readOnly: true,
  replicaReads: true,
  http: { method: 'GET', path: '/v1/trademarks/suggest', aliases: ['/v1/suggest'] },
  cli: { command: 'suggest <q>', flags: { office: 'offices' } },
  input: z.object({
    q: z.string().describe('Prefix of the mark text (2+ characters)'),
    offices: forAgents(z.union([z.string(), z.array(z.string())]).optional().describe('Office codes, e.g. US,EM'), AgentOffices),
    limit: forAgents(z.union([z.number(), z.string()]).optional().describe('1-20, default 10'), z.number().int().min(1).max(20)),
  }),
  output: listEnvelope(Suggestion),
  run: async (ctx, input) => {
    const prefix = compact(input.q);
    if (prefix.length < 2) throw new TmError('validation_error', 'q: needs at least 2 characters besides punctuation and spacing.', { param: 'q' });
    const limit = input.limit === undefined ? 10 : Number(input.limit);
    if (!Number.isInteger(limit) || limit < 1 || limit > 20) throw new TmError('validation_error', `limit: expected an integer from 1 to 20, got '${String(input.limit)}'.`, { param: 'limit' });
    const offices = splitList(input.offices).map((o) => o.toUpperCase());
    // Read a few extra rows so that repeated texts (one mark filed in several offices) collapse.
    const ids = await ctx.index.list({ offices, text: { startsWith: [prefix] } }, { text: prefix }, limit * 4, 0);
    const records = await ctx.store.trademarks.get(ids);
    const seen = new Set<string>();
    const data: z.infer<typeof Suggestion>[] = [];
    for (const id of ids) {
      const r = records.get(id);
      if (!r?.mark_text || seen.has(r.mark_text.toLowerCase()) || data.length >= limit) continue;
      seen.add(r.mark_text.toLowerCase());
      data.push({ object: 'suggestion', text: r.mark_text, trademark_id: r.id, office_code: r.office_code, status: r.status.primary });
    }
    return { object: 'list' as const, data, has_more: false, pagination: { cursor: null }, livemode: ctx.org?.livemode ?? true, request_id: ctx.requestId };
  },
});
