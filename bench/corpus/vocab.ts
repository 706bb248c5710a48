// Loads the generator's real vocabularies (bench/corpus/vocab/, see SOURCES.md there) and the
// USPTO status table from data/. Loaded once per process; all small enough to hold in memory.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { repoRoot } from '../lib/results.js';

export interface EuipoMark {
  text: string;
  /** Vienna codes in EUIPO's 6-digit form, e.g. `260402`. */
  vienna: string[];
}

export interface NiceTerm {
  basic: string;
  term: string;
}

export interface UsStatusCode {
  code: string;
  label: string;
  primary: 'pending' | 'active' | 'inactive' | 'unknown';
  stage: string;
  challenge?: string;
}

export interface Vocab {
  euipo: EuipoMark[];
  /** Terms by Nice class 1..45 (index 0 unused). */
  nice: NiceTerm[][];
  words: string[];
  /** Short words (3–6 letters) that read well inside coined marks. */
  shortWords: string[];
  usStatus: Map<string, UsStatusCode>;
  /** USPTO prosecution event codes: type and label of the first entry of each code. */
  usEvents: Map<string, { type: string; label: string }>;
  usdailyProlog: string;
}

export const vocabDir = join(repoRoot, 'bench', 'corpus', 'vocab');

const lines = (file: string): string[] =>
  gunzipSync(readFileSync(join(vocabDir, file))).toString('utf8').split('\n').filter((l) => l.length > 0);

let cached: Vocab | undefined;

export const loadVocab = (): Vocab => {
  if (cached) return cached;
  const euipo = lines('euipo-marks.tsv.gz').map((l) => {
    const [text = '', codes = ''] = l.split('\t');
    return { text, vienna: codes ? codes.split(',') : [] };
  });
  const nice: NiceTerm[][] = Array.from({ length: 46 }, () => []);
  for (const l of lines('nice-terms.tsv.gz')) {
    const [cls = '', basic = '', term = ''] = l.split('\t');
    nice[Number(cls)]?.push({ basic, term });
  }
  const words = lines('english-words.txt.gz');
  const usTable = JSON.parse(readFileSync(join(repoRoot, 'data', 'status-codes', 'US.json'), 'utf8')) as {
    codes: UsStatusCode[];
  };
  const usEventTable = JSON.parse(readFileSync(join(repoRoot, 'data', 'event-codes', 'US.json'), 'utf8')) as {
    codes: { code: string; type: string; label: string }[];
  };
  const usEvents = new Map<string, { type: string; label: string }>();
  for (const e of usEventTable.codes) if (!usEvents.has(e.code)) usEvents.set(e.code, { type: e.type, label: e.label });
  cached = {
    euipo,
    nice,
    words,
    shortWords: words.filter((w) => w.length >= 3 && w.length <= 6),
    usStatus: new Map(usTable.codes.map((c) => [c.code, c])),
    usEvents,
    usdailyProlog: readFileSync(join(vocabDir, 'uspto-daily-prolog.xml'), 'utf8'),
  };
  return cached;
};
