// A multi-pattern matcher over many marks at once: every live mark's compact form (letters and
// digits) in a hash set bucketed by length, so one pass over a listing finds every mark inside it,
// whole words or inside words (Rabin–Karp's multi-pattern idea, with JS string hashing), and a
// one-edit neighbourhood (symmetric deletions) for the marks fuzzy matching is allowed on.
import { osa } from '../search/distance.js';
import { compact } from '../search/normalize.js';

export interface Pattern {
  /** Compact form of the mark. */
  key: string;
  ids: string[];
}

export interface TextMatch {
  key: string;
  /** Offsets into the compact text. */
  start: number;
  end: number;
  kind: 'exact_word' | 'inside_word' | 'fuzzy';
}

/** Marks shorter than this match only as whole words: short strings sit inside too many words. */
export const INSIDE_MIN = 4;
/** Fuzzy (one edit) only for marks this long: shorter ones are a letter from too many words. */
export const FUZZY_MIN = 6;

const deletions = (s: string): string[] => [...new Set(Array.from(s, (_, i) => s.slice(0, i) + s.slice(i + 1)))];

/** Marks are bucketed by their first HEAD characters: at each place in a text only the lengths of
 *  the marks that start with its next HEAD characters are tried, not every mark length (a 2 KB
 *  listing times some sixty lengths was the whole cost of a check). Shorter marks are few lengths. */
const HEAD = 4;

export class MarkMatcher {
  private readonly byKey = new Map<string, string[]>();
  /** Lengths of the marks shorter than HEAD, ascending. */
  private readonly shortLengths: number[];
  /** First HEAD characters → the lengths of the marks that start with them, ascending. */
  private readonly byHead = new Map<string, number[]>();
  private readonly fuzzy = new Map<string, string[]>();

  constructor(marks: Iterable<{ id: string; mark_text: string }>, fuzzyFor: (key: string, ids: readonly string[]) => boolean) {
    for (const m of marks) {
      const key = compact(m.mark_text);
      if (key.length < 2) continue;
      const ids = this.byKey.get(key);
      if (ids) ids.push(m.id);
      else this.byKey.set(key, [m.id]);
    }
    const short = new Set<number>();
    for (const key of this.byKey.keys()) {
      if (key.length < HEAD) {
        short.add(key.length);
        continue;
      }
      const head = key.slice(0, HEAD);
      const lengths = this.byHead.get(head);
      if (!lengths) this.byHead.set(head, [key.length]);
      else if (!lengths.includes(key.length)) lengths.push(key.length);
    }
    this.shortLengths = [...short].sort((a, b) => a - b);
    for (const lengths of this.byHead.values()) lengths.sort((a, b) => a - b);
    for (const [key, ids] of this.byKey) {
      if (key.length < FUZZY_MIN || !fuzzyFor(key, ids)) continue;
      for (const d of [key, ...deletions(key)]) {
        const list = this.fuzzy.get(d);
        if (list) list.push(key);
        else this.fuzzy.set(d, [key]);
      }
    }
  }

  get size(): number {
    return this.byKey.size;
  }

  ids(key: string): readonly string[] {
    return this.byKey.get(key) ?? [];
  }

  /**
   * Every mark inside `words` (the folded words of one text field): exact matches at word
   * boundaries, inside words for marks of INSIDE_MIN or more, and one-edit matches of the fuzzy
   * marks against runs of one or two whole words.
   */
  find(words: readonly string[], withFuzzy: boolean): TextMatch[] {
    const text = words.join('');
    const starts = new Set<number>();
    const ends = new Set<number>();
    let at = 0;
    for (const w of words) {
      starts.add(at);
      at += w.length;
      ends.add(at);
    }
    const out: TextMatch[] = [];
    const tryAt = (i: number, len: number): void => {
      const key = text.slice(i, i + len);
      if (!this.byKey.has(key)) return;
      const whole = starts.has(i) && ends.has(i + len);
      if (whole || len >= INSIDE_MIN) out.push({ key, start: i, end: i + len, kind: whole ? 'exact_word' : 'inside_word' });
    };
    for (let i = 0; i < text.length; i++) {
      for (const len of this.shortLengths) {
        if (i + len > text.length) break;
        tryAt(i, len);
      }
      if (i + HEAD > text.length) continue;
      for (const len of this.byHead.get(text.slice(i, i + HEAD)) ?? []) {
        if (i + len > text.length) break;
        tryAt(i, len);
      }
    }
    if (withFuzzy && this.fuzzy.size) {
      const seen = new Set(out.map((m) => m.key));
      let offset = 0;
      words.forEach((w, k) => {
        for (const span of [w, w + (words[k + 1] ?? '')].filter((s, n) => n === 0 || words[k + 1])) {
          if (span.length < FUZZY_MIN - 1) continue;
          for (const d of [span, ...deletions(span)])
            for (const key of this.fuzzy.get(d) ?? [])
              if (!seen.has(key) && osa(span, key, 1) <= 1) {
                seen.add(key);
                out.push({ key, start: offset, end: offset + span.length, kind: 'fuzzy' });
              }
        }
        offset += w.length;
      });
    }
    return out;
  }
}

/** The words of a listing field in the matcher's alphabet (compact per word), beside the original tokens. */
export const fieldWords = (text: string): { words: string[]; originals: string[] } => {
  const pairs = text.split(/\s+/).map((o) => [compact(o), o] as const).filter(([w]) => w.length > 0);
  return { words: pairs.map(([w]) => w), originals: pairs.map(([, o]) => o) };
};

/** The original tokens around a match (by compact offsets), for a snippet. */
export const snippetAt = (field: { words: string[]; originals: string[] }, start: number, end: number, around = 6): string => {
  let at = 0;
  let first = -1;
  let last = -1;
  field.words.forEach((w, k) => {
    if (first < 0 && at + w.length > start) first = k;
    if (at < end) last = k;
    at += w.length;
  });
  const from = Math.max(0, first - around);
  const to = Math.min(field.words.length, last + around + 1);
  return `${from > 0 ? '…' : ''}${field.originals.slice(from, to).join(' ')}${to < field.words.length ? '…' : ''}`;
};
