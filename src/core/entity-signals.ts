// Entity-resolution signals beside the name key (core/entity-key.ts): the owner's country, its
// address, and the marks it shares with another owner record. Country splits a generic name (one
// made only of trade words, or an initialism) filed from two countries; a shared address or a
// shared mark corroborates two names that differ only by a slip of spelling, which the name key
// alone keeps apart. Names that differ by a word (ITT / ITT Industries, Carboline / Carboline
// International) stay apart even at one address: affiliates and successors share headquarters.
// Pure: the store applies the corroboration incrementally (store/entity-repo.ts).
import type { Address } from './schemas/parts.js';
import { entityId, entityKey, foldName, keyEntityId } from './entity-key.js';

/** Words that name a trade, not a company: a name made only of these says little on its own. */
const GENERIC_WORDS = new Set(
  (
    'global international intl world worldwide universal national american united general group groups holding holdings ' +
    'trading trade traders import imports export exports distribution distributors supply supplies services service solutions ' +
    'products product industries industry enterprises enterprise brands brand consulting consultants technologies technology ' +
    'tech systems design designs development developments management capital partners ventures investments marketing media ' +
    'foods food manufacturing creative digital network networks associates'
  ).split(' '),
);

/** A name key made only of trade words, or an initialism of at most three letters. */
export const isGenericName = (key: string): boolean => {
  const tokens = key.split(' ').filter(Boolean);
  if (tokens.length === 0) return false;
  if (tokens.length === 1 && /^\p{L}{1,3}$/u.test(tokens[0]!)) return true;
  return tokens.every((t) => GENERIC_WORDS.has(t));
};

/**
 * The entity an owner record resolves to before corroboration: its name key, and for a generic
 * name also its country, so GLOBAL TRADING of GB and of US are two entities. A non-generic name
 * keeps the id of the name alone (entityId), whatever the country.
 */
export const baseEntityId = (name: string, country: string | null): string => {
  const key = entityKey(name);
  const c = country?.trim().toUpperCase();
  return isGenericName(key) && c && /^[A-Z]{2}$/.test(c) ? keyEntityId(`${key}|${c}`) : entityId(name);
};

/** The owner's country: the address's, else the nationality the office gave. */
export const ownerCountry = (o: { nationality: string | null; address: Address | null }): string | null =>
  o.address?.country_code ?? o.nationality ?? null;

/** Street spellings folded to one form, so "8200 N. Austin Ave." and "8200 N AUSTIN AVENUE" agree. */
const STREET_WORDS: Record<string, string> = {
  avenue: 'ave', street: 'st', road: 'rd', drive: 'dr', boulevard: 'blvd', lane: 'ln', place: 'pl', court: 'ct',
  parkway: 'pkwy', highway: 'hwy', suite: 'ste', floor: 'fl', north: 'n', south: 's', east: 'e', west: 'w', saint: 'st',
  building: 'bldg', square: 'sq', plaza: 'plz', post: 'po', office: '', box: 'box',
};

const foldStreet = (text: string): string =>
  foldName(text)
    .split(' ')
    .map((w) => STREET_WORDS[w] ?? w)
    .filter(Boolean)
    .join(' ');

/**
 * A comparable key of an address, or null when it is too thin to identify a place: a street line
 * with a number (placeholders such as "xxx" have none), and a postal code or city.
 */
export const addressKey = (address: Address | null, country: string | null): string | null => {
  if (!address) return null;
  const street = address.lines.map(foldStreet).filter(Boolean).join(' ');
  if (!/\d/.test(street)) return null;
  const postal = address.postal_code?.replace(/[\s-]/g, '').toLowerCase() || null;
  const city = address.city ? foldStreet(address.city) : null;
  if (!postal && !city) return null;
  return [street, postal ?? city, (address.country_code ?? country ?? '').toUpperCase()].join('|');
};

/** Edits (insert, delete, substitute) that turn a into b. */
export const levenshtein = (a: string, b: string): number => {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) row[j] = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = row;
  }
  return prev[b.length]!;
};

/** Keys at most this far apart (edits per character of the longer) are near. */
export const NEAR_DISTANCE = 0.15;

/**
 * Two different name keys that differ by a slip of spelling (Microsystem / Microsystems), not by a
 * word: both long enough to carry it, the same number of words, and few edits apart.
 */
export const nearNames = (a: string, b: string): boolean => {
  if (a === b || a.length < 6 || b.length < 6) return false;
  if (a.split(' ').length !== b.split(' ').length) return false;
  return levenshtein(a, b) / Math.max(a.length, b.length) <= NEAR_DISTANCE;
};
