// How common a shared element is among trademarks, counted in a fixed reference: the 17,981 EUIPO
// word marks of data/similarity/euipo-2020-texts.json.gz. The judgement of a pair must not depend
// on the store it is read from (a search, `compare` and a watch give the same score for the same
// pair), so commonness comes from this one list, not from the store; it is also the corpus the
// fusion's weight for commonness was fitted on (docs/search.md). The marks' forms are computed by
// `npm run build` into data/similarity/euipo-2020-forms.txt (src/pack-data.ts): computing
// them took a second of every process's first search (issue 26.12).
import { existsSync, readFileSync, statSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { packagePath } from '../data-files.js';
import { COMMON_CAP, commonnessOf, type Commonness } from './fusion.js';
import { compact, nearWords } from './normalize.js';

/** Terms whose count is kept per process. */
const COUNTED_MAX = 50_000;
const SOURCE = ['data', 'similarity', 'euipo-2020-texts.json.gz'] as const;
/** Reference marks whose forms the packed file also keeps with their text, recomputed on load: a
 *  file packed before the forms' code changed is not used. */
const PROBES = 24;

/** Every reference form, each ended by a line break: one string to scan rather than 17,981 (below). */
let reference: string | undefined;
const counted = new Map<string, number>();

/** A reference mark's compact and near forms, one string ("compact near"). */
const formOf = (text: string): string => `${compact(text)} ${nearWords(text).join('')}`;

const referenceTexts = (gz: Buffer): string[] =>
  (JSON.parse(gunzipSync(gz).toString('utf8')) as { marks: [string, string, string | null][] }).marks.map(([, text]) => text);

export const packedFormsPath = (): string => packagePath('data', 'similarity', 'euipo-2020-forms.txt');

/** The packed forms: a JSON header line ({ source_bytes, probes: [text, form][] }), then one form a line. */
export const packForms = (): string => {
  const gz = readFileSync(packagePath(...SOURCE));
  const texts = referenceTexts(gz);
  const forms = texts.map(formOf);
  if (forms.some((f) => f.includes('\n'))) throw new Error('a reference form has a line break: it cannot be packed one a line');
  const step = Math.max(1, Math.floor(texts.length / PROBES));
  const probes = texts.filter((_, i) => i % step === 0).map((t) => [t, formOf(t)]);
  return `${JSON.stringify({ source_bytes: gz.length, probes })}\n${forms.join('\n')}\n`;
};

/** The packed forms (one a line) when the file is there, newer than the source and packed from it by the forms' code as it is now. */
const packedForms = (): string | null => {
  const path = packedFormsPath();
  const source = statSync(packagePath(...SOURCE));
  if (!existsSync(path) || statSync(path).mtimeMs < source.mtimeMs) return null;
  const text = readFileSync(path, 'utf8');
  const body = text.indexOf('\n') + 1;
  const header = JSON.parse(text.slice(0, body)) as { source_bytes: number; probes: [string, string][] };
  if (header.source_bytes !== source.size || header.probes.some(([t, f]) => formOf(t) !== f)) return null;
  return text.slice(body);
};

/** Each reference mark's form, in the reference's order, one a line. */
const forms = (): string => (reference ??= packedForms() ?? referenceTexts(readFileSync(packagePath(...SOURCE))).map((t) => `${formOf(t)}\n`).join(''));

/** The characters of the pair index: what compact and near forms are mostly made of, and the
 *  space between a mark's two forms. */
const PAIR_CHARS = 'abcdefghijklmnopqrstuvwxyz0123456789 ';
const PAIR_CODE = new Int8Array(128).fill(-1);
for (let i = 0; i < PAIR_CHARS.length; i++) PAIR_CODE[PAIR_CHARS.charCodeAt(i)] = i;
const codeOf = (c: number): number => (c < 128 ? PAIR_CODE[c]! : -1);

/** Per pair of adjacent characters of PAIR_CHARS, a bitset of the reference forms (lines) that
 *  hold it, and where each form starts. A form holding a term holds each of its pairs, so the
 *  forms in every pair's set are the only ones a term of those characters can be in. */
interface PairIndex {
  starts: Int32Array;
  /** 32-bit words per bitset. */
  width: number;
  bits: Uint32Array;
}
let pairs: PairIndex | undefined;

const pairIndex = (all: string): PairIndex => {
  let lines = 0;
  for (let at = all.indexOf('\n'); at >= 0; at = all.indexOf('\n', at + 1)) lines++;
  const starts = new Int32Array(lines + 1);
  const width = (lines + 31) >>> 5;
  const bits = new Uint32Array(PAIR_CHARS.length * PAIR_CHARS.length * width);
  let line = 0;
  let prev = -1;
  for (let i = 0; i < all.length; i++) {
    const c = all.charCodeAt(i);
    if (c === 10) {
      starts[++line] = i + 1;
      prev = -1;
      continue;
    }
    const k = codeOf(c);
    if (prev >= 0 && k >= 0) bits[(prev * PAIR_CHARS.length + k) * width + (line >>> 5)]! |= 1 << (line & 31);
    prev = k;
  }
  return { starts, width, bits };
};

/** Reference forms holding the term, at most COMMON_CAP, found through the pair index; null for a
 *  term the index cannot narrow (shorter than a pair, or with a character outside PAIR_CHARS). */
const countByPairs = (all: string, index: PairIndex, term: string): number | null => {
  if (term.length < 2) return null;
  const rows: number[] = [];
  for (let i = 1; i < term.length; i++) {
    const [a, b] = [codeOf(term.charCodeAt(i - 1)), codeOf(term.charCodeAt(i))];
    if (a < 0 || b < 0) return null;
    rows.push((a * PAIR_CHARS.length + b) * index.width);
  }
  let n = 0;
  for (let w = 0; w < index.width; w++) {
    let m = -1;
    for (let r = 0; r < rows.length && m; r++) m &= index.bits[rows[r]! + w]!;
    for (; m; m &= m - 1) {
      const line = 32 * w + 31 - Math.clz32(m & -m);
      // The form without its line break: a term never holds one here (not in PAIR_CHARS).
      if (all.slice(index.starts[line]!, index.starts[line + 1]! - 1).includes(term) && ++n >= COMMON_CAP) return n;
    }
  }
  return n;
};

/** 0 (in no reference mark) to 1 (in COMMON_CAP marks or more): reference marks whose compact or
 *  near form contains the term, on a log scale, a mark counted once however often it holds the
 *  term. Counted through the pair index, built on the first term counted: a search of the whole
 *  forms string (half a megabyte) for each new term was half a millisecond or more, several
 *  hundred terms a search (issue 27). A term the index cannot narrow is searched for in the forms
 *  string with indexOf, going on from the next line after each form that holds it. */
export const referenceCommonness: Commonness = (term) => {
  let v = counted.get(term);
  if (v !== undefined) return v;
  const all = forms();
  let n = countByPairs(all, (pairs ??= pairIndex(all)), term);
  // No form holds a line break (packForms checks), so a term with one is in none.
  if (n === null) {
    n = 0;
    if (!term.includes('\n')) for (let at = all.indexOf(term); at >= 0 && at < all.length && ++n < COMMON_CAP; ) at = all.indexOf(term, all.indexOf('\n', at + term.length) + 1);
  }
  if (counted.size >= COUNTED_MAX) counted.clear();
  counted.set(term, (v = commonnessOf(n)));
  return v;
};
