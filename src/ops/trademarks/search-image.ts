// search_image: figurative search by image (`POST /v1/search/image`, spec §4.3; `tm search-image
// FILE`). The upload is hashed as stored mark images are (src/search/figure/phash.ts) and marks
// rank by hash similarity (1 − Hamming distance / 64), kept from `threshold` up, in the earlier shape.
// `tm search --image FILE` runs it too (cli.flagOn).
import { performance } from 'node:perf_hooks';
import { z } from 'zod';
import { TmError } from '../../errors.js';
import { hashSimilarity, imageHash } from '../../search/figure/phash.js';
import { defineOp } from '../define-op.js';
import { EarlierTrademark, earlierEnvelope, toEarlierTrademark } from '../earlier-shape.js';
import { resolveOfficeCodes } from '../reference/data.js';
import { UPLOAD_MAX_BYTES } from '../text-limits.js';
import { recordsWithIrFamilies } from './ir-family.js';

/** Spec §8: 10 MB, as base64 text (4 characters for 3 bytes). */
/** Spec §4.3 and §8: an image search costs 3 credits, counted as 3 search units in usage. */
const IMAGE_SEARCH_CREDITS = 3;

export const searchImage = defineOp({
  name: 'search_image',
  summary: 'Search trademarks by image (earlier shape, POST /v1/search/image)',
  description:
    'Finds marks whose stored image looks like the uploaded one (PNG, JPEG, GIF or WebP, at most 10 MB): a perceptual hash that survives rescaling, recolouring, small crops and re-encoding. `threshold` (0-1, default 0.75) is the lowest similarity_score returned. Only marks whose images were ingested (tm ingest --images) can match. 3 credits.',
  scope: 'trademarks:read',
  meter: 'search',
  credits: IMAGE_SEARCH_CREDITS,
  readOnly: true,
  http: { method: 'POST', path: '/v1/search/image', shape: 'earlier', upload: 'image' },
  // No current-shape operation searches by image, so the earlier-shape route is an agent's tool too (base64 image).
  mcpTool: true,
  cli: { command: 'search-image <image>', flagOn: 'search', file: { arg: 'image', binary: true, read: (base64) => ({ image: base64 }) } },
  input: z.strictObject({
    image: z.string().min(1).describe('The image, base64 (HTTP: a multipart file field)'),
    office: z.array(z.string().regex(/^[A-Za-z]{2}$/)).optional().describe('Office code or comma list'),
    threshold: z.number().min(0).max(1).default(0.75).describe('Lowest similarity_score returned (default 0.75)'),
    classes: z.array(z.number().int().min(1).max(45)).optional().describe('Nice classes 1 to 45'),
    limit: z.number().int().min(1).max(100).default(50),
  }),
  output: earlierEnvelope(
    z.object({
      results: z.array(EarlierTrademark),
      pagination: z.object({ total_results: z.number().int(), has_more: z.boolean(), next_cursor: z.string().nullable() }),
      search_metadata: z.object({ query: z.string(), search_type: z.string(), query_time_ms: z.number().int(), offices_searched: z.array(z.string()), credits_used: z.number().int() }),
    }),
  ),
  run: async (ctx, input) => {
    const started = performance.now();
    const bytes = Buffer.from(input.image, 'base64');
    if (bytes.length > UPLOAD_MAX_BYTES) throw new TmError('payload_too_large', 'The image upload is larger than 10 MB.', { param: 'image' });
    const offices = input.office?.map((o) => o.toUpperCase());
    resolveOfficeCodes(offices, 'office');
    const query = await imageHash(bytes);
    const scored = (await ctx.store.figures.imageHashes(offices?.length ? offices : null))
      .map((h) => ({ id: h.trademark_id, score: hashSimilarity(query, h.hash) }))
      .filter((h) => h.score >= input.threshold)
      .sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : 1));
    const stored = await ctx.store.trademarks.get(scored.map((h) => h.id));
    const wanted = input.classes ? new Set(input.classes) : null;
    const kept = scored.filter((h) => {
      const r = stored.get(h.id);
      return r && (!wanted || r.classifications.some((c) => c.nice_class !== null && wanted.has(c.nice_class)));
    });
    const page = kept.slice(0, input.limit);
    const records = await recordsWithIrFamilies(ctx, page.map((h) => h.id));
    return {
      success: true as const,
      data: {
        results: page.map((h) => ({ ...toEarlierTrademark(records.get(h.id)!), similarity_score: Math.round(h.score * 1000) / 1000 })),
        pagination: { total_results: kept.length, has_more: kept.length > page.length, next_cursor: null },
        search_metadata: {
          query: `image:${query}`,
          search_type: 'image',
          query_time_ms: Math.round(performance.now() - started),
          offices_searched: offices ?? [...new Set(scored.map((h) => stored.get(h.id)?.office_code ?? ''))].filter(Boolean).sort(),
          credits_used: IMAGE_SEARCH_CREDITS,
        },
      },
    };
  },
});
