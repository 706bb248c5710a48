// Plurals and title-case headers (issue 26 point 13): walks the human views of the CLI on a real
// store, each list at one row and at two, and checks that a count of one takes the singular
// ("1 result", never "1 results") and that every table header is in title case.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderWatchRun } from '../../src/cli/views/monitor-view.js';
import { renderHuman } from '../../src/cli/views/index.js';
import { rowCount } from '../../src/cli/views/export.js';
import { count, titleCase } from '../../src/cli/views/words.js';
import { ingestFiles } from '../../src/ingest/pipeline.js';
import { OPERATIONS } from '../../src/ops/registry.js';
import { tempContext, type TempContext } from '../helpers/factory.js';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const FIXTURES = ['fixtures/uspto/daily-xml/apc180218-sample.xml', 'fixtures/euipo/tm_list_size10.json'].map((f) => join(import.meta.dirname, '../..', f));
/** Nouns the views count: "1 <plural>" is the fault looked for. */
const PLURAL_AFTER_ONE = /(?<![\d,.])1 (?:new |active |missed |change |watch )?(results|rows|marks|hits|alerts|changes|watches|records|files|events|items|deadlines|attempts|matches)\b/;
const SMALL = new Set(['a', 'an', 'and', 'as', 'at', 'by', 'for', 'in', 'of', 'on', 'or', 'per', 'the', 'to', 'vs']);

/** The header line of every table in a text: the line above a rule of ─. */
const headersOf = (text: string): string[] => {
  const lines = text.split('\n');
  return lines.flatMap((l, i) => (i > 0 && /^[─ ]+$/.test(l) && l.includes('─') ? lines[i - 1]!.trim().split(/\s{2,}/) : []));
};
const isTitle = (header: string): boolean =>
  header.split(/\s+/).every((w, i) => /^[^a-z]/.test(w) || (i > 0 && SMALL.has(w)));

let tmp: TempContext;
let portfolio = '';
const opByName = new Map(OPERATIONS.map((op) => [op.name, op]));

/** An operation's output as its human view prints it on a terminal. */
const rendered = async (name: string, input: Record<string, unknown>): Promise<string> => {
  const op = opByName.get(name)!;
  const output = await op.run(tmp.ctx, op.input.parse(input));
  const chunks: string[] = [];
  const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => (chunks.push(String(chunk)), true));
  try {
    await renderHuman(name, output);
  } finally {
    spy.mockRestore();
  }
  return chunks.join('');
};

beforeAll(async () => {
  tmp = tempContext();
  // A loaded machine must not turn a search into a 503: this test is about words, not speed.
  (tmp.ctx.config as { requestBudgetMs: number }).requestBudgetMs = 600_000;
  await ingestFiles(tmp.ctx, FIXTURES);
  await tmp.ctx.index.sync();
  const created = (await opByName.get('create_portfolio')!.run(tmp.ctx, { name: 'One mark' })) as { id: string };
  portfolio = created.id;
  await opByName.get('add_portfolio_marks')!.run(tmp.ctx, { id: portfolio, trademark_ids: ['US:87310367'] });
});
afterAll(() => tmp.cleanup());

describe('words', () => {
  it('count() and titleCase()', () => {
    expect([count(0, 'result'), count(1, 'result'), count(2, 'result'), count(12345, 'match', 'matches')]).toEqual(['0 results', '1 result', '2 results', '12,345 matches']);
    expect([rowCount(1), rowCount(2)]).toEqual(['1 row', '2 rows']);
    expect(titleCase('last sync (utc)')).toBe('Last Sync (UTC)');
    expect(titleCase('differences (theirs → ours)')).toBe('Differences (Theirs → Ours)');
    expect(titleCase('raw label')).toBe('Raw Label');
    expect(titleCase('marks per office')).toBe('Marks per Office');
    expect(titleCase('trademark id')).toBe('Trademark ID');
  });

  it('the watch-run summary says each count in its number', () => {
    expect(renderWatchRun({ watches: 1, changes: 1, alerts: [] })).toBe('0 new alerts from 1 change over 1 active watch');
    expect(renderWatchRun({ watches: 2, changes: 3, alerts: [] })).toBe('0 new alerts from 3 changes over 2 active watches');
  });

  const CASES: [string, Record<string, unknown>][] = [
    ['search_trademarks', { q: 'cutex', limit: 1 }],
    ['search_trademarks', { q: 'cutex', limit: 2, include_total: true }],
    ['list_deadlines', { limit: 1 }],
    ['list_deadlines', { limit: 2 }],
    ['list_deadline_rules', { office: 'US' }],
    ['list_status_codes', { limit: 2 }],
    ['list_offices', {}],
    ['get_stats', {}],
    ['get_trademark', { id: 'US:87310367' }],
    ['get_trademark_history', { id: 'US:87310367', limit: 1 }],
    ['list_portfolios', {}],
    ['get_portfolio', { id: 'PORTFOLIO' }],
    ['get_portfolio_composition', { portfolio_id: 'PORTFOLIO' }],
    ['get_renewal_load', { portfolio_id: 'PORTFOLIO', as_of_date: '2026-11-22' }],
    ['get_filing_analytics', { portfolio_id: 'PORTFOLIO' }],
    ['list_owner_trademarks', { id: 'US:87310367', limit: 1 }],
    ['create_screening', { mark: 'CUTEX', limit: 1 }],
    ['list_screenings', {}],
    ['list_watches', {}],
    ['list_alerts', {}],
  ];

  it.each(CASES)('%s %j: singular after one, title-case headers', async (name, input) => {
    const args = Object.fromEntries(Object.entries(input).map(([k, v]) => [k, v === 'PORTFOLIO' ? portfolio : v]));
    if (name === 'list_owner_trademarks') {
      const mark = (await opByName.get('get_trademark')!.run(tmp.ctx, { id: 'US:87310367' })) as { owners: { owner_id: string }[] };
      args.id = mark.owners[0]!.owner_id;
    }
    const text = await rendered(name, args);
    expect(text.trim().length).toBeGreaterThan(0);
    expect({ name, plural: PLURAL_AFTER_ONE.exec(text)?.[0] ?? null }).toEqual({ name, plural: null });
    for (const header of headersOf(text)) expect({ name, header, title: isTitle(header) }).toEqual({ name, header, title: true });
  });
});
