// Rebuilds data/clearance/classify-cases.json (`npm run build:classify-cases`): real goods and
// services descriptions with their office-assigned Nice class, read from the USPTO fixtures with
// the ingest adapters and from data/clearance/classify-cases-pages.csv (identifications quoted
// verbatim in public TTAB and office decisions), each put in a fixed `tune` or `test` split by a
// hash of its text. The classifier is built from data/nice only; these cases only evaluate it
// (bench/eval-classify.ts).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { keyHash } from '../src/search/analyze.js';
import { fold } from '../src/search/normalize.js';
import { usptoDailyXml } from '../src/ingest/adapters/uspto-daily-xml.js';
import { readRecords } from '../src/ingest/formats.js';
import type { TrademarkRecord } from '../src/core/schemas/trademark.js';
import type { IngestRecord, ParseItem } from '../src/ingest/adapter.js';
import { repoRoot } from './lib/results.js';
import { parseCsv } from './lib/eval-pairs.js';

const root = repoRoot;
const fixtures = join(root, 'fixtures', 'uspto');
const ENVELOPE = (body: string) =>
  `<?xml version="1.0"?><trademark-applications-daily><version><version-no>2.0</version-no></version>` +
  `<application-information><file-segments><action-keys><action-key>TX</action-key>${body}` +
  `</action-keys></file-segments></application-information></trademark-applications-daily>`;

const records: { record: TrademarkRecord; file: string }[] = [];
const take = async (items: AsyncIterable<ParseItem<IngestRecord>>, file: string) => {
  for await (const item of items) if (item.ok && item.record.object === 'trademark') records.push({ record: item.record, file });
};
for (const dir of ['daily-xml', 'tsdr']) {
  for (const name of readdirSync(join(fixtures, dir)).filter((f) => /\.(xml|json)$/.test(f)).sort()) {
    if (name.startsWith('casedocs')) continue;
    for await (const entry of readRecords(join(fixtures, dir, name))) await take(entry.items, `fixtures/uspto/${dir}/${name}`);
  }
}
const recordDir = join(fixtures, 'daily-xml', 'records');
for (const name of readdirSync(recordDir).sort()) {
  const xml = ENVELOPE(readFileSync(join(recordDir, name), 'utf8').replace(/^<\?xml[^>]*>/, ''));
  await take(usptoDailyXml.parse(Readable.from([xml]), name), `fixtures/uspto/daily-xml/records/${name}`);
}

/** USPTO amendment markup: [deleted text], {added text}, *inserted* and ((...)) are read as plain text. */
const clean = (text: string): string =>
  text.replace(/\[[^\]]*\]/g, ' ').replace(/[{}*]|\(\(|\)\)/g, ' ').replace(/\s+/g, ' ').replace(/\s+([;,.])/g, '$1').trim();

interface Case {
  text: string;
  class: number;
  office: string;
  application_number: string;
  file: string;
  url?: string;
  split: 'tune' | 'test';
}
const seen = new Set<string>();
const cases: Case[] = [];
const add = (raw: string, niceClass: number, rest: Omit<Case, 'text' | 'class' | 'split'>) => {
  const text = clean(raw);
  const key = `${niceClass}|${fold(text)}`;
  if (text.length < 3 || seen.has(key)) return;
  seen.add(key);
  cases.push({ text, class: niceClass, ...rest, split: keyHash(fold(text)) % 2 === 0 ? 'test' : 'tune' });
};
for (const { record, file } of records)
  for (const c of record.classifications)
    if (c.nice_class !== null && c.goods_services) add(c.goods_services, c.nice_class, { office: record.office_code, application_number: record.application_number, file });

// Identifications read from public decisions (docs/clearance.md says how they were collected).
const PAGES = 'data/clearance/classify-cases-pages.csv';
for (const [i, r] of parseCsv(readFileSync(join(root, PAGES), 'utf8')).entries()) {
  const niceClass = Number(r.class);
  if (!r.text || !Number.isInteger(niceClass) || niceClass < 1 || niceClass > 45 || !r.url) throw new Error(`${PAGES} row ${i + 2}: needs text, class 1-45 and url`);
  add(r.text, niceClass, { office: r.office || 'US', application_number: r.number ?? '', file: PAGES, url: r.url });
}
const out = {
  source:
    'Goods and services texts with their office-assigned Nice class: from the USPTO daily XML and TSDR fixtures in fixtures/uspto (USPTO data, public domain), via the tm ingest adapters, and from identifications quoted verbatim in public TTAB opinions and office decisions (data/clearance/classify-cases-pages.csv, with each page URL); amendment and editorial markup ([bracketed] text dropped, {added} kept); one case per distinct (class, text). Rebuild: npm run build:classify-cases.',
  split_rule: 'test when keyHash(fold(text)) is even, else tune (src/search/analyze.ts keyHash); fixed, never chosen on results',
  cases,
};
writeFileSync(join(root, 'data', 'clearance', 'classify-cases.json'), `${JSON.stringify(out, null, 1)}\n`);
console.log(`${cases.length} cases (${cases.filter((c) => c.file === PAGES).length} from ${PAGES}): ${cases.filter((c) => c.split === 'tune').length} tune, ${cases.filter((c) => c.split === 'test').length} test`);
