// The corpus of the search evaluation: ~18,000 real EUIPO word marks (data/similarity/), plus the
// earlier mark of every decided pair filed as US/P<i>. Shared by eval:search, the fusion fit and
// the ceiling evaluation.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { createContext, type Context } from '../../src/context.js';
import { emptyRecord } from '../../src/core/empty-record.js';
import type { TrademarkRecord } from '../../src/core/schemas/trademark.js';
import type { Analysis } from '../../src/search/analyze.js';
import { COMMON_CAP, commonnessOf, type Commonness } from '../../src/search/fusion.js';
import type { Pair } from './eval-pairs.js';
import { repoRoot } from './results.js';

/** [EUTM number, verbal element, filing date] */
export type EuipoMark = [string, string, string | null];

export const loadEuipo = (): EuipoMark[] =>
  (JSON.parse(gunzipSync(readFileSync(join(repoRoot, 'data', 'similarity', 'euipo-2020-texts.json.gz'))).toString('utf8')) as { marks: EuipoMark[] }).marks;

const record = (office: string, number: string, text: string, filed: string | null): TrademarkRecord => ({
  ...emptyRecord(office, number, 'eval'),
  mark_text: text,
  mark_type: 'word',
  status: { primary: 'active', stage: 'registered', reason: null, challenges: [], effective_date: null, basis: 'office', raw: null },
  filing_date: filed,
  source_date: '2026-01-01',
});

/** The corpus texts in store order: the EUIPO marks, then each pair's earlier mark. */
export const corpusTexts = (euipo: readonly EuipoMark[], pairs: readonly Pair[]): string[] => [...euipo.map((m) => m[1]), ...pairs.map((p) => p.earlier)];

/** How common a term is among the analysed corpus without a store: marks whose compact or near
 *  form contains it, up to the cap the index's count stops at; each term counted once. */
export const corpusCommonness = (corpus: readonly Analysis[]): Commonness => {
  const counts = new Map<string, number>();
  return (term) => {
    let n = counts.get(term);
    if (n === undefined) {
      n = 0;
      for (const c of corpus) if ((c.compact.includes(term) || c.near.includes(term)) && ++n >= COMMON_CAP) break;
      counts.set(term, n);
    }
    return commonnessOf(n);
  };
};

/** A store holding the corpus, indexed: a temporary SQLite file, or the (empty) store at `location`
 *  (a PostgreSQL URL); `close` removes the temporary file. */
export const openEvalStore = async (euipo: readonly EuipoMark[], pairs: readonly Pair[], location?: string): Promise<{ ctx: Context; close: () => Promise<void> }> => {
  const dir = mkdtempSync(join(tmpdir(), 'tm-eval-'));
  // Relevance does not depend on load: a budget of ten minutes never cuts a search short.
  const ctx = createContext({ db: location ?? join(dir, 'tm.db'), now: '2026-11-22T12:00:00.000Z', requestBudgetMs: 600_000 });
  const records = euipo.map(([n, text, date]) => record('EM', n, text, date));
  pairs.forEach((p, i) => records.push(record('US', `P${i}`, p.earlier, '2000-01-01')));
  for (let i = 0; i < records.length; i += 5000) await ctx.store.trademarks.upsert(records.slice(i, i + 5000), '2026-01-01T00:00:00.000Z');
  await ctx.index.sync();
  return {
    ctx,
    close: async () => {
      await ctx.store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
};
