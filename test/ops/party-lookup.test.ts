// Issue 30 point 3: a party name lookup reads indexes only (the word-prefix index and the marks
// counts of migration 050), a name with nothing to look up by is a 400, and the counts the
// triggers keep equal what the side tables hold after ingests, updates and the migration backfill.
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestFiles } from '../../src/ingest/pipeline.js';
import { getAttorney } from '../../src/ops/parties/get-attorney.js';
import { getFirm } from '../../src/ops/parties/get-firm.js';
import { getOwner } from '../../src/ops/parties/get-owner.js';
import { searchAttorneys } from '../../src/ops/parties/search-attorneys.js';
import { searchFirms } from '../../src/ops/parties/search-firms.js';
import { searchOwners } from '../../src/ops/parties/search-owners.js';
import { listAttorneyTrademarks } from '../../src/ops/parties/party-trademarks.js';
import { listFirmTrademarks } from '../../src/ops/parties/party-trademarks.js';
import { listOwnerTrademarks } from '../../src/ops/parties/party-trademarks.js';
import { searchOwnersEarlier } from '../../src/ops/search-owners-earlier.js';
import type { OpDefinition } from '../../src/ops/define-op.js';
import { openDatabase } from '../../src/store/sqlite/sqlite.js';
import { tempContext, type TempContext } from '../helpers/factory.js';
import { callOp, errorOf } from '../helpers/ops.js';
import { itOnSqlite } from '../helpers/test-backend.js';

const FILES = ['fixtures/uspto/daily-xml/apc180218-sample.xml', 'fixtures/euipo/tm_list_size10.json'];

/** Every SQL text run (all/get/iterate) on a connection opened while recording. */
const ran = new Set<string>();
let recording = false;
const realPrepare = Database.prototype.prepare;

let t: TempContext;
beforeAll(async () => {
  Database.prototype.prepare = function (this: Database.Database, source: string) {
    const stmt = realPrepare.call(this, source);
    for (const m of ['all', 'get', 'iterate'] as const) {
      const run = (stmt[m] as (...a: unknown[]) => unknown).bind(stmt);
      (stmt as unknown as Record<string, unknown>)[m] = (...a: unknown[]) => {
        if (recording) ran.add(source);
        return run(...a);
      };
    }
    return stmt;
  } as typeof Database.prototype.prepare;
  t = tempContext();
  expect((await ingestFiles(t.ctx, FILES)).failed_files).toEqual([]);
});
afterAll(async () => {
  Database.prototype.prepare = realPrepare;
  await t.cleanup();
});

/** The query plan lines of each statement a lookup ran that read a whole table rather than searched an index. */
const scans = (): string[] => {
  const db = new Database(t.ctx.store.path, { readonly: true });
  try {
    return [...ran].flatMap((sql) => {
      const params = Array.from({ length: (sql.match(/\?/g) ?? []).length }, () => 'x');
      const plan = (realPrepare.call(db, `EXPLAIN QUERY PLAN ${sql}`) as Database.Statement<unknown[]>).all(...params) as { detail: string }[];
      // `SCAN c` walks the bounded candidate list a lookup has just read from an index.
      return plan.map((p) => p.detail).filter((d) => /^SCAN /.test(d) && d !== 'SCAN c').map((d) => `${d} in ${sql.replace(/\s+/g, ' ').slice(0, 80)}`);
    });
  } finally {
    db.close();
  }
};

const lookups: [OpDefinition, Record<string, unknown>][] = [
  [getAttorney, { id: 'qqzx vvwy' }],
  [listAttorneyTrademarks, { id: 'qqzx vvwy' }],
  [getFirm, { id: 'qqzx vvwy' }],
  [listFirmTrademarks, { id: 'qqzx vvwy' }],
  [getOwner, { owner_id: 'qqzx vvwy' }],
  [listOwnerTrademarks, { id: 'qqzx vvwy' }],
  [searchAttorneys, { q: 'salter' }],
  [searchAttorneys, {}],
  [searchFirms, { q: 'marks clerk' }],
  [searchFirms, {}],
  [searchOwners, { q: 'tusimpel' }],
  [searchOwnersEarlier, { q: 'tusim' }],
];

