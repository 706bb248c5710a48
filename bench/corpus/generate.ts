// The benchmark corpus generator: a deterministic stream of realistic trademark records (see
// docs/benchmarks.md) as records, or written to disk as NDJSON and/or USPTO daily XML in
// constant memory. CLI:
//   node dist/bench/corpus/generate.js --count 1000000 --seed 42 --out bench/corpus/ [--format ndjson|uspto-xml|both]
import { once } from 'node:events';
import { createWriteStream, mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import type { TrademarkRecord } from '../../src/core/schemas/trademark.js';
import { OFFICES, type OfficeCode } from './offices.js';
import { createRng } from './prng.js';
import { DEFAULT_AS_OF, createRecordBuilder } from './record.js';
import { USPTO_DAILY_TAIL, caseFileXml, usptoDailyHead } from './uspto-xml.js';

export type CorpusFormat = 'ndjson' | 'uspto-xml';

export interface CorpusOptions {
  count: number;
  seed: number;
  /** Offices to draw from; default all 11. The USPTO XML corpus is always US-only. */
  offices?: readonly OfficeCode[];
  /** The generator's fixed "today" (YYYY-MM-DD). */
  asOf?: string;
}

/** Bump when the generated content changes, so cached corpus files are regenerated. */
export const GENERATOR_VERSION = 2;

/** The records, synchronously: the fastest way to feed an in-process bench. */
export function* corpusRecords(options: CorpusOptions): Generator<TrademarkRecord> {
  const rng = createRng(options.seed);
  const build = createRecordBuilder(options);
  for (let i = 0; i < options.count; i++) yield build(i, rng);
}

/** The same records as an async iterator, for code that consumes streams. */
export async function* generateCorpus(options: CorpusOptions): AsyncGenerator<TrademarkRecord> {
  let n = 0;
  for (const record of corpusRecords(options)) {
    yield record;
    // Let I/O and timers run now and then, so a consumer's progress display stays alive.
    if (++n % 5000 === 0) await new Promise<void>((r) => setImmediate(r));
  }
}

export const corpusFileName = (format: CorpusFormat, count: number, seed: number): string =>
  format === 'ndjson' ? `corpus-${count}-s${seed}.ndjson` : `corpus-${count}-s${seed}-uspto.xml`;

const CHUNK_BYTES = 1 << 20;

/** Writes one corpus file through a buffered stream, honouring back-pressure; returns bytes written. */
export const writeCorpusFile = async (
  path: string,
  format: CorpusFormat,
  options: CorpusOptions,
  onProgress?: (records: number) => void,
): Promise<number> => {
  const stream = createWriteStream(path);
  let bytes = 0;
  let chunk = '';
  const push = async (text: string): Promise<void> => {
    chunk += text;
    if (chunk.length < CHUNK_BYTES) return;
    bytes += Buffer.byteLength(chunk);
    const ok = stream.write(chunk);
    chunk = '';
    if (!ok) await once(stream, 'drain');
  };
  const records = corpusRecords(format === 'uspto-xml' ? { ...options, offices: ['US'] } : options);
  if (format === 'uspto-xml') await push(usptoDailyHead(options.asOf ?? DEFAULT_AS_OF));
  let n = 0;
  for (const r of records) {
    await push(format === 'ndjson' ? `${JSON.stringify(r)}\n` : caseFileXml(r));
    if (++n % 50_000 === 0) onProgress?.(n);
  }
  if (format === 'uspto-xml') await push(USPTO_DAILY_TAIL);
  bytes += Buffer.byteLength(chunk);
  stream.end(chunk);
  await once(stream, 'finish');
  onProgress?.(n);
  return bytes;
};

export interface WrittenCorpus {
  format: CorpusFormat;
  path: string;
  records: number;
  bytes: number;
}

/** Writes the requested formats into `outDir` with a `.meta.json` beside each file. */
export const writeCorpus = async (
  options: CorpusOptions & { outDir: string; formats: readonly CorpusFormat[] },
  onProgress?: (format: CorpusFormat, records: number) => void,
): Promise<WrittenCorpus[]> => {
  mkdirSync(options.outDir, { recursive: true });
  const written: WrittenCorpus[] = [];
  for (const format of options.formats) {
    const path = resolve(options.outDir, corpusFileName(format, options.count, options.seed));
    const bytes = await writeCorpusFile(path, format, options, (n) => onProgress?.(format, n));
    const meta = { generator_version: GENERATOR_VERSION, format, count: options.count, seed: options.seed, as_of: options.asOf ?? DEFAULT_AS_OF, bytes };
    writeFileSync(`${path}.meta.json`, `${JSON.stringify(meta, null, 2)}\n`);
    written.push({ format, path, records: options.count, bytes });
  }
  return written;
};

const main = async (): Promise<void> => {
  const { values } = parseArgs({
    options: {
      count: { type: 'string', default: '1000000' },
      seed: { type: 'string', default: '42' },
      out: { type: 'string', default: 'bench/corpus/' },
      format: { type: 'string', default: 'both' },
      offices: { type: 'string' },
      'as-of': { type: 'string', default: DEFAULT_AS_OF },
    },
  });
  const count = Number(values.count);
  const seed = Number(values.seed);
  if (!Number.isInteger(count) || count < 1) throw new Error(`--count must be a positive integer, got ${values.count}`);
  if (!Number.isInteger(seed)) throw new Error(`--seed must be an integer, got ${values.seed}`);
  const formats: CorpusFormat[] =
    values.format === 'both' ? ['ndjson', 'uspto-xml'] : values.format === 'ndjson' || values.format === 'uspto-xml' ? [values.format] : [];
  if (formats.length === 0) throw new Error(`--format must be ndjson, uspto-xml or both, got ${values.format}`);
  const offices = values.offices?.split(',').map((o) => o.trim().toUpperCase());
  const unknown = offices?.filter((o) => !(OFFICES as readonly string[]).includes(o));
  if (unknown?.length) throw new Error(`unknown office(s): ${unknown.join(', ')}; known: ${OFFICES.join(', ')}`);
  const started = performance.now();
  const written = await writeCorpus(
    { count, seed, offices: offices as OfficeCode[] | undefined, asOf: values['as-of'], outDir: values.out!, formats },
    (format, n) => process.stderr.write(`\r${format}: ${n.toLocaleString('en-US')} / ${count.toLocaleString('en-US')}`),
  );
  process.stderr.write('\n');
  for (const w of written) {
    process.stdout.write(`${w.format}\t${w.records}\t${(w.bytes / 1024 ** 2).toFixed(1)} MB\t${w.path}\n`);
  }
  process.stdout.write(`done in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
};

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  main().catch((err: unknown) => {
    process.stderr.write(`generate: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  });
}

