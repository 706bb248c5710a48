// How common a shared element is among trademarks, counted in a fixed reference: the 17,981 EUIPO
// word marks of data/similarity/euipo-2020-texts.json.gz. The judgement of a pair must not depend
// on the store it is read from (a search, `compare` and a watch give the same score for the same
// pair), so commonness comes from this one list, not from the store; it is also the corpus the
// fusion's weight for commonness was fitted on (docs/search.md).
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { packagePath } from '../data-files.js';
import { COMMON_CAP, commonnessOf, type Commonness } from './fusion.js';
import { compact, nearWords } from './normalize.js';

/** Terms whose count is kept per process. */
const COUNTED_MAX = 50_000;

let reference: string[] | undefined;
const counted = new Map<string, number>();

/** Each reference mark's compact and near forms, one string apiece ("compact near"). */
const forms = (): string[] => {
  if (reference) return reference;
  const marks = (JSON.parse(gunzipSync(readFileSync(packagePath('data', 'similarity', 'euipo-2020-texts.json.gz'))).toString('utf8')) as { marks: [string, string, string | null][] }).marks;
  reference = marks.map(([, text]) => `${compact(text)} ${nearWords(text).join('')}`);
  return reference;
};

/** 0 (in no reference mark) to 1 (in COMMON_CAP marks or more): reference marks whose compact or
 *  near form contains the term, on a log scale. */
export const referenceCommonness: Commonness = (term) => {
  let v = counted.get(term);
  if (v !== undefined) return v;
  let n = 0;
  for (const f of forms()) if (f.includes(term) && ++n >= COMMON_CAP) break;
  if (counted.size >= COUNTED_MAX) counted.clear();
  counted.set(term, (v = commonnessOf(n)));
  return v;
};
