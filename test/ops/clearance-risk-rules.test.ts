// Clearance leans towards the conflict (issue 23): on real data (the USPTO's PYTHON registration,
// TSDR fixture, and real EUIPO word marks without class data from data/similarity), an identical
// live mark is high, goods that were not compared are said first, and a class-scoped screening
// still screens earlier marks whose goods are unknown, saying how many.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyRecord } from '../../src/core/empty-record.js';
import type { TrademarkRow } from '../../src/core/schemas/trademark.js';
import { assessHit, hasGoodsData } from '../../src/clearance/risk.js';
import type { Screening } from '../../src/clearance/screening.js';
import { ingestFiles } from '../../src/ingest/pipeline.js';
import { createScreening } from '../../src/ops/clearance/create-screening.js';
import { rerunScreening } from '../../src/ops/clearance/rerun-screening.js';
import { getTrademark } from '../../src/ops/get-trademark.js';
import { tempContext, type TempContext } from '../helpers/factory.js';

const ROOT = join(import.meta.dirname, '..', '..');
const NOW = '2026-11-22T12:00:00.000Z';
/** EUTM 013065123, PYTON: one letter off PYTHON, filed with no class data in the EUIPO texts. */
const PYTON = '013065123';
let t: TempContext;

beforeAll(async () => {
  t = tempContext(NOW);
  const summary = await ingestFiles(t.ctx, [join(ROOT, 'fixtures/uspto/tsdr/sn76044902-ST96.xml')]);
  expect(summary.failed_files).toEqual([]);
  const euipo = (JSON.parse(gunzipSync(readFileSync(join(ROOT, 'data/similarity/euipo-2020-texts.json.gz'))).toString('utf8')) as { marks: [string, string, string | null][] }).marks;
  // A slice of the real marks plus PYTON, as published: text and filing date, no classes or status.
  const chosen = euipo.filter((m, i) => i < 3000 || m[0] === PYTON);
  const records = chosen.map(([number, text, filed]) => ({ ...emptyRecord('EM', number, 'euipo'), mark_text: text, mark_type: 'word' as const, filing_date: filed, source_date: '2020-12-31' }));
  await t.ctx.store.trademarks.upsert(records, NOW);
  await t.ctx.index.sync();
}, 60_000);
afterAll(async () => t.cleanup());

const clear = async (raw: Record<string, unknown>): Promise<Screening> => createScreening.output.parse(await createScreening.run(t.ctx, createScreening.input.parse(raw)));
const hitOf = (s: Screening, office: string, number: string) => s.hits.find((h) => h.office_code === office && h.application_number === number);

describe('clearance risk rules on real marks', () => {
  it('tm clear PYTHON: the identical active PYTHON registration is high, and goods not compared is the first warning', async () => {
    const s = await clear({ mark: 'PYTHON' });
    const python = hitOf(s, 'US', '76044902')!;
    expect(python.status.primary).toBe('active');
    expect(python.match?.tier).toBe('identical');
    expect(python.risk.level).toBe('high');
    expect(s.overall.risk).toBe('high');
    expect(s.warnings[0]).toMatch(/^Goods were not compared/);
  });

  it('tm clear PYTHON --class 9 still screens PYTON, which has no class data, and counts such marks', async () => {
    const s = await clear({ mark: 'PYTHON', classes: [9], limit: 100 });
    const pyton = hitOf(s, 'EM', PYTON)!;
    expect(pyton).toBeDefined();
    expect(pyton.classifications).toEqual([]);
    expect(pyton.goods?.level).toBe('unknown');
    expect(pyton.risk.reasons.find((r) => r.factor === 'goods')?.detail).toMatch(/no class or goods data/);
    // One letter off a mark not known to be dead: at least medium.
    expect(['high', 'medium']).toContain(pyton.risk.level);
    expect(s.warnings.some((w) => /^Goods were not compared/.test(w))).toBe(false);
    const listed = s.hits.filter((h) => !hasGoodsData(h)).length;
    const note = s.warnings.find((w) => /no class or goods data/.test(w))!;
    const [, screened, among] = note.match(/^(\d+) earlier marks? .*; (\d+) (?:is|are) among/)!;
    expect(Number(among)).toBe(listed);
    expect(Number(screened)).toBeGreaterThanOrEqual(listed);
    expect(note).toMatch(/limited to classes/);
    // The registration in class 9 is high; PYTON does not outrank it.
    expect(s.hits[0]!.application_number).toBe('76044902');
  });

  it('with goods but no classes (classes inferred), PYTON is still screened and a re-run keeps the warnings', async () => {
    const s = await clear({ mark: 'PYTHONIC', goods: 'computer software for programming' });
    expect(s.proposal.classes).toContain(9);
    expect(hitOf(s, 'EM', PYTON)).toBeDefined();
    expect(s.warnings.some((w) => /inferred from the goods/.test(w))).toBe(true);
    const again = rerunScreening.output.parse(await rerunScreening.run(t.ctx, { id: s.id }));
    expect(again.warnings).toEqual(s.warnings);
  });

  it('the floor gives way when the goods are known and unrelated, when the mark is dead, and for the own mark', async () => {
    const record = await getTrademark.run(t.ctx, getTrademark.input.parse({ id: 'US:76044902' }));
    const row = { ...record, match: { via: ['identical'], tier: 'identical', terms: ['python'] }, relevance_score: 100 } as TrademarkRow;
    const rate = (r: TrademarkRow, proposal: { classes: number[]; text: string | null; owner: string | null }) => assessHit({ row: r, text: 0.7, proposal, termCounts: new Map() });
    const none = { classes: [], text: null, owner: null };
    // The text score alone (0.7) would be medium at most: the tier and the live status make it high.
    expect(rate(row, none).level).toBe('high');
    expect(rate(row, { classes: [9], text: null, owner: null }).level).toBe('high');
    const unrelated = rate(row, { classes: [31], text: 'live fish', owner: null });
    expect(unrelated.goods?.level).toBe('unrelated');
    expect(unrelated.level).not.toBe('high');
    const dead = { ...row, status: { ...row.status, primary: 'inactive', stage: 'cancelled' }, derived: { ...row.derived, term: { ...row.derived.term, state: 'expired' } } } as TrademarkRow;
    expect(rate(dead, none).level).not.toBe('high');
    const grace = { ...dead, derived: { ...dead.derived, term: { ...dead.derived.term, state: 'in_grace' } } } as TrademarkRow;
    expect(rate(grace, none).level).toBe('high');
    expect(rate(row, { ...none, owner: 'Python Software Foundation' })).toMatchObject({ level: 'minimal', score: 0 });
    const similar = { ...row, match: { via: ['fuzzy'], tier: 'similar', terms: ['python'] } } as TrademarkRow;
    expect(rate(similar, none).level).toBe('medium');
    expect(assessHit({ row: similar, text: 0.99, proposal: none, termCounts: new Map() }).level).toBe('high');
  });
});
