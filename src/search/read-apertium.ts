// Reads the lemma pairs of an Apertium bilingual dictionary for the conceptual table's rebuild
// (src/search/build-conceptual-table.ts). Debian ships the compiled transducer only
// (apertium-eng-spa: spa-eng.autobil.bin), so lttoolbox's `lt-print` (package lttoolbox-dev)
// prints it as arcs and every path from the start is followed up to the first grammatical tag on
// each side: campanario:bell tower<n>, buenos días:good morning<ij>.
import { execFileSync } from 'node:child_process';

type Arc = [to: number, input: string, output: string];

const isTag = (s: string): boolean => s.length > 2 && s.startsWith('<');
/** A letter or a space of a lemma; digits and punctuation (number grammars) are not followed. */
const isLemmaChar = (s: string): boolean => s === ' ' || (s.length === 1 && /\p{L}/u.test(s));
/** Paths longer than this are number or date grammars, not words. */
const MAX_DEPTH = 60;

/** Source lemma -> target lemmas, in the order the transducer lists them. */
export const readApertiumBidix = (file: string): Map<string, string[]> => {
  const arcs = new Map<number, Arc[]>();
  // The first section is the dictionary proper; later ones (after `--`) are unused sub-transducers.
  for (const line of execFileSync('lt-print', [file], { maxBuffer: 1 << 28 }).toString('utf8').split('\n')) {
    if (line.startsWith('--')) break;
    const f = line.split('\t');
    if (f.length < 4) continue;
    const from = Number(f[0]);
    const list = arcs.get(from) ?? [];
    list.push([Number(f[1]), f[2] === 'ε' ? '' : f[2]!, f[3] === 'ε' ? '' : f[3]!]);
    arcs.set(from, list);
  }
  const out = new Map<string, string[]>();
  // Each side's lemma ends at its first tag; the other side may still have letters to give.
  const stack: [state: number, input: string, output: string, inDone: boolean, outDone: boolean, depth: number][] = [[0, '', '', false, false, 0]];
  while (stack.length) {
    const [state, input, output, inDone, outDone, depth] = stack.pop()!;
    if (inDone && outDone) {
      if (input && output) {
        const list = out.get(input) ?? [];
        if (!list.includes(output)) list.push(output);
        out.set(input, list);
      }
      continue;
    }
    if (depth > MAX_DEPTH) continue;
    for (const [to, a, b] of arcs.get(state) ?? []) {
      const step = (side: string, s: string, done: boolean): [string, boolean] | null =>
        isTag(s) ? [side, true] : done ? (s ? null : [side, true]) : isLemmaChar(s) || s === '' ? [side + s, false] : null;
      const i = step(input, a, inDone);
      const o = i && step(output, b, outDone);
      if (i && o) stack.push([to, i[0], o[0], i[1], o[1], depth + 1]);
    }
  }
  return out;
};
