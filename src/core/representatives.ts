// Attorneys and firms resolved from a record's attorney, correspondent and representative entries,
// the way owners resolve to entities: a name's key (the owner normaliser, src/core/entity-key.ts)
// decides its `att_` or `firm_` id, so resolution is deterministic and needs no other record.
// Offices write a firm in several places: its own field (ST.96, TSDR), after the attorney's name
// on the correspondent line ("Deborah K. Squiers COWAN LIEBOWITZ & LATMAN PC"), on the
// correspondent's first address line, or as the representative's name itself (EUIPO, PRH, PRV).
import { createHash } from 'node:crypto';
import { entityKey, foldName } from './entity-key.js';
import type { Attorney } from './schemas/parts.js';

/** Honorifics a person's name carries on some filings and not others ("Joshua Noffke, Esq."). */
const HONORIFIC = /(^|[\s,])(esq|esquire)\.?(?=\s|,|$)/giu;

/**
 * A bounded memo of a pure function of a name: ingest resolves every record's entries, and the
 * same attorneys and firms recur across thousands of marks, so most keys are computed once.
 */
const memo = <T>(fn: (name: string) => T, max = 100_000): ((name: string) => T) => {
  const seen = new Map<string, T>();
  return (name) => {
    let v = seen.get(name);
    if (v === undefined) {
      if (seen.size >= max) seen.clear();
      v = fn(name);
      seen.set(name, v);
    }
    return v;
  };
};

export const attorneyKey = memo((name: string): string => entityKey(name.replace(HONORIFIC, ' ')));
export const firmKey = memo((name: string): string => entityKey(name));

const hashId = (prefix: string, key: string): string => `${prefix}${createHash('sha256').update(`${prefix}${key}`).digest('hex').slice(0, 20)}`;
export const attorneyId = memo((name: string): string => hashId('att_', attorneyKey(name)));
export const firmId = memo((name: string): string => hashId('firm_', firmKey(name)));
const foldWord = memo((word: string): string => foldName(word.replace(HONORIFIC, ' ')));

/** Words that name a practice rather than a person, compared after folding. */
const FIRM_WORDS = new Set(
  ('law legal ip patent patents patentes trademark trademarks marcas marks attorneys associates partner partners partnerschaft ' +
    'office offices group kanzlei abogados avocats avvocati studio bureau merkenbureau kollegen conseil conseils rechtsanwalte ' +
    'patentanwalte advokatfirma advokatfirman advokatbyra advokatbyran mbb').split(' '),
);

/**
 * True when a name reads as a practice: it carries a legal form (Ltd, LLP, Oy, B.V. …), "&"/"and",
 * a practice word (Law, IP, Partners, Advokatbyrån …), or is one Latin word (ELZABURU, RatnerPrestia).
 */
export const isFirmName = memo((name: string): boolean => {
  const folded = foldName(name);
  if (!folded || /^\d/.test(folded) || /\b(suite|ste|box|floor|street|avenue|road)\b/.test(folded)) return false;
  const words = folded.split(' ');
  if (words.includes('and') || words.some((w) => FIRM_WORDS.has(w))) return true;
  if (entityKey(name) !== words.filter((w) => w !== 'the').join(' ')) return true;
  return words.length === 1 && /^[\p{Script=Latin}]{3,}$/u.test(words[0]!);
});

export interface RepresentativeLink {
  party_id: string;
  kind: 'attorney' | 'firm';
  /** The name as this record writes it. */
  name: string;
  /** For an attorney, the firm this record places them at. */
  firm_id: string | null;
}

/** The original words of `name` after the leading words that fold to `person` ("Esq." and commas dropped). */
const after = (name: string, person: string): string | null => {
  const target = attorneyKey(person).split(' ');
  const words = name.split(/\s+/).filter(Boolean);
  let matched = 0;
  let i = 0;
  for (; i < words.length && matched < target.length; i++) {
    const parts = foldWord(words[i]!).split(' ').filter(Boolean);
    if (parts.join(' ') !== target.slice(matched, matched + parts.length).join(' ')) return null;
    matched += parts.length;
  }
  if (matched < target.length) return null;
  const rest = words.slice(i).join(' ').replace(HONORIFIC, ' ').replace(/^[\s,.;:-]+/, '').trim();
  return rest || null;
};

/**
 * The attorneys and firms one record names, each once. A person named in several roles (attorney
 * of record, correspondent) is one attorney; an entry with no person (a firm as representative) is
 * only a firm.
 */
export const resolveRepresentatives = (entries: readonly Attorney[]): RepresentativeLink[] => {
  const people = entries.filter((a) => a.role === 'attorney').map((a) => a.name);
  const attorneys = new Map<string, { name: string; firm: string | null }>();
  const firms = new Map<string, string>();
  const addFirm = (name: string | null): string | null => {
    const clean = name?.trim();
    if (!clean || !firmKey(clean)) return null;
    const id = firmId(clean);
    if (!firms.has(id)) firms.set(id, clean);
    return id;
  };
  const addPerson = (name: string, firm: string | null) => {
    if (!attorneyKey(name)) return;
    const id = attorneyId(name);
    const seen = attorneys.get(id);
    if (!seen) attorneys.set(id, { name, firm });
    else if (!seen.firm && firm) seen.firm = firm;
  };
  for (const a of entries) {
    if (a.role === 'attorney') {
      addPerson(a.name, addFirm(a.firm));
      continue;
    }
    // A correspondent or representative: the record's attorney followed by a firm, the attorney
    // alone (the firm then on the first address line), a person, or a firm.
    let rest: string | null = null;
    const person = people.find((p) => attorneyKey(p) === attorneyKey(a.name) || (rest = after(a.name, p)) !== null);
    if (person) {
      const firmLine = a.firm ?? rest ?? (a.address?.lines[0] && isFirmName(a.address.lines[0]) ? a.address.lines[0] : null);
      addPerson(person, addFirm(firmLine));
    } else if (a.firm) {
      addPerson(a.name, addFirm(a.firm));
    } else if (isFirmName(a.name)) {
      addFirm(a.name);
    } else {
      const firmLine = a.address?.lines[0] && isFirmName(a.address.lines[0]) ? a.address.lines[0] : null;
      addPerson(a.name, addFirm(firmLine));
    }
  }
  // One firm on the record is every attorney's firm there.
  const only = firms.size === 1 ? [...firms.keys()][0]! : null;
  return [
    ...[...attorneys].map(([id, a]) => ({ party_id: id, kind: 'attorney' as const, name: a.name, firm_id: a.firm ?? only })),
    ...[...firms].map(([id, name]) => ({ party_id: id, kind: 'firm' as const, name, firm_id: null })),
  ];
};
