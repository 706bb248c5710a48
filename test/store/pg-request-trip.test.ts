// The joint statement of a request's rate-limit take and its detail reads on PostgreSQL
// (src/store/postgres/request-trip.ts), against a recording stand-in for the pool: what goes
// together, what goes alone, and who fails when the joint statement fails.
import { describe, expect, it } from 'vitest';
import type { PgDb } from '../../src/store/postgres/pg.js';
import { createRequestTrip, type TakeRow } from '../../src/store/postgres/request-trip.js';

interface Sent {
  pool: 'query' | 'relaxed';
  sql: string;
  params: readonly unknown[];
}

const TAKE_ROW: TakeRow = { ok: true, over: null, used: 1, day_used: 0, admitted: 1 };
const RECORDS: Record<string, string> = { a: '{"id":"a"}', b: '{"id":"b"}' };

/** A pool that answers takes with TAKE_ROW and reads with RECORDS; `failJoint` fails the joint statement. */
const stubDb = (failJoint = false): { db: PgDb; sent: Sent[] } => {
  const sent: Sent[] = [];
  const found = (ids: unknown) => (ids as string[]).filter((id) => RECORDS[id]).map((id) => ({ id, record: RECORDS[id]! }));
  const answer = async (pool: Sent['pool'], sql: string, params: readonly unknown[] = []): Promise<never> => {
    sent.push({ pool, sql, params });
    if (sql.includes('JOIN LATERAL')) {
      if (failJoint) throw new Error('server gone');
      const rows = found(params[11]);
      return (rows.length ? rows.map((r) => ({ ...TAKE_ROW, ...r })) : [{ ...TAKE_ROW, id: null, record: null }]) as never;
    }
    return (sql.includes('tm_limit_take') ? [TAKE_ROW] : found(params[0])) as never;
  };
  const db = { query: (sql: string, params?: readonly unknown[]) => answer('query', sql, params), relaxed: (sql: string, params?: readonly unknown[]) => answer('relaxed', sql, params) };
  return { db: db as unknown as PgDb, sent };
};

const takeParams = (key: string): unknown[] => [key, 'reads', 0, 60_000, 100, true, null, null, null, null, 1];
const kinds = (sent: Sent[]) => sent.map((s) => `${s.pool}:${s.sql.includes('JOIN LATERAL') ? 'joint' : s.sql.includes('tm_limit_take') ? 'take' : 'read'}`);

describe('request trip', () => {
  it('sends a take and the reads of the same turn as one statement on a relaxed session', async () => {
    const { db, sent } = stubDb();
    const trip = createRequestTrip(db);
    const [row, first, second] = await Promise.all([trip.take(takeParams('org')), trip.records(['a']), trip.records(['b', 'a', 'zz'])]);
    expect(kinds(sent)).toEqual(['relaxed:joint']);
    expect(sent[0]!.params).toEqual([...takeParams('org'), ['a', 'b', 'zz']]);
    expect(row).toMatchObject({ ok: true, admitted: 1 });
    expect(first.get('a')).toBe(RECORDS.a);
    expect([...second.keys()].sort()).toEqual(['a', 'b']);
  });

  it('answers the take when the reads find nothing, and sends lone takes and reads as their own statements', async () => {
    const { db, sent } = stubDb();
    const trip = createRequestTrip(db);
    const [row, none] = await Promise.all([trip.take(takeParams('org')), trip.records(['zz'])]);
    expect(row).toMatchObject({ ok: true, used: 1 });
    expect(none.size).toBe(0);
    await trip.take(takeParams('org'));
    expect((await trip.records(['b'])).get('b')).toBe(RECORDS.b);
    expect(kinds(sent)).toEqual(['relaxed:joint', 'relaxed:take', 'query:read']);
  });

  it('pairs the reads with one take of the turn; the other takes go alone', async () => {
    const { db, sent } = stubDb();
    const trip = createRequestTrip(db);
    await Promise.all([trip.take(takeParams('x')), trip.take(takeParams('y')), trip.records(['a'])]);
    expect(kinds(sent)).toEqual(['relaxed:joint', 'relaxed:take']);
    expect(sent[1]!.params[0]).toBe('y');
  });

  it('fails only the take of a failed joint statement; its reads are sent again alone', async () => {
    const { db, sent } = stubDb(true);
    const trip = createRequestTrip(db);
    const take = trip.take(takeParams('org'));
    const read = trip.records(['a']);
    await expect(take).rejects.toThrow('server gone');
    expect((await read).get('a')).toBe(RECORDS.a);
    expect(kinds(sent)).toEqual(['relaxed:joint', 'query:read']);
  });
});
