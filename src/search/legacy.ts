// Old search parameters (spec §9.5): translated with a deprecation entry until the sunset date
// (read from the clock), then 400 unknown_parameter naming the replacement.
import { TmError } from '../errors.js';
import { splitList } from './params.js';

export const SUNSET = '2026-12-28';

export interface Deprecation {
  parameter: string;
  replacement: string | null;
  sunset: string;
}

export const STRATEGY_CHANNELS: Record<string, string[]> = {
  exact: ['identical', 'lookalike'],
  fuzzy: ['fuzzy', 'embedded', 'lookalike'],
  phonetic: ['phonetic'],
  prefix: ['embedded'],
};
const MATCH_FILTERS: Record<string, string> = { starts_with: 'mark_text_starts_with', ends_with: 'mark_text_ends_with', contains: 'mark_text_contains', exact: 'mark_text_is' };

const REPLACEMENT: Record<string, string | null> = {
  strategies: 'similarity',
  match: 'mark_text_is, mark_text_starts_with, mark_text_ends_with or mark_text_contains',
  ranking_profile: null,
  query: 'q',
  'q (list)': 'mark_text_is (repeated)',
};

const conflict = (old: string, current: string): TmError =>
  new TmError('conflicting_params', `${old} (deprecated) and ${current} were both sent.`, { param: old, suggestion: `Send only ${current}.` });

/** Rewrites old parameters onto the current ones; returns the deprecations to report. */
export const translateLegacy = (raw: Record<string, unknown>, today: string): { input: Record<string, unknown>; deprecations: Deprecation[] } => {
  const input = { ...raw };
  const deprecations: Deprecation[] = [];
  const retire = (parameter: string, param = parameter): void => {
    const replacement = REPLACEMENT[parameter] ?? null;
    if (today > SUNSET) {
      throw new TmError('unknown_parameter', `${param} was removed on ${SUNSET}.`, {
        param,
        suggestion: replacement ? `Use ${replacement}.` : 'Remove it; it has no replacement.',
        extra: { replacement },
      });
    }
    deprecations.push({ parameter, replacement, sunset: SUNSET });
  };

  if (input.query !== undefined) {
    retire('query');
    if (input.q !== undefined) throw conflict('query', 'q');
    input.q = input.query;
    delete input.query;
  }
  if (Array.isArray(input.q)) {
    retire('q (list)', 'q');
    const values = input.q as unknown[];
    if (values.length === 1) input.q = values[0];
    else {
      if (input.mark_text_is !== undefined) throw conflict('q', 'mark_text_is');
      input.mark_text_is = values;
      delete input.q;
    }
  }
  if (input.strategies !== undefined) {
    retire('strategies');
    if (input.similarity !== undefined) throw conflict('strategies', 'similarity');
    const names = splitList(input.strategies);
    for (const n of names) {
      if (!Object.hasOwn(STRATEGY_CHANNELS, n)) throw new TmError('validation_error', `strategies: unknown strategy '${n}'.`, { param: 'strategies' });
    }
    const isOldDefault = names.length === 2 && names.includes('exact') && names.includes('fuzzy');
    if (!isOldDefault) input.similarity = [...new Set(names.flatMap((n) => STRATEGY_CHANNELS[n]!))];
    delete input.strategies;
  }
  if (input.match !== undefined) {
    retire('match');
    const m = String(input.match);
    if (m !== 'similar') {
      const target = Object.hasOwn(MATCH_FILTERS, m) ? MATCH_FILTERS[m] : undefined;
      if (!target) throw new TmError('validation_error', `match: unknown value '${m}'.`, { param: 'match' });
      if (input.q === undefined) throw new TmError('validation_error', `match=${m} needs q.`, { param: 'match' });
      if (input[target] !== undefined) throw conflict('match', target);
      input[target] = input.q;
      delete input.q;
    }
    delete input.match;
  }
  if (input.ranking_profile !== undefined) {
    retire('ranking_profile');
    delete input.ranking_profile;
  }
  return { input, deprecations };
};

/** The old name of each channel group, for `search_meta.strategies_used` until the sunset. */
export const strategiesFor = (channels: readonly string[]): string[] =>
  Object.entries(STRATEGY_CHANNELS)
    .filter(([, cs]) => cs.some((c) => channels.includes(c)))
    .map(([s]) => s);
