// The conceptual channel's tables (data/conceptual/equivalents.tsv.gz, and the Apertium Spanish
// entries apertium-spa-eng.tsv.gz, a file of its own under its own licence) in a form read
// without parsing: `npm run build` packs each into a .bin beside it (src/pack-data.ts), each
// section's lines sorted by key bytes with an index of where each line and key end, so a process
// maps the file in one read and finds a word by binary search. Parsing the text into maps took
// most of a one-shot `tm search` (issue 26.12). A missing or stale packed file is packed in memory
// from its source: the same bytes, the same answers, only slower.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { packagePath } from '../data-files.js';

/** A section of word → space-separated values, read like the Map it replaces. */
export interface Section {
  has(key: string): boolean;
  get(key: string): string | undefined;
}

export const SECTION_NAMES = ['foreign', 'synonyms', 'siblings', 'numbers', 'foreign-reverse', 'synonyms-reverse', 'siblings-reverse', 'numbers-reverse'] as const;
export type SectionName = (typeof SECTION_NAMES)[number];

/** The table files, each packed on its own: the glosses (GPL 3) and the Apertium entries (GPL 2). */
export const CONCEPTUAL_TABLES = ['equivalents', 'apertium-spa-eng'] as const;
export type ConceptualTable = (typeof CONCEPTUAL_TABLES)[number];

const sourcePath = (name: ConceptualTable): string => packagePath('data', 'conceptual', `${name}.tsv.gz`);
const MAGIC = 'TMCT1\n';

/** The source's sections as its reader always took them: `[name]` opens one (a repeated name
 *  starts it anew), `key<TAB>values` lines fill it (a repeated key keeps its last values), and
 *  lines before the first section are comments. */
const parseSections = (text: string): Map<string, Map<string, string>> => {
  const sections = new Map<string, Map<string, string>>();
  let current: Map<string, string> | undefined;
  for (const line of text.split('\n')) {
    if (line.startsWith('[')) sections.set(line.slice(1, -1), (current = new Map()));
    else if (current && line) {
      const tab = line.indexOf('\t');
      current.set(line.slice(0, tab), line.slice(tab + 1));
    }
  }
  return sections;
};

/**
 * The packed form: MAGIC, a JSON header line ({ source_bytes, sections: { name: [first line,
 * line count] } }), padding to 4 bytes, then per line two uint32 (little-endian: where the line
 * starts, where its key ends) and one closing offset, then the lines, each `key<TAB>values\n`,
 * sorted by key bytes within a section. Offsets count from the start of the text.
 */
export const packTable = (text: Buffer, sourceBytes: number): Buffer => {
  const sections = parseSections(text.toString('utf8'));
  const lines: { key: Buffer; line: Buffer }[] = [];
  const spans: Record<string, [number, number]> = {};
  for (const name of SECTION_NAMES) {
    const entries = [...(sections.get(name) ?? new Map<string, string>())].map(([k, v]) => ({ key: Buffer.from(k), line: Buffer.from(`${k}\t${v}\n`) }));
    entries.sort((a, b) => Buffer.compare(a.key, b.key));
    spans[name] = [lines.length, entries.length];
    lines.push(...entries);
  }
  let head = Buffer.from(`${MAGIC}${JSON.stringify({ source_bytes: sourceBytes, sections: spans })}\n`);
  head = Buffer.concat([head, Buffer.alloc((4 - (head.length % 4)) % 4, 0x20)]);
  const index = new Uint32Array(2 * lines.length + 1);
  let at = 0;
  lines.forEach((l, i) => {
    index[2 * i] = at;
    index[2 * i + 1] = at + l.key.length;
    at += l.line.length;
  });
  index[2 * lines.length] = at;
  return Buffer.concat([head, Buffer.from(index.buffer), ...lines.map((l) => l.line)]);
};

/** A section's keys in a Bloom filter of this many bits per key (two probes: about 1.4% of absent
 *  keys still reach the binary search). Most words a search looks up are coined (every split of
 *  TALENTIA, with every inflection), absent from the table, and the binary search's byte compares
 *  were a tenth of a search's CPU on all six channels. Exact: a key the filter lacks is absent. */
const FILTER_BITS_PER_KEY = 16;
/** Lookups in a section before its filter is built: a one-shot search looks up a few words only. */
const FILTER_AFTER = 256;

/** Two 32-bit hashes of a key's bytes (a string of ASCII characters hashes as its UTF-8 bytes). */
const hashes = (at: (i: number) => number, n: number): [number, number] => {
  let h1 = 0x811c9dc5;
  let h2 = 0x9747b28c;
  for (let i = 0; i < n; i++) {
    const c = at(i);
    h1 = Math.imul(h1 ^ c, 0x01000193);
    h2 = Math.imul(h2 ^ c, 0x5bd1e995);
    h2 ^= h2 >>> 15;
  }
  return [h1 >>> 0, h2 >>> 0];
};

