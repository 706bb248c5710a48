// Issue 23's property: over a few hundred generated pairs of real EUIPO marks (copies in every
// family, and unrelated pairs), `compare`, the search hit, the screening hit and a similarity
// watch's diagnostics give the same relevance and tier.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Context } from '../../src/context.js';
import { trademarkId } from '../../src/core/ids.js';
import { analyze } from '../../src/search/analyze.js';
import { distinctive } from '../../src/search/families.js';
import { referenceCommonness } from '../../src/search/reference-commonness.js';
import { loadEuipo } from '../../bench/lib/eval-corpus.js';
import { agree, readSurfaces, type SurfaceReadings } from '../../bench/lib/surfaces.js';
import { generateVariants, rng } from '../../bench/lib/variants.js';
import { makeRecord, tempContext, type TempContext } from '../helpers/factory.js';

const NOW = '2026-11-22T12:00:00.000Z';
let t: TempContext;
let org: Context;
const stored = new Map<string, string>();
let pairs: { later: string; earlier: string }[] = [];

beforeAll(async () => {
  t = tempContext(NOW);
  org = { ...t.ctx, org: { id: 'org_judge', name: 'Judge', livemode: true } };
  const euipo = loadEuipo();
  const r = rng(23);
  const sources = Array.from({ length: 400 }, () => euipo[Math.floor(r() * euipo.length)]![1]);
  const variants = generateVariants(sources, 22, 23, (part) => distinctive(analyze(part), referenceCommonness));
  // Unrelated pairs too: a variant's earlier mark against another source mark.
  const unrelated = variants.slice(0, 40).map((v, i) => ({ later: v.later, earlier: sources[(i * 7 + 3) % sources.length]! }));
  pairs = [...variants, ...unrelated];
  const texts = [...new Set([...pairs.map((p) => p.earlier), ...sources.slice(0, 100)])];
  await t.ctx.store.trademarks.upsert(texts.map((text, i) => makeRecord({ mark_text: text, office_code: 'EM', application_number: String(100000 + i) })), NOW);
  await t.ctx.index.sync();
  texts.forEach((text, i) => stored.set(text, trademarkId('EM', String(100000 + i))));
});
afterAll(async () => t.cleanup());


describe('one judgement on every surface', () => {
  it('compare, search, screening and watch diagnostics agree on every generated pair', async () => {
    expect(pairs.length).toBeGreaterThanOrEqual(250);
    const disagreements: string[] = [];
    let complete = 0;
    for (const p of pairs) {
      const r: SurfaceReadings = await readSurfaces(org, p.later, p.earlier, stored.get(p.earlier)!);
      if (!agree(r)) disagreements.push(`${p.later} / ${p.earlier}: ${JSON.stringify(r)}`);
      if (r.search && r.screening && r.watch && r.compare.tier) complete++;
    }
    expect(disagreements).toEqual([]);
    // Most pairs are hits on all four surfaces, so the agreement is not vacuous.
    expect(complete / pairs.length).toBeGreaterThan(0.8);
  }, 300_000);
});
