// A conceptual table's source (data/conceptual/*.tsv.gz) read line by line, as plainly as
// possible: the reference its packed form (src/search/conceptual-table.ts) must match.
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { packagePath } from '../../src/data-files.js';

export const sourceSections = (file: string): Map<string, Map<string, string>> => {
  const out = new Map<string, Map<string, string>>();
  let current: Map<string, string> | undefined;
  for (const line of gunzipSync(readFileSync(packagePath('data', 'conceptual', file))).toString('utf8').split('\n')) {
    if (line.startsWith('[')) out.set(line.slice(1, -1), (current = new Map()));
    else if (current && line) current.set(line.slice(0, line.indexOf('\t')), line.slice(line.indexOf('\t') + 1));
  }
  return out;
};
