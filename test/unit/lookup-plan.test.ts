// Issue 11, fault 5: a lookup by `OFFICE:number` must be an index search on office and number, not
// a scan of the office. SQLite's own EXPLAIN QUERY PLAN of the two statements the repository runs,
// on a store of one large office, before and after ANALYZE; the OR form they replaced is the
// control that shows the check can fail (without statistics it searches on office_code only).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BY_APP_KEY, BY_REG_KEY } from '../../src/store/sqlite/trademark-repo.js';
import { makeRecord, tempContext, type TempContext } from '../helpers/factory.js';
import { sqliteDb } from '../../src/store/sqlite/store.js';

let t: TempContext;
beforeAll(async () => {
  t = tempContext();
  const records = Array.from({ length: 3000 }, (_, i) =>
    makeRecord({ office_code: 'US', application_number: String(80_000_000 + i), registration_number: String(5_000_000 + i) }),
  );
  await t.ctx.store.trademarks.upsert(records, '2026-11-01T00:00:00.000Z');
});
afterAll(async () => t.cleanup());

const plan = (sql: string): string =>
  (sqliteDb(t.ctx.store).prepare(`EXPLAIN QUERY PLAN ${sql}`).all('US', '80001234') as { detail: string }[]).map((r) => r.detail).join('; ');

describe('OFFICE:number lookup plan', () => {
  it('searches the index on office and number, with and without statistics', () => {
    // Control: the single statement with an OR over both keys, which these replaced, uses the
    // office alone when SQLite has no statistics (it reads every mark of the office).
    const or = (sqliteDb(t.ctx.store).prepare('EXPLAIN QUERY PLAN SELECT id FROM trademarks WHERE office_code = ? AND (app_key = ? OR reg_key = ?) LIMIT 1').all('US', '1', '1') as { detail: string }[]);
    expect(or.map((r) => r.detail).join('; ')).toMatch(/\(office_code=\?\)$/);
    for (const stats of [false, true]) {
      if (stats) sqliteDb(t.ctx.store).exec('ANALYZE');
      expect(plan(BY_APP_KEY)).toMatch(/^SEARCH trademarks USING (COVERING )?INDEX trademarks_app \(office_code=\? AND app_key=\?\)$/);
      expect(plan(BY_REG_KEY)).toMatch(/^SEARCH trademarks USING (COVERING )?INDEX trademarks_reg \(office_code=\? AND reg_key=\?\)$/);
    }
  });

  it('finds a mark by application and by registration number', async () => {
    const id = await t.ctx.store.trademarks.findId('us', '80001234');
    expect(id).not.toBeNull();
    expect(await t.ctx.store.trademarks.findId('US', '5001234')).toBe(id);
    expect(await t.ctx.store.trademarks.findId('US', '79999999')).toBeNull();
  });
});
