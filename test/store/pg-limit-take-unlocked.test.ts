// tm_limit_take without the up-front lock (PostgreSQL migration 92): the same sequence of takes
// (batches of several calls, new windows and days, full windows and caps, reservations, peeks)
// sent to it for one key and to migration 62's function (tm_limit_take_locked) for another gives
// the same answers, call by call, and leaves the same window and day rows.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgresStore } from '../../src/store/postgres/store.js';
import type { Store } from '../../src/store/store.js';
import { createTestDatabase, PG_ENABLED, type TestDatabase } from '../helpers/pg.js';

const MINUTE = 60_000;
const ARGS = '$1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11';

/** A fixed pseudo-random sequence (no seed dependence on the run). */
const lcg = (seed: number) => () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;

interface Call {
  start: number;
  limit: number;
  counted: boolean;
  reservation: string | null;
  day: string | null;
  cap: number;
  n: number;
}

const calls = (count: number): Call[] => {
  const r = lcg(25);
  const out: Call[] = [];
  let minute = 0;
  let day = 1;
  for (let i = 0; i < count; i++) {
    if (r() < 0.08) minute++;
    if (r() < 0.03) day++;
    const reservation = r() < 0.1 ? (['reserve', 'release', 'settle'] as const)[Math.floor(r() * 3)]! : null;
    out.push({
      start: minute * MINUTE,
      limit: 6 + Math.floor(r() * 6),
      counted: r() > 0.05,
      reservation,
      day: r() < 0.85 ? `2026-11-${String(day).padStart(2, '0')}` : null,
      cap: 20 + Math.floor(r() * 10),
      n: reservation ? 1 : 1 + Math.floor(r() * 4),
    });
  }
  return out;
};

describe.skipIf(!PG_ENABLED)('tm_limit_take without the up-front lock', () => {
  let db: TestDatabase;
  let store: Store;
  let c: pg.Client;
  beforeAll(async () => {
    db = await createTestDatabase();
    store = openPostgresStore(db.url);
    await store.ping();
    c = new pg.Client({ connectionString: db.url });
    await c.connect();
  }, 60_000);
  afterAll(async () => {
    await c.end();
    await store.close();
    await db.drop();
  });

  it('answers every call as migration 62 did and leaves the same rows', async () => {
    const take = async (fn: string, key: string, k: Call) =>
      (await c.query(`SELECT ok, over, used, day_used, admitted FROM ${fn}(${ARGS})`, [key, 'reads', k.start, k.start + MINUTE, k.limit, k.counted, k.reservation, k.day, 'reads', k.cap, k.n])).rows[0];
    const sequence = calls(400);
    let admittedAtOnce = 0;
    for (const k of sequence) {
      const unlocked = await take('tm_limit_take', 'org_a', k);
      expect(unlocked).toEqual(await take('tm_limit_take_locked', 'org_b', k));
      if (unlocked.ok && unlocked.admitted === k.n && k.n > 1) admittedAtOnce++;
    }
    // The sequence reaches both ways: batches admitted whole, and windows and caps that refuse.
    expect(admittedAtOnce).toBeGreaterThan(20);
    const rows = async (table: string) =>
      (await c.query(`SELECT * FROM ${table} WHERE key IN ('org_a', 'org_b') ORDER BY 1, 2, 3`)).rows.map((row: { key: string }) => ({ ...row, key: row.key.slice(-1) }));
    const windows = await rows('limit_windows');
    const days = await rows('limit_days');
    expect(windows.filter((w) => w.key === 'a').map(({ key: _k, ...w }) => w)).toEqual(windows.filter((w) => w.key === 'b').map(({ key: _k, ...w }) => w));
    expect(days.filter((d) => d.key === 'a').map(({ key: _k, ...d }) => d)).toEqual(days.filter((d) => d.key === 'b').map(({ key: _k, ...d }) => d));
    expect(days.length).toBeGreaterThan(2);
  });
});