/** The key last looked up, its hashes (null when it is not ASCII) and bytes: a word is looked up in
 *  several sections in a row (foreign, synonyms and numbers, in both tables), and hashing it again
 *  for each was a good part of the conceptual lane of an all-channel search (issue 27). */
let last: { key: string; hashes: [number, number] | null; bytes: Buffer | null } = { key: '', hashes: null, bytes: null };
const lookedUp = (key: string): typeof last => {
  if (key === last.key && key !== '') return last;
  let ascii = true;
  for (let i = 0; i < key.length && ascii; i++) if (key.charCodeAt(i) > 0x7f) ascii = false;
  // A key of ASCII characters hashes as its UTF-8 bytes; any other goes to the binary search.
  return (last = { key, hashes: ascii ? hashes((k) => key.charCodeAt(k), key.length) : null, bytes: null });
};

/** Binary search of one section's sorted keys, behind its key filter once the section is busy. */
const sectionOf = (index: Uint32Array, text: Buffer, first: number, count: number): Section => {
  let lookups = 0;
  let filter: Uint32Array | null = null;
  let mask = 0;
  const build = (): void => {
    let bits = 32;
    while (bits < FILTER_BITS_PER_KEY * count) bits *= 2;
    filter = new Uint32Array(bits / 32);
    mask = bits - 1;
    for (let i = first; i < first + count; i++) {
      const start = index[2 * i]!;
      const [h1, h2] = hashes((k) => text[start + k]!, index[2 * i + 1]! - start);
      for (const h of [h1 & mask, h2 & mask]) filter[h >>> 5]! |= 1 << (h & 31);
    }
  };
  const absent = (key: string): boolean => {
    if (!filter) {
      if (++lookups < FILTER_AFTER) return false;
      build();
    }
    const h = lookedUp(key).hashes;
    if (!h) return false;
    const [a, b] = [h[0] & mask, h[1] & mask];
    return !(filter![a >>> 5]! & (1 << (a & 31))) || !(filter![b >>> 5]! & (1 << (b & 31)));
  };
  const find = (key: string): number => {
    if (count === 0 || absent(key)) return -1;
    const looked = lookedUp(key);
    const k = (looked.bytes ??= Buffer.from(key));
    let lo = first;
    let hi = first + count - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const c = k.compare(text, index[2 * mid]!, index[2 * mid + 1]!);
      if (c === 0) return mid;
      if (c < 0) hi = mid - 1;
      else lo = mid + 1;
    }
    return -1;
  };
  return {
    has: (key) => find(key) >= 0,
    get: (key) => {
      const i = find(key);
      return i < 0 ? undefined : text.toString('utf8', index[2 * i + 1]! + 1, index[2 * i + 2]! - 1);
    },
  };
};

/** Reads a packed table; null when `packed` is not one, or was packed from a source of another size. */
export const openTable = (packed: Buffer, sourceBytes: number): Record<SectionName, Section> | null => {
  const nl = packed.indexOf(0x0a, MAGIC.length);
  if (packed.toString('latin1', 0, MAGIC.length) !== MAGIC || nl < 0) return null;
  const header = JSON.parse(packed.toString('utf8', MAGIC.length, nl)) as { source_bytes: number; sections: Record<SectionName, [number, number]> };
  if (header.source_bytes !== sourceBytes) return null;
  const lines = Object.values(header.sections).reduce((n, [, count]) => n + count, 0);
  const start = nl + 1 + ((4 - ((nl + 1) % 4)) % 4);
  const end = start + 4 * (2 * lines + 1);
  // A Uint32Array needs an aligned offset; a pooled Buffer may not give one (Buffer.alloc is never pooled).
  let bytes = packed;
  if ((packed.byteOffset + start) % 4 !== 0) packed.copy((bytes = Buffer.alloc(packed.length)));
  const index = new Uint32Array(bytes.buffer, bytes.byteOffset + start, 2 * lines + 1);
  const text = bytes.subarray(end);
  return Object.fromEntries(SECTION_NAMES.map((name) => [name, sectionOf(index, text, ...(header.sections[name] ?? [0, 0]))])) as Record<SectionName, Section>;
};

/** The packed table of a source as it is now, for `npm run build` to write. */
export const packSource = (name: ConceptualTable = 'equivalents'): Buffer => {
  const gz = readFileSync(sourcePath(name));
  return packTable(gunzipSync(gz), gz.length);
};

export const packedTablePath = (name: ConceptualTable = 'equivalents'): string => packagePath('data', 'conceptual', `${name}.bin`);

/** A table: the packed file when it is there, newer than its source and packed from one of its
 *  size; else packed here from the source. */
export const loadTable = (name: ConceptualTable = 'equivalents'): Record<SectionName, Section> => {
  const source = statSync(sourcePath(name));
  const packed = packedTablePath(name);
  const table = existsSync(packed) && statSync(packed).mtimeMs >= source.mtimeMs ? openTable(readFileSync(packed), source.size) : null;
  return table ?? openTable(packSource(name), source.size)!;
};
