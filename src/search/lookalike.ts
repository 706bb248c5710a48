// Lookalike skeletons: two marks that read the same at a glance (0/O, rn/m, vv/w, Cyrillic о for
// Latin o) get the same skeleton. Tables: data/confusables.json (UTS #39 and dnstwist).
import table from '../../data/confusables.json' with { type: 'json' };
import { fold } from './normalize.js';

const cross: Record<string, string> = table.cross_script;
const ascii: Record<string, string> = table.ascii;
const multi = table.multi as [string, string][];

/** The skeleton of a mark: homoglyphs to Latin, folded, spacing and punctuation dropped, confusable letters merged. */
export const skeleton = (text: string): string => {
  const latin = [...text.toLowerCase()].map((c) => cross[c] ?? c).join('');
  // Keep the symbols that stand in for letters (| for l, $ for s, @ for a) before punctuation goes.
  let s = fold(latin).replace(/[^\p{L}\p{N}|!$@]+/gu, '');
  for (const [from, to] of multi) s = s.split(from).join(to);
  // A doubled letter is easy to overlook at a glance.
  return [...s].map((c) => ascii[c] ?? c).join('').replace(/(.)\1+/g, '$1');
};
