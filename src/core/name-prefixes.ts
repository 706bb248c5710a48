// The word prefixes a party name is found by (issue 30: a name lookup is an index read, never a
// scan). A name's resolution key (entity key for owners and firms, attorney key for attorneys) is
// split into words; each word of at least two characters is indexed by its first four, and a
// query word matches every indexed prefix it begins ("acm" finds "acme corp", "acmee" finds it too).
import { attorneyKey, firmKey } from './representatives.js';
import { entityKey } from './entity-key.js';

/** Characters of a word the index keeps. */
export const PREFIX_CHARS = 4;
/** Shorter words are neither indexed nor looked up: too common to narrow anything. */
export const MIN_WORD_CHARS = 2;

/** The distinct looked-up prefixes of a resolution key: "acme widgets" → ["acme", "widg"]. */
export const wordPrefixes = (key: string): string[] =>
  [...new Set(key.split(' ').filter((w) => w.length >= MIN_WORD_CHARS).map((w) => w.slice(0, PREFIX_CHARS)))];

/** The party kinds that have names, by id prefix, with the key their ids and lookups use. */
const KEY_OF: Record<string, (name: string) => string> = { own_: entityKey, att_: attorneyKey, firm_: firmKey };

/** The index rows of one party name: its id prefix joined to each word prefix (`att_salt`). */
export const partyNamePrefixes = (partyId: string, name: string): string[] => {
  const kind = partyId.slice(0, partyId.indexOf('_') + 1);
  const keyOf = KEY_OF[kind];
  return keyOf ? wordPrefixes(keyOf(name)).map((p) => `${kind}${p}`) : [];
};
