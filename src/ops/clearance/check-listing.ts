// check_listing: the earlier-shape `POST /v1/analysis/check` (spec §4.3, §2.10 clearance result):
// registered marks that appear in a product listing, found in one pass by a multi-pattern matcher
// over every live mark, rated by class, status and where they appear.
import { z } from 'zod';
import { isCoordinated } from '../../clearance/goods.js';
import { fieldWords, snippetAt } from '../../clearance/mark-matcher.js';
import { TmError } from '../../errors.js';
import { defineOp } from '../define-op.js';
import { NiceClassList, OfficeList, resolveOffices } from './inputs.js';
import { listingMatcher } from './listing-matcher.js';
import { clearanceOf, Finding, rateFinding, type Strictness } from '../../clearance/listing.js';

/** Listing text accepted, all fields together (DESIGN.md "Bounded work"). */
export const LISTING_MAX = 10_000;
const FINDINGS_MAX = 50;

export const checkListing = defineOp({
  name: 'check_listing',
  summary: 'Check a product listing for registered marks',
  description:
    'Finds registered and pending marks in a product listing (title, description, tags) in the given jurisdictions, with a 0-100 clearance score (100 = clear), findings and guidance. `class_strictness`: strict, related (default) or any class.',
  scope: 'trademarks:read',
  meter: 'search',
  readOnly: true,
  mcpTool: true,
  http: { method: 'POST', path: '/v1/analysis/check', shape: 'earlier' },
  cli: { command: 'check <title>' },
  input: z.strictObject({
    title: z.string().optional().describe('CLI: the listing title (HTTP: payload.title)'),
    content_type: z.string().default('listing'),
    payload: z
      .strictObject({
        title: z.string().default(''),
        description: z.string().default(''),
        tags: z.array(z.string()).default([]),
        classes: NiceClassList.default([]),
      })
      .default({ title: '', description: '', tags: [], classes: [] }),
    jurisdictions: OfficeList.optional().describe('Office codes, e.g. US,EM (default: all)'),
    options: z
      .strictObject({
        class_strictness: z.enum(['strict', 'related', 'any']).default('related'),
        fuzzy_level: z.enum(['off', 'low', 'medium', 'medium_famous_only', 'high']).default('medium_famous_only'),
        return_snippets: z.boolean().default(false),
      })
      .default({ class_strictness: 'related', fuzzy_level: 'medium_famous_only', return_snippets: false }),
  }),
  output: z.object({
    success: z.literal(true),
    data: z.object({
      clearance: z.object({ score: z.number().int().min(0).max(100), bucket: z.string(), summary: z.string() }),
      findings: z.array(Finding),
      guidance: z.array(z.string()),
      meta: z.object({ marks_checked: z.number().int(), fields: z.array(z.string()), class_strictness: z.string(), fuzzy_level: z.string(), jurisdictions: z.array(z.string()), truncated: z.boolean() }),
    }),
  }),
  run: async (ctx, input) => {
    const payload = { ...input.payload, title: input.payload.title || input.title || '' };
    const size = payload.title.length + payload.description.length + payload.tags.join(' ').length;
    if (size > LISTING_MAX) throw new TmError('validation_error', `payload: the listing is ${size} characters; the limit is ${LISTING_MAX}.`, { param: 'payload' });
    if (size === 0) throw new TmError('validation_error', 'payload: give a title, description or tags to check.', { param: 'payload' });
    const offices = new Set(resolveOffices('jurisdictions', input.jurisdictions));
    const strictness: Strictness = payload.classes.length ? input.options.class_strictness : 'any';
    const { matcher, marks } = await listingMatcher(ctx);
    const fuzzy = input.options.fuzzy_level !== 'off';
    const best = new Map<string, z.infer<typeof Finding>>();
    for (const [where, text] of [['title', payload.title], ['description', payload.description], ['tags', payload.tags.join(' ')]] as const) {
      if (!text) continue;
      const field = fieldWords(text);
      for (const m of matcher(input.options.fuzzy_level).find(field.words, fuzzy)) {
        for (const id of matcher(input.options.fuzzy_level).ids(m.key)) {
          const mark = marks.get(id)!;
          if (offices.size && !offices.has(mark.office_code)) continue;
          const classMatch = strictness === 'any' ? 'any' : mark.classes.some((c) => payload.classes.includes(c)) ? 'same' : mark.classes.some((c) => payload.classes.some((p) => isCoordinated(p, c))) ? 'coordinated' : 'other';
          if ((strictness === 'strict' && classMatch !== 'same') || (strictness === 'related' && classMatch === 'other')) continue;
          const finding = rateFinding(mark, m.kind, where, classMatch, input.options.return_snippets ? snippetAt(field, m.start, m.end) : null);
          const prev = best.get(id);
          if (!prev || finding.risk > prev.risk) best.set(id, finding);
        }
      }
    }
    const all = [...best.values()].sort((a, b) => b.risk - a.risk || a.trademark_id.localeCompare(b.trademark_id));
    const records = await ctx.store.trademarks.get(all.slice(0, FINDINGS_MAX).map((f) => f.trademark_id));
    const findings = all.slice(0, FINDINGS_MAX).map((f) => {
      const r = records.get(f.trademark_id);
      return { ...f, application_number: r?.application_number ?? null, owner: r?.owners[0]?.name ?? null };
    });
    const result = clearanceOf(findings);
    return {
      success: true as const,
      data: {
        ...result,
        findings,
        meta: { marks_checked: marks.size, fields: ['title', 'description', 'tags'], class_strictness: strictness, fuzzy_level: input.options.fuzzy_level, jurisdictions: [...offices], truncated: all.length > findings.length },
      },
    };
  },
});
