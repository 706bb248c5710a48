// `npm run build:record-dictionary`: trains the record dictionary (train-dictionary.ts) on the real
// office records bundled in fixtures/ (every trademark record their adapters read, as the store
// serialises it) and writes it to data/record-dictionary/v<N>.bin with its provenance in
// sources.json. Writing a shipped version again would make its stored rows unreadable if the bytes
// changed, so the script refuses unless told the next version: `-- --version N`.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { serializeRecord } from '../../../core/diff.js';
import { packagePath } from '../../../data-files.js';
import { readRecords, recordFilesUnder } from '../../../ingest/formats.js';
import { recordDictionaryPath } from './record-codec.js';
import { DICTIONARY_BYTES, trainDictionary } from './train-dictionary.js';

/** The stored JSON of every trademark record in the fixtures, in file order; unreadable files are passed over. */
export const fixtureRecords = async (): Promise<string[]> => {
  const out: string[] = [];
  for (const file of recordFilesUnder(packagePath('fixtures'))) {
    try {
      for await (const entry of readRecords(file)) {
        for await (const item of entry.items) if (item.ok && item.record.object === 'trademark') out.push(serializeRecord(item.record).json);
      }
    } catch {
      // A fixture that holds no records of a known format (a header-only file, an error page).
    }
  }
  return out;
};

const main = async (): Promise<void> => {
  const { values } = parseArgs({ options: { version: { type: 'string', default: '1' } } });
  const version = Number(values.version);
  const path = recordDictionaryPath(version);
  const samples = await fixtureRecords();
  const dictionary = trainDictionary(samples);
  if (existsSync(path) && !readFileSync(path).equals(dictionary)) {
    throw new Error(`${relative(packagePath(), path)} is shipped and differs from a fresh build: stored rows name it. Write a new version (--version ${version + 1}) and make it RECORD_DICTIONARY.`);
  }
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, dictionary);
  const sources = join(dirname(path), 'sources.json');
  const known = existsSync(sources) ? (JSON.parse(readFileSync(sources, 'utf8')) as { files: Record<string, string> }).files : {};
  known[`v${version}.bin`] = `${dictionary.length} bytes (at most ${DICTIONARY_BYTES}) trained by src/store/sqlite/records/train-dictionary.ts on the ${samples.length} trademark records the adapters read from fixtures/ (real USPTO, EUIPO and other offices' files), each serialised as the store keeps it (serializeRecord).`;
  writeFileSync(sources, `${JSON.stringify({ source: 'Preset deflate dictionaries of the SQLite store\'s trademark records (src/store/sqlite/records/record-codec.ts). A stored row names its dictionary by its first byte: never change a shipped file.', files: known }, null, 2)}\n`);
  process.stdout.write(`wrote ${relative(packagePath(), path)}: ${dictionary.length} bytes from ${samples.length} records\n`);
};

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch((err: unknown) => {
    process.stderr.write(`build:record-dictionary: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  });
}
