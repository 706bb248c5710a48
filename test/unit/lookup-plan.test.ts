// Issue 11, fault 5: a lookup by `OFFICE:number` must be an index search on office and number, not
// a scan of the office. SQLite's own EXPLAIN QUERY PLAN of the two statements the repository runs,
// on a store of one large office, before and after ANALYZE; the OR form they replaced is the
// control that shows the check can fail (without statistics it searches on office_code only).
// Issue 28: a scan in id order keeps off the office, status and filing-date indexes, and the status
// index is gone (every plan that took it read more rows than the primary key or a party index).
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BY_APP_KEY, BY_REG_KEY, trademarkWhere } from '../../src/store/sqlite/trademark-repo.js';
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

describe('scan and filter plans (issue 28)', () => {
  const detail = (sql: string, params: unknown[]): string =>
    (sqliteDb(t.ctx.store).prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[]).map((r) => r.detail).join('; ');

  it('a scan pages through the primary key whatever office, status or filing dates it filters on', () => {
    const w = trademarkWhere({ offices: ['US'], statusPrimary: ['active', 'pending'], filingDateGte: '2000-01-01' }, true);
    const sql = `SELECT id, record FROM trademarks t ${w.sql} AND t.id > ? ORDER BY t.id LIMIT ?`;
    // Control, without statistics (the earlier test's ANALYZE dropped): the filter as a list's WHERE
    // takes the office index and sorts every US mark (why a scan keeps off it).
    sqliteDb(t.ctx.store).exec('DROP TABLE IF EXISTS sqlite_stat1');
    const fresh = new Database(join(t.dir, 'tm.db'), { readonly: true });
    const list = trademarkWhere({ offices: ['US'] });
    const control = fresh.prepare(`EXPLAIN QUERY PLAN SELECT id FROM trademarks t ${list.sql} AND t.id > ? ORDER BY t.id LIMIT 1000`).all(...list.params, '') as { detail: string }[];
    fresh.close();
    expect(control.map((r) => r.detail).join('; ')).toMatch(/trademarks_reg \(office_code=\?\).*TEMP B-TREE/);
    for (const stats of [false, true]) {
      if (stats) sqliteDb(t.ctx.store).exec('ANALYZE');
      expect(detail(sql, [...w.params, '', 1000])).toMatch(/^SEARCH t USING INDEX sqlite_autoindex_trademarks_1 \(id>\?\)$/);
    }
  });

  it('a party filter reads the party index, and the status and filing-date indexes are gone', () => {
    const w = trademarkWhere({ ownerIds: ['own_1'], statusPrimary: ['active'] });
    expect(detail(`SELECT record FROM trademarks t ${w.sql} ORDER BY filing_date DESC, id DESC LIMIT 10`, w.params)).toMatch(/COVERING INDEX trademark_owners_owner \(owner_id=\?\)/);
    expect(sqliteDb(t.ctx.store).prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND name IN ('trademarks_status', 'trademarks_filing')").all()).toEqual([]);
  });
});
