// Keys of an NDJSON row that the row shape does not know: ignored, but named once per file with
// the key that was probably meant, so a `nice_classes` column is not silently lost.
import { levenshtein } from '../../core/entity-signals.js';

/** Names other tools and offices use for a row key (spec §2.6). */
const ALIASES: Readonly<Record<string, string>> = {
  nice_classes: 'classifications',
  classes: 'classifications',
  goods_and_services: 'classifications',
  goods_services: 'classifications',
  owner: 'owners',
  applicant: 'owners',
  applicants: 'owners',
  holder: 'owners',
  holders: 'owners',
  attorney: 'attorneys',
  mark: 'mark_text',
  word_mark: 'mark_text',
  trademark: 'mark_text',
  office: 'office_code',
  serial_number: 'application_number',
  app_number: 'application_number',
  reg_number: 'registration_number',
  expiration_date: 'expiry_date',
  vienna_codes: 'design_codes',
  images: 'media',
};

/** Computed or search-only keys a row from `tm search --json` carries: known, and ignored quietly. */
const IGNORED = ['id', 'object', 'derived', 'match', 'relevance_score'];

/** The known key an unknown one probably meant: the alias, else one a few edits away, else null. */
const suggestionFor = (key: string, known: readonly string[]): string | null => {
  const lower = key.toLowerCase();
  if (ALIASES[lower]) return ALIASES[lower];
  let best: string | null = null;
  let bestDistance = Infinity;
  for (const k of known) {
    const d = levenshtein(lower, k);
    if (d < bestDistance) [best, bestDistance] = [k, d];
  }
  // At most a third of the key's letters changed: `filling_date` yes, `colour` -> `media` no.
  return best && bestDistance <= Math.max(1, Math.floor(key.length / 3)) ? best : null;
};

/** A file whose every row has new keys is not NDJSON of this shape; past this many, stay quiet. */
const MAX_WARNED_KEYS = 20;

/**
 * A checker for one file: given a parsed row, the warnings for keys not met before in that file,
 * so a million rows with the same stray key warn once.
 */
export const unknownKeyChecker = (rowKeys: readonly string[]): ((value: unknown) => string[] | undefined) => {
  const known = new Set([...rowKeys, ...IGNORED]);
  const seen = new Set<string>();
  return (value) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
    let warnings: string[] | undefined;
    for (const key of Object.keys(value)) {
      if (known.has(key) || seen.has(key) || seen.size >= MAX_WARNED_KEYS) continue;
      seen.add(key);
      const suggestion = suggestionFor(key, rowKeys);
      (warnings ??= []).push(`unknown key "${key}" ignored` + (suggestion ? `; did you mean "${suggestion}"?` : ''));
    }
    return warnings;
  };
};