describe('name lookups', () => {
  itOnSqlite('read only indexes, for known, unknown and browsing lookups alike', async () => {
    ran.clear();
    recording = true;
    try {
      for (const [op, input] of lookups) await op.run(t.ctx, op.input.parse(input)).catch(() => null);
    } finally {
      recording = false;
    }
    expect(ran.size).toBeGreaterThan(3);
    expect(scans()).toEqual([]);
  });

  it('answer 404 for an unknown name and 400 for a name with no word of two characters', async () => {
    for (const [op, input] of lookups.slice(0, 6)) expect((await errorOf(callOp(t.ctx, op, input))).type, op.name).toBe('not_found');
    for (const bad of ['%', '_', 'a', '%_', 'a b c']) {
      for (const [op, key] of [[getAttorney, 'id'], [listFirmTrademarks, 'id'], [getOwner, 'owner_id'], [listOwnerTrademarks, 'id']] as const) {
        const err = await errorOf(callOp(t.ctx, op as OpDefinition, { [key]: bad }));
        expect([err.type, err.param], `${op.name} ${bad}`).toEqual(['validation_error', key]);
      }
    }
    for (const op of [searchAttorneys, searchFirms, searchOwners, searchOwnersEarlier] as OpDefinition[]) {
      expect((await errorOf(callOp(t.ctx, op, { q: '%%' }))).type).toBe('validation_error');
    }
  });

  it('still find a party by a near spelling or a word of its name', async () => {
    expect((await callOp(t.ctx, searchOwners, { q: 'tusimpel' })).data[0]?.name).toBe('TuSimple');
    expect((await callOp(t.ctx, getAttorney, { id: 'jim h salter' })).name).toBe('Jim H. Salter');
  });
});

describe('the counts behind them', () => {
  const truth = (db: Database.Database) =>
    db
      .prepare(
        `SELECT party, COUNT(*) AS marks, GROUP_CONCAT(DISTINCT office) AS offices FROM (
           SELECT o.owner_id AS party, t.office_code AS office FROM trademark_owners o JOIN trademarks t ON t.id = o.trademark_id
           UNION ALL SELECT r.party_id, t.office_code FROM trademark_representatives r JOIN trademarks t ON t.id = r.trademark_id)
         GROUP BY party ORDER BY party`,
      )
      .all();
  const kept = (db: Database.Database) =>
    db
      .prepare(
        `SELECT s.party_id AS party, s.marks, (SELECT GROUP_CONCAT(office_code) FROM party_office_marks p WHERE p.party_id = s.party_id AND p.marks > 0) AS offices
         FROM party_stats s WHERE s.marks > 0 ORDER BY s.party_id`,
      )
      .all();

  itOnSqlite('equal the side tables after an update moves a mark to another owner, and after the migration fills them on an old store', async () => {
    const s = tempContext();
    try {
      await ingestFiles(s.ctx, FILES);
      const [mark] = await s.ctx.store.trademarks.list({}, '-filing_date', 1, 0);
      const moved = { ...mark!, owners: [{ ...mark!.owners[0]!, owner_id: 'own_moved0000000000000', name: 'Moved Owner Ltd' }], attorneys: [], source_date: '2030-01-01' };
      await s.ctx.store.trademarks.upsert([moved], '2030-01-02T00:00:00.000Z');
      const path = s.ctx.store.path;
      await s.ctx.store.close();
      const db = openDatabase(path);
      const expected = truth(db);
      expect(expected.length).toBeGreaterThan(20);
      expect(kept(db)).toEqual(expected);
      const prefixes = db.prepare('SELECT COUNT(*) AS n FROM party_name_prefixes').get() as { n: number };
      db.exec(`DROP TABLE party_name_prefixes; DROP TABLE party_stats; DROP TABLE party_office_marks;
        DROP TRIGGER trademark_owners_stats_insert; DROP TRIGGER trademark_owners_stats_delete;
        DROP TRIGGER trademark_representatives_stats_insert; DROP TRIGGER trademark_representatives_stats_delete;
        DELETE FROM schema_migrations WHERE version = 50;`);
      db.close();
      const again = openDatabase(path);
      expect(kept(again)).toEqual(expected);
      // The backfill indexes the names on the marks now; the ingest also kept the name the update replaced.
      expect((again.prepare('SELECT COUNT(*) AS n FROM party_name_prefixes').get() as { n: number }).n).toBeLessThanOrEqual(prefixes.n);
      again.close();
    } finally {
      await s.cleanup();
    }
  });
});
