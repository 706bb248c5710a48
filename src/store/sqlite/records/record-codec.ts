// How a trademark record is stored in SQLite: its JSON, deflated with a preset dictionary trained on
// real records (data/record-dictionary/, rebuilt by `npm run build:record-dictionary`). The first
// byte names the dictionary, so a store keeps reading its rows after a new dictionary ships (add a
// file and a version; never change a shipped one). A TEXT value is a record as stores before
// migration 061 kept it, plain JSON, still read as such.
import { readFileSync } from 'node:fs';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { packagePath } from '../../../data-files.js';

/** The dictionary new rows are written with. */
export const RECORD_DICTIONARY = 1;
/** Level 6 with the dictionary: ~0.25 of the JSON; 9 gains under 1 % at twice the time. */
const LEVEL = 6;

const dictionaries = new Map<number, Buffer>();

export const recordDictionaryPath = (version: number): string => packagePath('data', 'record-dictionary', `v${version}.bin`);

const dictionary = (version: number): Buffer => {
  let d = dictionaries.get(version);
  if (!d) {
    d = readFileSync(recordDictionaryPath(version));
    dictionaries.set(version, d);
  }
  return d;
};

export const encodeRecord = (json: string): Buffer => {
  const body = deflateRawSync(json, { level: LEVEL, dictionary: dictionary(RECORD_DICTIONARY) });
  const out = Buffer.allocUnsafe(body.length + 1);
  out[0] = RECORD_DICTIONARY;
  body.copy(out, 1);
  return out;
};

/** The record's JSON from a stored value: a blob of this codec or, from an older store, the JSON itself. */
export const decodeRecord = (stored: Buffer | string): string => {
  if (typeof stored === 'string') return stored;
  return inflateRawSync(stored.subarray(1), { dictionary: dictionary(stored[0]!) }).toString('utf8');
};

export const parseRecord = <T>(stored: Buffer | string): T => JSON.parse(decodeRecord(stored)) as T;
