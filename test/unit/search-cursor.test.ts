import { describe, expect, it } from 'vitest';
import { TmError } from '../../src/errors.js';
import { bindingHash, decodeCursor, encodeCursor } from '../../src/search/cursor.js';

const SECRET = 'test-secret';
const at = new Date('2026-11-22T12:00:00.000Z');
const binding = bindingHash({ q: 'apple', filter: { offices: ['US'] }, sort: '-relevance' });

const fails = (fn: () => unknown): TmError => {
  try {
    fn();
  } catch (err) {
    if (err instanceof TmError) return err;
    throw err;
  }
  throw new Error('expected a TmError');
};

describe('search cursors', () => {
  it('round-trips the offset', () => {
    const c = encodeCursor(SECRET, 40, binding, at);
    expect(decodeCursor(SECRET, c, binding, new Date(at.getTime() + 1000))).toBe(40);
  });

  it('binds to query, sort and filters regardless of key order', () => {
    expect(bindingHash({ sort: '-relevance', filter: { offices: ['US'] }, q: 'apple' })).toBe(binding);
    const other = bindingHash({ q: 'apple', filter: { offices: ['EM'] }, sort: '-relevance' });
    const err = fails(() => decodeCursor(SECRET, encodeCursor(SECRET, 20, binding, at), other, at));
    expect([err.type, err.param]).toEqual(['cursor_invalid', 'cursor']);
  });

  it.each([['garbage'], ['a.b.c'], ['eyJ2IjoxfQ.AAAA']])('rejects malformed %s', (c) => {
    expect(fails(() => decodeCursor(SECRET, c, binding, at)).type).toBe('cursor_invalid');
  });

  it('rejects another secret and an edited payload', () => {
    const c = encodeCursor(SECRET, 20, binding, at);
    expect(fails(() => decodeCursor('other', c, binding, at)).type).toBe('cursor_invalid');
    const [body, mac] = c.split('.');
    const edited = Buffer.from(Buffer.from(body!, 'base64url').toString().replace('"o":20', '"o":0')).toString('base64url');
    expect(fails(() => decodeCursor(SECRET, `${edited}.${mac}`, binding, at)).type).toBe('cursor_invalid');
  });

  it('expires after 24 hours', () => {
    const c = encodeCursor(SECRET, 20, binding, at);
    expect(decodeCursor(SECRET, c, binding, new Date(at.getTime() + 24 * 3600 * 1000))).toBe(20);
    const err = fails(() => decodeCursor(SECRET, c, binding, new Date(at.getTime() + 24 * 3600 * 1000 + 1)));
    expect([err.type, err.status]).toEqual(['cursor_expired', 400]);
  });
});
