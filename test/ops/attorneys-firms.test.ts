// Attorneys and firms with ids on real office files (USPTO daily XML and TSDR ST.96, EUIPO, PRH,
// PRV): fuzzy search by name, detail with counts, firms and clients, marks by id or name, bad
// input, and the representative index filled once from the marks a store held before migration 32.
import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/store/sqlite/sqlite.js';
import { ingestFiles } from '../../src/ingest/pipeline.js';
import { attorneyId, firmId } from '../../src/core/representatives.js';
import { getAttorney } from '../../src/ops/parties/get-attorney.js';
import { getFirm } from '../../src/ops/parties/get-firm.js';
import { searchAttorneys } from '../../src/ops/parties/search-attorneys.js';
import { searchFirms } from '../../src/ops/parties/search-firms.js';
import { listAttorneyTrademarks } from '../../src/ops/parties/party-trademarks.js';
import { listFirmTrademarks } from '../../src/ops/parties/party-trademarks.js';
import { tempContext, type TempContext } from '../helpers/factory.js';
import { callOp, errorOf } from '../helpers/ops.js';
import { itOnSqlite } from '../helpers/test-backend.js';

let t: TempContext;
beforeAll(async () => {
  t = tempContext();
  const tsdr = readdirSync('fixtures/uspto/tsdr').filter((f) => /ST96\.xml$/.test(f)).map((f) => `fixtures/uspto/tsdr/${f}`);
  const offices = ['fi', 'se'].flatMap((o) => readdirSync(`fixtures/offices/${o}`).map((f) => `fixtures/offices/${o}/${f}`));
  const files = [...tsdr, ...offices, 'fixtures/euipo/tm_list_size10.json', 'fixtures/uspto/daily-xml/apc180218-sample.xml'];
  expect((await ingestFiles(t.ctx, files)).failed_files).toEqual([]);
});
afterAll(async () => {
  await t.cleanup();
});

describe('attorneys', () => {
  it('finds an attorney by a near spelling and lists every attorney by marks without q', async () => {
    const hits = await callOp(t.ctx, searchAttorneys, { q: 'jim salter' });
    expect(hits.data[0]).toMatchObject({ id: attorneyId('Jim H. Salter'), object: 'attorney', name: 'Jim H. Salter', trademark_count: 3, offices: ['US'] });
    const all = await callOp(t.ctx, searchAttorneys, { limit: 100, include_total: true });
    expect(all.data[0]!.name).toBe('Jim H. Salter');
    expect(all.data.map((d) => d.trademark_count)).toEqual([...all.data.map((d) => d.trademark_count)].sort((a, b) => b - a));
    // Firms named as representatives are not attorneys.
    expect(all.data.some((d) => /LLP|Oy/.test(d.name))).toBe(false);
  });

  it('shows an attorney: spellings, counts, firm and clients', async () => {
    const out = await callOp(t.ctx, getAttorney, { id: 'JIM H. SALTER' });
    expect(out).toMatchObject({ id: attorneyId('Jim H. Salter'), name: 'Jim H. Salter', aliases: [], normalized_name: 'jim h salter', offices: ['US'] });
    expect(out.counts).toMatchObject({ trademarks: 3, by_office: { US: 3 } });
    expect('firms' in out && out.firms).toEqual([{ id: firmId('INVENTIVE PATENT LAW P.C.'), name: 'INVENTIVE PATENT LAW P.C.', trademark_count: 3 }]);
    expect(out.clients[0]).toMatchObject({ name: 'TuSimple', trademark_count: 3 });
  });

  it('lists its marks by id or by name, and refuses other ids and unknown names', async () => {
    const byId = await callOp(t.ctx, listAttorneyTrademarks, { id: attorneyId('Jim H. Salter') });
    expect(byId.data.map((r) => r.application_number).sort()).toEqual(['87310367', '87703889', '87703896']);
    const byName = await callOp(t.ctx, listAttorneyTrademarks, { id: 'jim h. SALTER' });
    expect(byName.data.map((r) => r.id)).toEqual(byId.data.map((r) => r.id));
    expect((await errorOf(callOp(t.ctx, getAttorney, { id: 'tm_392df2803b9f6ed78113' }))).type).toBe('id_type_mismatch');
    expect((await errorOf(callOp(t.ctx, getAttorney, { id: firmId('Holland & Hart LLP') }))).type).toBe('id_type_mismatch');
    expect((await errorOf(callOp(t.ctx, getAttorney, { id: 'Zebulon Quartermaine' }))).type).toBe('not_found');
    expect((await errorOf(callOp(t.ctx, getAttorney, { id: 'att_0000' }))).type).toBe('not_found');
    expect(() => searchAttorneys.input.parse({ q: 'j' })).toThrow(/at least 2 characters/);
  });
});

describe('firms', () => {
  it('groups spellings of one firm across legal-form order (PRH: Kolster Oy Ab, Oy Kolster Ab)', async () => {
    const hits = await callOp(t.ctx, searchFirms, { q: 'kolster' });
    expect(hits.data).toHaveLength(1);
    const firm = await callOp(t.ctx, getFirm, { id: hits.data[0]!.id });
    expect(firm.counts.by_office).toEqual({ FI: firm.counts.trademarks });
    expect([firm.name, ...firm.aliases].sort()).toEqual(['Kolster Oy Ab', 'Oy Kolster Ab']);
  });

  it('shows a firm with its attorneys; its marks by name', async () => {
    const firm = await callOp(t.ctx, getFirm, { id: 'holland & hart' });
    expect(firm).toMatchObject({ object: 'firm', name: 'Holland & Hart LLP' });
    expect('attorneys' in firm && firm.attorneys).toEqual([{ id: attorneyId('Andrew Roppel'), name: 'Andrew Roppel', trademark_count: 2 }]);
    const marks = await callOp(t.ctx, listFirmTrademarks, { id: 'Marks & Clerk LLP' });
    expect(marks.data.map((r) => r.mark_text).sort()).toEqual(['ARAPHAT', 'THE DARK ALTERNATIVE']);
    const only = await callOp(t.ctx, searchFirms, { q: 'marks clerk', office: 'US' });
    expect(only.data).toEqual([]);
  });
});

describe('migration 32 on a store that already holds marks', () => {
  itOnSqlite('fills the representative index from the stored records once', async () => {
    const s = tempContext();
    try {
      await ingestFiles(s.ctx, ['fixtures/uspto/daily-xml/apc180218-sample.xml']);
      const path = s.ctx.store.path;
      const count = (db: ReturnType<typeof openDatabase>) => db.prepare('SELECT COUNT(*) AS n FROM trademark_representatives').get() as { n: number };
      await s.ctx.store.close();
      const before = openDatabase(path);
      const expected = count(before).n;
      expect(expected).toBeGreaterThan(20);
      before.exec('DROP TABLE trademark_representatives; DELETE FROM schema_migrations WHERE version = 32;');
      before.close();
      const after = openDatabase(path);
      expect(count(after).n).toBe(expected);
      after.close();
    } finally {
      await s.cleanup();
    }
  });
});
