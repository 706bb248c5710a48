// codeUnitOrder (src/core/code-order.ts) stands in for localeCompare where machine strings are
// sorted: on ISO dates, timestamps and snake_case keys it must give the very same order.
import { describe, expect, it } from 'vitest';
import { codeUnitOrder } from '../../src/core/code-order.js';

const sign = (n: number): number => Math.sign(n);

describe('codeUnitOrder', () => {
  it('orders ISO dates, timestamps and snake_case keys as localeCompare does', () => {
    const strings = [
      '', '2020-01-05', '2020-01-15', '2019-12-31', '2020-01', '2020', '1999-02-28',
      '2026-11-01T00:00:00.000Z', '2026-11-01T00:00:00.001Z', '2026-10-31T23:59:59.999Z',
      'q', 'channels', 'filter', 'sort', 'op', 'as_of_date', 'office', 'office_code', 'owner', 'owner_name', 'filed_after', 'filed_before', 'nice_classes', 'status',
    ];
    for (const a of strings) for (const b of strings) expect([a, b, sign(codeUnitOrder(a, b))]).toEqual([a, b, sign(a.localeCompare(b))]);
  });

  it('is a total order: equal strings are 0, and swapping the arguments flips the sign', () => {
    expect(codeUnitOrder('2020-01-05', '2020-01-05')).toBe(0);
    expect(codeUnitOrder('a', 'b')).toBe(-1);
    expect(codeUnitOrder('b', 'a')).toBe(1);
  });
});
