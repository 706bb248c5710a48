// Mark texts the way real registers look: real EUIPO marks verbatim, coined words, dictionary
// words, two-word marks, word + descriptor, hyphen and numeral variants, and near-duplicates of
// recent marks (so similarity search has real neighbours), plus a few design-only marks.
import { weighted, type Rng } from './prng.js';
import type { Vocab } from './vocab.js';

export interface MarkDraft {
  /** Null for a design-only mark. */
  text: string | null;
  /** Vienna codes (6-digit) when the mark has a figurative element. */
  vienna: string[];
}

export type CaseStyle = 'upper' | 'mixed';

const GENERIC_DESCRIPTORS = [
  'GROUP', 'PRO', 'LABS', 'STUDIO', 'HOME', 'WORKS', 'TECH', 'HOUSE', 'SYSTEMS', 'GLOBAL', 'PLUS',
  'ONE', 'GO', 'HUB', 'DIRECT', 'BRANDS', 'COLLECTIVE', 'KITCHEN', 'SPORT', 'CARE', 'LIFE', 'BIO',
  'NATURALS', 'ORIGINALS', 'EXPRESS', 'MAX', 'SMART', 'CLUB', 'CO', 'SOLUTIONS',
];
const COINED_ENDINGS = ['ix', 'ora', 'ify', 'ly', 'io', 'on', 'a', 'ex', 'eo', 'ia', 'ara', 'yx', 'um', 'iq', 'zo', 'ent'];
const PREFIXES = ['THE ', 'MY ', 'i', 'e-', 'NEO', 'MEGA ', 'LE '];
const SUFFIXES = [' PLUS', ' PRO', ' X', ' ONE', ' 2', ' ULTRA', 'S', 'Z', ' & CO'];
const NUMERALS = ['1', '2', '3', '4', '5', '7', '8', '9', '10', '21', '24', '99', '100', '360', '365', '500', '2000', '3D', '4U'];
const SOUND_ALIKES: readonly (readonly [RegExp, string])[] = [
  [/C(?=[AOU])/, 'K'], [/K/, 'C'], [/PH/, 'F'], [/F/, 'PH'], [/X/, 'KS'], [/QU/, 'KW'], [/S\b/, 'Z'],
  [/Y/, 'I'], [/I/, 'Y'], [/OO/, 'U'], [/EE/, 'I'], [/CK/, 'K'], [/TION/, 'SHUN'], [/ER\b/, 'A'],
];

const RING_SIZE = 4096;

const upperFirst = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

/** The head noun of a Nice term: "coffee-based beverages" → "BEVERAGES". */
const descriptorOf = (term: string): string | null => {
  const head = term.replace(/\[[^\]]*\]|\([^)]*\)/g, '').split(/[,;]/)[0]?.trim().split(/\s+/);
  const word = head?.[head.length - 1];
  return word && /^[a-z-]{3,14}$/i.test(word) ? word.toUpperCase() : null;
};

export const createMarkMaker = (vocab: Vocab) => {
  const ring: string[] = [];
  let ringAt = 0;
  const remember = (text: string) => {
    if (ring.length < RING_SIZE) ring.push(text);
    else ring[ringAt++ % RING_SIZE] = text;
  };

  const word = (rng: Rng) => rng.pick(vocab.words);
  const coined = (rng: Rng): string => {
    const a = rng.pick(vocab.shortWords);
    const head = a.slice(0, rng.int(2, Math.min(4, a.length)));
    if (rng.chance(0.4)) return head + rng.pick(COINED_ENDINGS);
    const b = rng.pick(vocab.shortWords);
    return head + b.slice(-rng.int(2, Math.min(4, b.length)));
  };

  const mutate = (rng: Rng, text: string): string => {
    const upper = text.toUpperCase();
    for (let attempt = 0; attempt < 4; attempt++) {
      const move = rng.int(0, 6);
      let out = upper;
      if (move === 0) {
        const [from, to] = rng.pick(SOUND_ALIKES);
        out = upper.replace(from, to);
      } else if (move === 1 && upper.length > 4) {
        const at = rng.int(1, upper.length - 2);
        out = upper.slice(0, at) + upper.slice(at + 1);
      } else if (move === 2) {
        const at = rng.int(0, upper.length - 1);
        out = upper.slice(0, at + 1) + upper.charAt(at) + upper.slice(at + 1);
      } else if (move === 3) {
        out = upper.includes(' ') ? upper.replace(' ', rng.chance(0.5) ? '-' : '') : upper + rng.pick(SUFFIXES);
      } else if (move === 4) {
        out = rng.pick(PREFIXES) + upper;
      } else if (move === 5) {
        out = upper.replace(/[AEIOU]/, (v) => 'AEIOU'.charAt(('AEIOU'.indexOf(v) + rng.int(1, 4)) % 5));
      } else {
        out = `${upper} ${rng.pick(NUMERALS)}`;
      }
      out = out.replace(/\s+/g, ' ').trim();
      if (out !== upper && out.length > 0) return out;
    }
    return `${upper}X`;
  };

  const kind = weighted([
    ['euipo', 30], ['coined', 18], ['word', 10], ['two_word', 14], ['descriptor', 10],
    ['variant', 6], ['near_duplicate', 10], ['design_only', 2],
  ] as const);

  /** One mark for a record filed in `niceClass`; `style` is the office's usual casing. */
  return (rng: Rng, niceClass: number, style: CaseStyle): MarkDraft => {
    const k = kind(rng);
    if (k === 'design_only') return { text: null, vienna: rng.pick(vocab.euipo).vienna };
    if (k === 'euipo') {
      const m = rng.pick(vocab.euipo);
      const text = style === 'upper' ? m.text.toUpperCase() : m.text;
      remember(text);
      return { text, vienna: rng.chance(0.35) ? m.vienna : [] };
    }
    if (k === 'near_duplicate' && ring.length > 0) {
      const text = mutate(rng, rng.pick(ring));
      return { text, vienna: [] };
    }
    let text: string;
    if (k === 'coined' || k === 'near_duplicate') text = coined(rng);
    else if (k === 'word') text = word(rng);
    else if (k === 'two_word') {
      const first = rng.chance(0.3) ? (rng.pick(vocab.euipo).text.split(' ')[0] ?? word(rng)) : word(rng);
      text = `${first} ${rng.chance(0.5) ? word(rng) : coined(rng)}`;
    } else if (k === 'descriptor') {
      const terms = vocab.nice[niceClass] ?? [];
      const descriptor = (terms.length ? descriptorOf(rng.pick(terms).term) : null) ?? rng.pick(GENERIC_DESCRIPTORS);
      text = `${rng.chance(0.5) ? coined(rng) : word(rng)} ${rng.chance(0.5) ? descriptor : rng.pick(GENERIC_DESCRIPTORS)}`;
    } else {
      const base = rng.chance(0.5) ? coined(rng) : word(rng);
      const n = rng.pick(NUMERALS);
      const form = rng.int(0, 3);
      text = form === 0 ? `${base}-${n}` : form === 1 ? `${base}${n}` : form === 2 ? `${n}${base}` : `${base}-${coined(rng)}`;
    }
    const cased =
      style === 'upper' || rng.chance(0.4)
        ? text.toUpperCase()
        : text.split(' ').map(upperFirst).join(' ');
    remember(cased);
    return { text: cased, vienna: rng.chance(0.12) ? rng.pick(vocab.euipo).vienna : [] };
  };
};
