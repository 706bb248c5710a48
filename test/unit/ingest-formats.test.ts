// Format detection and input handling: every fixture detected as its format, --format override,
// plain/.gz/.zip inputs, byte-order marks, and whole-file input errors (truncated, wrong format).
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { zipSync } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import { TrademarkRecord } from '../../src/core/schemas/trademark.js';
import { ADAPTERS, detectAdapter } from '../../src/ingest/formats.js';
import { TmError } from '../../src/errors.js';
import { fixture, readAll } from './ingest-helpers.js';

const dir = mkdtempSync(join(tmpdir(), 'tm-ingest-formats-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const head = (relative: string) => readFileSync(fixture(relative), 'utf8').slice(0, 64 * 1024);

const isInputError = (pattern: RegExp) => (e: unknown) =>
  e instanceof TmError && e.type === 'input_error' && pattern.test(e.message);

describe('format detection', () => {
  it.each([
    ['uspto/daily-xml/apc180218-sample.xml', 'uspto-daily-xml'],
    ['uspto/daily-xml/records/daily-ib-72269147.xml', 'uspto-daily-xml'],
    ['uspto/tsdr/sn87881347-ST66.xml', 'st66'],
    ['uspto/tsdr/sn87881347-ST96.xml', 'st96'],
    ['uspto/tsdr/rn2178784-ST-961_D3.xml', 'st96'],
    ['uspto/tsdr/rn2178784-ST96-old.xml', 'st96'],
    ['uspto/tsdr/86149597_status_st96.xml', 'st96'],
    ['uspto/tsdr/casestatus_sn78787878_info.json', 'tsdr-json'],
    ['euipo/tm_apple_size10.json', 'euipo-json'],
    ['euipo/tm_list_size10.json', 'euipo-json'],
  ])('%s is %s', (file, format) => {
    expect(detectAdapter(head(file)).name).toBe(format);
  });

  it('detects NDJSON from its first line', () => {
    expect(detectAdapter('{"office_code":"US","application_number":"1","mark_text":"A"}\n').name).toBe('ndjson');
  });

  it('lets --format override detection, and rejects an unknown format name', () => {
    expect(detectAdapter(head('uspto/tsdr/sn87881347-ST66.xml'), 'st96').name).toBe('st96');
    expect(() => detectAdapter('{}', 'csv')).toThrow(TmError);
    try {
      detectAdapter('{}', 'csv');
    } catch (e) {
      expect((e as TmError).type).toBe('validation_error');
      expect((e as TmError).suggestion).toContain('uspto-daily-xml');
    }
  });

  it('refuses content it cannot place, naming the file', () => {
    // XML of another USPTO product (a patent grant) is not a layout tm reads.
    expect(() => detectAdapter('<?xml version="1.0"?><us-patent-grant lang="EN"><us-bibliographic-data-grant/></us-patent-grant>', undefined, 'docs.xml')).toThrow(
      /docs\.xml: cannot tell the format: the content is XML of an unknown layout/,
    );
    expect(() => detectAdapter('hello, world', undefined, 'notes.txt')).toThrow(/notes\.txt: cannot tell the format: the content is neither XML nor JSON/);
    expect(() => detectAdapter('<foo/>', undefined, 'foo.xml')).toThrow(/foo\.xml: .*XML of an unknown layout/);
  });

  it('reads a TSDR document list as tsdr-casedocs-xml', () => {
    expect(detectAdapter(head('uspto/tsdr/casedocs_sn78787878_info.xml'), undefined, 'docs.xml').name).toBe('tsdr-casedocs-xml');
  });

  it('every adapter has a distinct name', () => {
    expect(new Set(ADAPTERS.map((a) => a.name)).size).toBe(ADAPTERS.length);
  });
});

describe('reading inputs', () => {
  it('reads a plain file with detection', async () => {
    const [entry] = await readAll(fixture('uspto/daily-xml/apc180218-sample.xml'));
    expect(entry!.format).toBe('uspto-daily-xml');
    expect(entry!.items.filter((i) => i.ok)).toHaveLength(11);
  });

  it('reads a .gz file directly', async () => {
    const path = join(dir, 'apc.xml.gz');
    writeFileSync(path, gzipSync(readFileSync(fixture('uspto/daily-xml/apc180218-sample.xml'))));
    const [entry] = await readAll(path);
    expect(entry!.format).toBe('uspto-daily-xml');
    expect(entry!.items.map((i) => (i.ok && i.record.object === 'trademark' ? i.record.application_number : null))[4]).toBe('71112081');
  });

  it('reads every entry of a .zip, one after another, each with its own format', async () => {
    const path = join(dir, 'bundle.zip');
    writeFileSync(
      path,
      zipSync({
        'daily/apc.xml': readFileSync(fixture('uspto/daily-xml/apc180218-sample.xml')),
        'tsdr/sn87881347-ST96.xml': readFileSync(fixture('uspto/tsdr/sn87881347-ST96.xml')),
        'euipo/apple.json.gz': gzipSync(readFileSync(fixture('euipo/tm_apple_size10.json'))),
        'empty-dir/': new Uint8Array(0),
      }),
    );
    const entries = await readAll(path);
    expect(entries.map((e) => [e.entryName.slice(path.length + 1), e.format, e.items.length])).toEqual([
      ['daily/apc.xml', 'uspto-daily-xml', 11],
      ['tsdr/sn87881347-ST96.xml', 'st96', 1],
      ['euipo/apple.json.gz', 'euipo-json', 10],
    ]);
  });

  it('turns a truncated .gz, a truncated XML and a truncated JSON file into input errors', async () => {
    const gz = gzipSync(readFileSync(fixture('uspto/daily-xml/apc180218-sample.xml')));
    const cutGz = join(dir, 'cut.xml.gz');
    writeFileSync(cutGz, gz.subarray(0, Math.floor(gz.length / 2)));
    await expect(readAll(cutGz)).rejects.toSatisfy(isInputError(/cut\.xml\.gz: /));

    const xml = readFileSync(fixture('uspto/tsdr/sn87881347-ST96.xml'), 'utf8');
    const cutXml = join(dir, 'cut.xml');
    writeFileSync(cutXml, xml.slice(0, xml.length - 200));
    await expect(readAll(cutXml)).rejects.toSatisfy(isInputError(/cut\.xml: not well-formed WIPO ST\.96 XML/));

    const json = readFileSync(fixture('euipo/tm_apple_size10.json'), 'utf8');
    const cutJson = join(dir, 'cut.json');
    writeFileSync(cutJson, json.slice(0, json.length - 300));
    await expect(readAll(cutJson)).rejects.toSatisfy(isInputError(/cut\.json: not well-formed JSON.*truncated/));
  });

  it('turns a truncated zip archive into an input error', async () => {
    const zip = zipSync({ 'a.xml': readFileSync(fixture('uspto/daily-xml/apc180218-sample.xml')) });
    const cut = join(dir, 'cut.zip');
    writeFileSync(cut, zip.subarray(0, Math.floor(zip.length / 2)));
    await expect(readAll(cut)).rejects.toSatisfy(isInputError(/cut\.zip: not a readable zip archive/));
  });

  it('refuses non-XML given to an XML format and non-JSON given to a JSON format', async () => {
    const json = join(dir, 'apple.json');
    copyFileSync(fixture('euipo/tm_apple_size10.json'), json);
    await expect(readAll(json, 'uspto-daily-xml')).rejects.toSatisfy(isInputError(/apple\.json: not well-formed USPTO daily XML/));
    await expect(readAll(fixture('uspto/tsdr/sn87881347-ST66.xml'), 'euipo-json')).rejects.toSatisfy(
      isInputError(/ST66\.xml: not EUIPO search-API JSON: the file is not JSON/),
    );
    const empty = join(dir, 'empty.xml');
    writeFileSync(empty, '');
    await expect(readAll(empty)).rejects.toSatisfy(isInputError(/empty\.xml: the file is empty/));
    await expect(readAll(join(dir, 'missing.xml'))).rejects.toSatisfy(isInputError(/missing\.xml: cannot open: ENOENT/));
    await expect(readAll(dir)).rejects.toSatisfy(isInputError(/: cannot read: EISDIR/));
  });
});

describe('byte-order marks and line endings', () => {
  it('reads XML, JSON and CRLF NDJSON that open with a UTF-8 BOM', async () => {
    const bom = Buffer.from([0xef, 0xbb, 0xbf]);
    const xml = join(dir, 'bom.xml');
    writeFileSync(xml, Buffer.concat([bom, readFileSync(fixture('uspto/daily-xml/header-only-60000001.xml'))]));
    const json = join(dir, 'bom.json');
    writeFileSync(json, Buffer.concat([bom, readFileSync(fixture('euipo/tm_list_size10.json'))]));
    const nd = join(dir, 'bom.ndjson');
    writeFileSync(
      nd,
      Buffer.concat([bom, Buffer.from('{"office_code":"US","application_number":"1","mark_text":"A"}\r\n{"office_code":"US","application_number":"2","mark_text":"B"}\r\n')]),
    );
    const [x] = await readAll(xml);
    const [j] = await readAll(json);
    const [n] = await readAll(nd);
    expect([x!.format, x!.items.every((i) => i.ok), x!.items.length]).toEqual(['uspto-daily-xml', true, 1]);
    expect([j!.format, j!.items.every((i) => i.ok), j!.items.length]).toEqual(['euipo-json', true, 10]);
    expect([n!.format, n!.items.map((i) => (!i.ok ? i.reason : i.record.object === 'trademark' ? i.record.mark_text : null))]).toEqual(['ndjson', ['A', 'B']]);
  });
});

describe('every real fixture', () => {
  const walk = (relative: string): string[] =>
    readdirSync(fixture(relative), { withFileTypes: true }).flatMap((d) =>
      d.isDirectory() ? walk(`${relative}/${d.name}`) : [`${relative}/${d.name}`],
    );
  // The TSDR document list is not a trademark record: test/unit/ingest-casedocs.test.ts reads it.
  const files = ['uspto/daily-xml', 'uspto/tsdr', 'euipo', 'offices']
    .flatMap(walk)
    .filter((f) => !f.includes('casedocs_'));

  it.each(files)('%s parses with detection into valid records, none skipped', async (file) => {
    const entries = await readAll(fixture(file));
    const items = entries.flatMap((e) => e.items);
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) {
      if (!item.ok) throw new Error(`record ${item.recordNumber}: ${item.reason}`);
      expect(() => TrademarkRecord.parse(item.record)).not.toThrow();
    }
  });
});
