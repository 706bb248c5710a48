// Nice classes and goods/services text for generated marks: class popularity close to real filing
// shares, related second classes (9 with 42, 25 with 18, 30 with 29 …), and goods text built from
// real Nice alphabetical-list terms of the class.
import { weighted, type Rng } from './prng.js';
import type { Vocab } from './vocab.js';

const classDraw = weighted<number>([
  [9, 10], [35, 9], [25, 7], [42, 6], [41, 6], [3, 4.5], [5, 4], [30, 3], [16, 3], [18, 2.5], [44, 2.5],
  [43, 2.5], [29, 2], [32, 1.5], [33, 1.5], [21, 2], [20, 2], [28, 2.5], [14, 2], [36, 2], [11, 2], [7, 1.5],
  [10, 1.5], [12, 1.5], [1, 1.5], [6, 1], [8, 0.8], [4, 0.5], [2, 0.5], [13, 0.3], [15, 0.4], [17, 0.7],
  [19, 0.8], [22, 0.4], [23, 0.2], [24, 1], [26, 0.7], [27, 0.4], [31, 1], [34, 0.7], [37, 1.2], [38, 0.8],
  [39, 1], [40, 0.7], [45, 1.2],
]);

const RELATED: Record<number, number[]> = {
  9: [42, 35, 38, 41], 42: [9, 35], 25: [18, 14, 35], 18: [25], 14: [25, 18], 30: [29, 32, 43], 29: [30, 31],
  32: [33, 30], 33: [32], 3: [5, 21, 44], 5: [3, 10, 44], 41: [9, 16, 35], 35: [9, 42, 41], 43: [30, 35], 44: [3, 5],
  28: [9, 25], 16: [41, 9], 12: [37, 39], 36: [35, 42], 11: [21, 7], 21: [11, 8], 20: [21, 24],
};

const classCount = weighted([[1, 60], [2, 28], [3, 12]] as const);

export const drawClasses = (rng: Rng): number[] => {
  const first = classDraw(rng);
  const classes = new Set([first]);
  const want = classCount(rng);
  while (classes.size < want) {
    const related = RELATED[first];
    classes.add(related && rng.chance(0.6) ? rng.pick(related) : classDraw(rng));
  }
  return [...classes].sort((a, b) => a - b);
};

/** 1–6 real terms of the class, "; "-separated, first letter capitalised, as offices print them. */
export const goodsText = (rng: Rng, vocab: Vocab, niceClass: number): string => {
  const terms = vocab.nice[niceClass] ?? [];
  if (terms.length === 0) return `Goods and services in class ${niceClass}`;
  const n = rng.int(1, 6);
  const picked = new Set<string>();
  for (let k = 0; k < n; k++) picked.add(rng.pick(terms).term);
  const text = [...picked].join('; ');
  return text.charAt(0).toUpperCase() + text.slice(1);
};
