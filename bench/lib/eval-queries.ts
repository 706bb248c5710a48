// Every search eval:search makes, as (query, channels) pairs: each decided pair's later mark with
// the default and with all channels, the seeded false-alarm queries with all channels, and the
// variant copies with the default channels (and `phonetic` alone for the sound families). The
// backend comparison (test/store/search-backends.test.ts) runs them on SQLite and PostgreSQL.
import { CHANNELS } from '../../src/search/params.js';
import type { EuipoMark } from './eval-corpus.js';
import type { Pair } from './eval-pairs.js';
import { FA_SEED, FALSE_ALARM_QUERIES, seededSample } from './false-alarms.js';
import { halfVariants, SOUND_FAMILIES } from './variant-eval.js';

export interface EvalQuery {
  q: string;
  /** The `similarity` parameter: undefined for the default channels. */
  similarity?: string;
}

const ALL = CHANNELS.join(',');

export const evalSearchQueries = (euipo: readonly EuipoMark[], pairs: readonly Pair[], variantsPerFamily: number): EvalQuery[] => {
  const queries: EvalQuery[] = pairs.flatMap((p) => [{ q: p.later }, { q: p.later, similarity: ALL }]);
  for (const q of seededSample(euipo.map((m) => m[1]), FALSE_ALARM_QUERIES, FA_SEED)) queries.push({ q, similarity: ALL });
  for (const split of ['tune', 'test'] as const) {
    for (const v of halfVariants(euipo, split, variantsPerFamily)) {
      queries.push({ q: v.later });
      if (SOUND_FAMILIES.includes(v.family)) queries.push({ q: v.later, similarity: 'phonetic' });
    }
  }
  return queries;
};
