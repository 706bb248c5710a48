// The readable evidence behind a text comparison: the edit path between two marks with its
// look-alike and sound-alike letters, the shared sound keys, the shared segments, and the number
// words and plurals the near form treated as equal.
import type { Analysis } from '../search/analyze.js';
import { skeleton } from '../search/lookalike.js';
import { fold, SOUND_GROUPS, words } from '../search/normalize.js';

export interface EditStep {
  op: 'substitute' | 'insert' | 'delete' | 'transpose';
  at: number;
  from: string;
  to: string;
  /** Why a substitution is cheap: the letters look or sound alike. */
  note: 'looks_alike' | 'sounds_alike' | null;
}

const soundAlike = (a: string, b: string): boolean => SOUND_GROUPS.some((g) => g.includes(a) && g.includes(b));
const lookAlike = (a: string, b: string): boolean => a !== b && skeleton(a) === skeleton(b);

/** The cheapest edit path from `a` to `b` (optimal string alignment), as steps. */
export const editPath = (a: string, b: string): EditStep[] => {
  const n = a.length;
  const m = b.length;
  const d: number[][] = Array.from({ length: n + 1 }, (_, i) => Array.from({ length: m + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= n; i++)
    for (let j = 1; j <= m; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, d[i - 2]![j - 2]! + 1);
      d[i]![j] = v;
    }
  const steps: EditStep[] = [];
  let i = n;
  let j = m;
  while (i > 0 || j > 0) {
    const here = d[i]![j]!;
    if (i > 0 && j > 0 && a[i - 1] === b[j - 1] && here === d[i - 1]![j - 1]!) {
      i--;
      j--;
    } else if (i > 0 && j > 0 && here === d[i - 1]![j - 1]! + 1) {
      const [from, to] = [a[i - 1]!, b[j - 1]!];
      steps.push({ op: 'substitute', at: i - 1, from, to, note: lookAlike(from, to) ? 'looks_alike' : soundAlike(from, to) ? 'sounds_alike' : null });
      i--;
      j--;
    } else if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1] && here === d[i - 2]![j - 2]! + 1) {
      steps.push({ op: 'transpose', at: i - 2, from: a.slice(i - 2, i), to: b.slice(j - 2, j), note: null });
      i -= 2;
      j -= 2;
    } else if (i > 0 && here === d[i - 1]![j]! + 1) {
      steps.push({ op: 'delete', at: i - 1, from: a[i - 1]!, to: '', note: null });
      i--;
    } else {
      steps.push({ op: 'insert', at: i, from: '', to: b[j - 1]!, note: null });
      j--;
    }
  }
  return steps.reverse();
};

export const describeStep = (s: EditStep): string => {
  const note = s.note ? ` (${s.note.replace('_', ' ')})` : '';
  if (s.op === 'substitute') return `${s.from}→${s.to}${note}`;
  if (s.op === 'transpose') return `${s.from}↔${s.to}`;
  return s.op === 'insert' ? `+${s.to}` : `−${s.from}`;
};

/** Phonetic codes the two marks share, whole-mark or per word. */
export const sharedSoundKeys = (a: Analysis, b: Analysis): string[] => {
  const bCodes = new Set([...b.pcodes, ...b.wcodes.flat()]);
  return [...new Set([...a.pcodes, ...a.wcodes.flat()])].filter((c) => c.length >= 2 && bCodes.has(c));
};

/** Maximal common substrings of the compact forms, 3 characters or longer, longest first. */
export const sharedSegments = (a: string, b: string, min = 3): string[] => {
  const found = new Set<string>();
  for (let i = 0; i < a.length; i++)
    for (let j = 0; j < b.length; j++) {
      if (a[i] !== b[j] || (i > 0 && j > 0 && a[i - 1] === b[j - 1])) continue;
      let k = 0;
      while (i + k < a.length && j + k < b.length && a[i + k] === b[j + k]) k++;
      if (k >= min) found.add(a.slice(i, i + k));
    }
  const all = [...found].sort((x, y) => y.length - x.length || x.localeCompare(y));
  return all.filter((s) => !all.some((t) => t !== s && t.includes(s)));
};

/** Words the near form rewrote (FOREVER → 4ever, CATS → cat): the equivalences a comparison used. */
export const equivalences = (text: string, a: Analysis): { word: string; as: string }[] => {
  const raw = words(fold(text));
  const offset = raw.length > 1 && raw[0] === 'the' && a.nearWords[0] !== 'the' ? 1 : 0;
  const out: { word: string; as: string }[] = [];
  a.nearWords.forEach((w, i) => {
    const original = raw[i + offset];
    if (original !== undefined && original !== w) out.push({ word: original, as: w });
  });
  return out;
};
