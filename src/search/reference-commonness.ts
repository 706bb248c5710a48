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

/** 0 (in no reference mark) to 1 (in COMMON_CAP marks or more): reference marks whose compact or
 *  near form contains the term, on a log scale. The forms are one string searched with indexOf,
 *  a mark counted once however often it holds the term (the search goes on from the next line):
 *  a string search per form was a tenth of a one-shot search's scoring (issue 26.12). */
export const referenceCommonness: Commonness = (term) => {
  let v = counted.get(term);
  if (v !== undefined) return v;
  let n = 0;
  // No form holds a line break (packForms checks), so a term with one is in none.
  if (!term.includes('\n')) {
    const all = forms();
    for (let at = all.indexOf(term); at >= 0 && at < all.length && ++n < COMMON_CAP; ) at = all.indexOf(term, all.indexOf('\n', at + term.length) + 1);
  }
  if (counted.size >= COUNTED_MAX) counted.clear();
  counted.set(term, (v = commonnessOf(n)));
  return v;
};
