// Bounded work on input (issue 11, fault 3): lines read with a byte limit, never held whole past
// it; record limits that make a record malformed; text-parameter limits checked before any work;
// query keys that grow linearly with the query.
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { analyze, queryKeys, type Channel } from '../../src/search/analyze.js';
import { boundedLines, type Line } from '../../src/ingest/adapters/lines.js';
import { recordProblem } from '../../src/ingest/record-limits.js';
import { checkInputLimits, MAX_QUERY_CHARS } from '../../src/ops/text-limits.js';
import { makeRecord } from '../helpers/factory.js';

const lines = async (chunks: (string | Buffer)[], max: number): Promise<Line[]> => {
  const out: Line[] = [];
  for await (const line of boundedLines(Readable.from(chunks.map((c) => (typeof c === 'string' ? Buffer.from(c) : c))), max)) out.push(line);
  return out;
};

describe('boundedLines', () => {
  it('splits across chunk boundaries, drops a CR before the LF, and keeps a last line without newline', async () => {
    expect(await lines(['ab', 'c\r\nde', 'f\n\ng'], 100)).toEqual([
      { text: 'abc', invalidUtf8: false },
      { text: 'def', invalidUtf8: false },
      { text: '', invalidUtf8: false },
      { text: 'g', invalidUtf8: false },
    ]);
  });

  it('reports a line over the limit by its length, whichever chunk crosses it, and reads on', async () => {
    const long = 'x'.repeat(250);
    expect(await lines([`ok\n${long.slice(0, 40)}`, long.slice(40), `\nnext\n${long}`], 100)).toEqual([
      { text: 'ok', invalidUtf8: false },
      { tooLong: 250 },
      { text: 'next', invalidUtf8: false },
      { tooLong: 250 },
    ]);
  });

  it('flags bytes that are not UTF-8', async () => {
    const [line] = await lines([Buffer.from([0x7b, 0xff, 0xfe, 0x7d, 0x0a])], 100);
    expect(line).toEqual({ text: '{\ufffd\ufffd}', invalidUtf8: true });
  });
});

describe('record limits', () => {
  it('a mark_text over 2,000 characters, a long number or too many events make the record malformed', () => {
    expect(recordProblem(makeRecord({ mark_text: 'A'.repeat(2000) }))).toBeNull();
    expect(recordProblem(makeRecord({ mark_text: 'A'.repeat(2001) }))).toBe('mark_text is 2001 characters long; at most 2000 are accepted');
    expect(recordProblem(makeRecord({ application_number: '9'.repeat(65) }))).toMatch(/^application_number is 65 characters/);
  });
});

describe('text parameter limits', () => {
  it('names the first text over its limit, at any depth; q and the text filters have the lower one', () => {
    expect(() => checkInputLimits({ q: 'a'.repeat(MAX_QUERY_CHARS) })).not.toThrow();
    expect(() => checkInputLimits({ q: 'a'.repeat(MAX_QUERY_CHARS + 1) })).toThrow(
      expect.objectContaining({ type: 'validation_error', param: 'q', message: `q is ${MAX_QUERY_CHARS + 1} characters long; at most ${MAX_QUERY_CHARS} are accepted.` }),
    );
    expect(() => checkInputLimits({ filters: { mark_text_contains: ['ok', 'b'.repeat(501)] } })).toThrow(
      expect.objectContaining({ param: 'filters.mark_text_contains[1]' }),
    );
    expect(() => checkInputLimits({ name: 'n'.repeat(5001) })).toThrow(expect.objectContaining({ param: 'name' }));
    expect(() => checkInputLimits({ name: 'n'.repeat(5000) })).not.toThrow();
  });
});

describe('query keys', () => {
  const ALL = new Set<Channel>(['identical', 'fuzzy', 'embedded', 'phonetic', 'lookalike']);
  /** Characters of every key built for a query: the work of building and hashing them. */
  const keyChars = (q: string): number => {
    let n = 0;
    for (const list of queryKeys(analyze(q), ALL).values()) for (const l of list) n += l.key.length;
    return n;
  };

  it('grow linearly with the length of the query, for prose and for one long word', () => {
    const prose = (n: number) => 'golden lion brewing company of the northern hills '.repeat(n / 50 + 1).slice(0, n);
    const word = (n: number) => 'abcdefghijklmnopqrstuvwxyz'.repeat(n / 26 + 1).slice(0, n);
    for (const text of [prose, word]) {
      const [k1, k2, k4] = [1000, 2000, 4000].map((n) => keyChars(text(n))) as [number, number, number];
      expect(k2 / k1).toBeLessThan(2.3);
      expect(k4 / k2).toBeLessThan(2.3);
    }
  });
});
