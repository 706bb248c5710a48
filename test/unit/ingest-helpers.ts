// Test helpers for the ingest adapter tests: parse a fixture or a string through one adapter (or
// through detection) and collect the items.
import { createReadStream } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Readable } from 'node:stream';
import type { FormatAdapter, IngestRecord, ParseItem } from '../../src/ingest/adapter.js';
import type { TrademarkRecord } from '../../src/core/schemas/trademark.js';
import { readRecords } from '../../src/ingest/formats.js';

export const fixture = (relative: string): string =>
  fileURLToPath(new URL(`../../fixtures/${relative}`, import.meta.url));

export const collect = async <T extends IngestRecord = TrademarkRecord>(items: AsyncIterable<ParseItem<T>>): Promise<ParseItem<T>[]> => {
  const out: ParseItem<T>[] = [];
  for await (const item of items) out.push(item);
  return out;
};

export const parseFixture = <T extends IngestRecord = TrademarkRecord>(adapter: FormatAdapter<T>, relative: string): Promise<ParseItem<T>[]> =>
  collect(adapter.parse(createReadStream(fixture(relative)), relative));

export const parseString = <T extends IngestRecord = TrademarkRecord>(adapter: FormatAdapter<T>, text: string, name = 'inline'): Promise<ParseItem<T>[]> =>
  collect(adapter.parse(Readable.from([Buffer.from(text)]), name));

/** The records of items that must all be ok. */
export const records = (items: ParseItem[]): TrademarkRecord[] =>
  items.map((item) => {
    if (!item.ok) throw new Error(`record ${item.recordNumber} failed: ${item.reason}`);
    return item.record;
  });

export const only = async (adapter: FormatAdapter, relative: string): Promise<TrademarkRecord> => {
  const list = records(await parseFixture(adapter, relative));
  if (list.length !== 1) throw new Error(`expected one record in ${relative}, got ${list.length}`);
  return list[0]!;
};

/** Detection + parsing, as ingest runs it: every entry of a path with its format and items. */
export const readAll = async (path: string, format?: string) => {
  const out: { entryName: string; format: string; items: ParseItem<IngestRecord>[] }[] = [];
  for await (const entry of readRecords(path, format)) {
    out.push({ entryName: entry.entryName, format: entry.format, items: await collect(entry.items) });
  }
  return out;
};
