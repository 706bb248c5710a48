// Rows sent by binary COPY (src/store/postgres/pg.ts copyTypedRows, the load's trademark, side,
// event and search rows) read back as the text format would have stored them: text of every shape
// byte for byte (escapes, multibyte, astral, NUL dropped as text COPY drops it), nulls, and
// integers at the edges of their types; and rows longer than one chunk.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyRows, copyTypedRows, driver, type PgClient } from '../../src/store/postgres/pg.js';
import { createTestDatabase, PG_ENABLED, type TestDatabase } from '../helpers/pg.js';

describe.skipIf(!PG_ENABLED)('binary COPY of typed rows on PostgreSQL', () => {
  let db: TestDatabase;
  let pool: InstanceType<ReturnType<typeof driver>['Pool']>;
  beforeAll(async () => {
    db = await createTestDatabase();
    pool = new (driver().Pool)({ connectionString: db.url, max: 1 });
    await pool.query('CREATE TABLE t (n INTEGER, t TEXT, b BIGINT)');
  });
  afterAll(async () => {
    await pool.end();
    await db.drop();
  });

  const loaded = async (send: (c: PgClient) => Promise<void>): Promise<unknown[][]> => {
    const c = await pool.connect();
    try {
      await c.query('TRUNCATE t');
      await send(c);
      return (await c.query<{ n: number; t: string; b: string }>('SELECT n, t, b::text AS b FROM t ORDER BY n')).rows.map((r) => [r.n, r.t, r.b]);
    } finally {
      c.release();
    }
  };

  it('stores what the text format stores, for text of every shape, nulls and integers at the edges', async () => {
    const rows = [
      [1, 'plain', 0],
      [2, 'tab\tnew\nline\rback\\slash \\N', 2 ** 53 - 1],
      [3, 'ÉCHO € 漢字 😀 e\u0301', -(2 ** 53 - 1)],
      [4, 'NUL\u0000MARK\u0000', -1],
      [5, null, null],
      [-2147483648, '', 2 ** 32],
      [2147483647, 12.5, -(2 ** 32) - 1],
      [6, '{"json":"a \\"quoted\\" \\u0000 value"}', 4_503_599_627_370_495],
    ];
    const types = ['int4', 'text', 'int8'] as const;
    const binary = await loaded((c) => copyTypedRows(c, 't', ['n', 't', 'b'], types, rows));
    const text = await loaded((c) => copyRows(c, 't', ['n', 't', 'b'], rows));
    expect(binary).toEqual(text);
    expect(binary.find((r) => r[0] === 4)).toEqual([4, 'NULMARK', '-1']);
    expect(binary.find((r) => r[0] === 2)).toEqual([2, 'tab\tnew\nline\rback\\slash \\N', String(2 ** 53 - 1)]);
    expect(binary.find((r) => r[0] === 5)).toEqual([5, null, null]);
  });

  it('sends rows past one chunk, and a row larger than a chunk, whole', async () => {
    const big = 'ü'.repeat(700_000);
    const rows = Array.from({ length: 20_000 }, (_, i) => [i, i === 7_000 ? big : `mark ${i} ${'x'.repeat(i % 97)}`, i * 3]);
    const got = await loaded((c) => copyTypedRows(c, 't', ['n', 't', 'b'], ['int4', 'text', 'int8'], rows));
    expect(got.length).toBe(rows.length);
    expect(got[7_000]).toEqual([7_000, big, '21000']);
    expect(got.every((r, i) => r[1] === rows[i]![1] && r[2] === String(rows[i]![2]))).toBe(true);
  });
});
