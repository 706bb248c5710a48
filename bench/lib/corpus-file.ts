// A generated corpus file on disk, made once and reused by every bench that reads one (ingest,
// footprint): reused when its .meta.json says it came from this generator with these settings.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { GENERATOR_VERSION, corpusFileName, writeCorpus, type CorpusFormat } from '../corpus/generate.js';
import { formatInt } from './results.js';

/** The path of the corpus of `count` records of `format` with `seed` in `dir`, generated if missing or stale. */
export const ensureCorpus = async (dir: string, format: CorpusFormat, count: number, seed: number): Promise<string> => {
  const path = join(dir, corpusFileName(format, count, seed));
  if (existsSync(path) && existsSync(`${path}.meta.json`)) {
    const meta = JSON.parse(readFileSync(`${path}.meta.json`, 'utf8')) as { generator_version: number; bytes: number };
    if (meta.generator_version === GENERATOR_VERSION && statSync(path).size === meta.bytes) return path;
  }
  process.stderr.write(`generating ${format} corpus of ${formatInt(count)} records (seed ${seed}) …\n`);
  await writeCorpus({ count, seed, outDir: dir, formats: [format] }, (f, n) => {
    if (n % 200_000 === 0) process.stderr.write(`  ${f}: ${formatInt(n)}\n`);
  });
  return path;
};
