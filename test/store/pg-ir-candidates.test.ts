// An IR family's reads in one statement on PostgreSQL (src/store/postgres/ir-candidates.ts): the
// same family, legs and rows as the reads made one by one (findId, the index's list, get), and one
// round trip instead of three or more.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeContext, createContext, type Context } from '../../src/context.js';
import type { TrademarkRecord } from '../../src/core/schemas/trademark.js';
import { irFamilyOf, withIrFamilies } from '../../src/ops/trademarks/ir-family.js';
import { postgresDb } from '../../src/store/postgres/store.js';
import { makeRecord } from '../helpers/factory.js';
import { createTestDatabase, PG_ENABLED, type TestDatabase } from '../helpers/pg.js';

const AT = '2026-11-22T12:00:00.000Z';
const holder = [{ owner_id: 'own_giorgi', entity_id: null, name: 'GIORGI TVILDIANI', entity_type: null, nationality: 'GE', role: 'owner' as const, address: null }];
const other = [{ ...holder[0]!, owner_id: 'own_nobody', name: 'NOBODY ELSE' }];
const wipo = [{ ...holder[0]!, owner_id: 'own_wipo', name: 'WIPO HOLDER' }];
const active = { primary: 'active' as const, stage: 'registered' as const, challenges: [] };

const RECORDS = [
  makeRecord({ office_code: 'WO', application_number: '1722108', ir_number: '1722108', mark_text: 'NITRO GLISSERIN', owners: holder, designations: ['CH', 'EM', 'US'], status: active, expiry_date: '2032-12-27' }),
  makeRecord({ office_code: 'US', application_number: '79366581', ir_number: '1722108', mark_text: 'NITRO GLISSERIN', owners: holder, status: { ...active, challenges: ['opposition'] } }),
  makeRecord({ office_code: 'EM', application_number: 'W01722108', ir_number: '1722108', mark_text: 'NITRO GLISSERIN', owners: holder, status: { primary: 'pending', stage: 'examination', challenges: [] }, expiry_date: '2032-12-27' }),
  // The holder's mark of another IR with the same text, and the same text of another holder: read, not legs.
  makeRecord({ office_code: 'CH', application_number: 'X1', ir_number: '1800001', mark_text: 'NITRO GLISSERIN', owners: holder }),
  makeRecord({ office_code: 'GB', application_number: 'UK1', ir_number: '1722108', mark_text: 'NITRO GLISSERIN', owners: other }),
  // A WO record found by its registration number only (another holder's name: not in the list).
  makeRecord({ office_code: 'WO', application_number: 'A-77', registration_number: '1900002', ir_number: '1900002', mark_text: null, owners: wipo, designations: ['US'] }),
  makeRecord({ office_code: 'US', application_number: '79000002', ir_number: '1900002', mark_text: null, owners: other }),
];

/** The same context with the family's reads made one by one, as a store without irCandidates makes them. */
const apart = (ctx: Context): Context => ({ ...ctx, store: { ...ctx.store, trademarks: { ...ctx.store.trademarks, irCandidates: undefined } } });

/** Statements sent to the pool (every repository's and the search index's) while `fn` runs. */
const statements = async <T>(ctx: Context, fn: () => Promise<T>): Promise<{ out: T; sent: number }> => {
  const pool = postgresDb(ctx.store).pool;
  const query = pool.query.bind(pool);
  let sent = 0;
  pool.query = ((...args: Parameters<typeof pool.query>) => (sent++, query(...args))) as typeof pool.query;
  try {
    return { out: await fn(), sent };
  } finally {
    pool.query = query;
  }
};

describe.skipIf(!PG_ENABLED)('IR family candidates on PostgreSQL', () => {
  let db: TestDatabase;
  let ctx: Context;
  let stored: TrademarkRecord[];
  beforeAll(async () => {
    db = await createTestDatabase();
    ctx = createContext({ db: db.url, now: AT });
    await ctx.store.trademarks.upsert(RECORDS, AT);
    await ctx.index.sync();
    const byId = await ctx.store.trademarks.get(RECORDS.map((r) => r.id));
    stored = RECORDS.map((r) => byId.get(r.id)!);
  }, 60_000);
  afterAll(async () => {
    await closeContext(ctx);
    await db.drop();
  });

  it('finds the same family and rows as the reads made one by one', async () => {
    for (const r of stored) {
      const family = await irFamilyOf(ctx, r);
      expect(family).toEqual(await irFamilyOf(apart(ctx), r));
      expect(await withIrFamilies(ctx, [r])).toEqual(await withIrFamilies(apart(ctx), [r]));
    }
    const us = await irFamilyOf(ctx, stored[1]!);
    expect(us?.legs.map((l) => l.office_code)).toEqual(['WO', 'EM', 'US']);
    expect(us?.row).toMatchObject({ territory_count: 3, status: { primary: 'mixed' } });
    expect((await irFamilyOf(ctx, stored[6]!))?.legs.map((l) => l.id)).toEqual([stored[5]!.id, stored[6]!.id]);
  });

  it('reads them in one statement where one by one took three or more', async () => {
    const joint = await statements(ctx, () => irFamilyOf(ctx, stored[1]!));
    const separate = await statements(ctx, () => irFamilyOf(apart(ctx), stored[1]!));
    expect(joint.sent).toBe(1);
    expect(separate.sent).toBeGreaterThanOrEqual(3);
  });
});
