// Fusion of the lanes into one score. Each lane scores one kind of resemblance; ranking by the
// best lane let one channel's volume crowd out another's (phonetic and conceptual hits of 0.9 push
// textual hits of 0.8 out of the top 10). A logistic model over the lanes, the trigram Jaccard
// index, the trigram containment (share of the shorter mark's trigrams in the longer), Dice, the
// length ratio and the shared beginning and ending weighs them instead. Its
// weights are fitted on the `tune` split only (`npm run fit:fusion`, bench/fit-fusion.ts): the
// decided earlier marks against the other candidates of the same query, and the labelled
// false-alarm hits of the tune half. A channel that is off contributes 0, as a lane that found nothing.

/** The inputs of the model, in order. */
export const FEATURES = ['fuzzy', 'trigram', 'embedded', 'phonetic', 'lookalike', 'conceptual', 'dice', 'length_ratio', 'prefix', 'suffix', 'best', 'strong', 'short', 'common', 'contained'] as const;
export type Feature = (typeof FEATURES)[number];

/** Fitted by bench/fit-fusion.ts on tune (docs/search.md): bias first, then FEATURES in order.
 *  The weight of `common` is never positive: the scorer relies on it to skip lookups. */
export const WEIGHTS: readonly number[] = [-3.121, -0.292, 0.917, 0.459, 0.378, -0.112, 0.255, 1.402, 1.267, 0.022, 0.094, 0.959, 0.288, 0.481, -2.549, 1.943];

/** How common a shared element is in the corpus, 0 (in no other mark) to 1 (in COMMON_CAP marks or
 *  more), on a log scale: SWISS inside SWISSOLAR is a weak lead when hundreds of marks contain SWISS. */
export type Commonness = (term: string) => number;
export const COMMON_CAP = 200;
/** Terms shorter than the trigram index can count are taken as common. */
export const COMMON_MIN = 3;
export const commonnessOf = (count: number): number => Math.log1p(Math.min(count, COMMON_CAP)) / Math.log1p(COMMON_CAP);

/** The fused score, 0..1, of a feature vector in FEATURES order. */
export const fuse = (x: ArrayLike<number>, w: readonly number[] = WEIGHTS): number => {
  let z = w[0]!;
  for (let i = 0; i < x.length; i++) z += w[i + 1]! * x[i]!;
  return 1 / (1 + Math.exp(-z));
};
