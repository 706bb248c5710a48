// The CLI surface on real files: `tm ingest`, `tm show`, `tm stats`, bad input and exit codes.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tmCli } from '../helpers/tm-processes.js';
import { storeLocation } from '../helpers/test-backend.js';

const dir = mkdtempSync(join(tmpdir(), 'tm-cli-'));
const env = { TM_DB: storeLocation(dir), TM_NOW: '2026-11-22T12:00:00.000Z' };
const tm = tmCli(env);

const row = (n: string, text: string) =>
  JSON.stringify({ office_code: 'GB', application_number: n, mark_text: text });

beforeAll(() => {
  writeFileSync(join(dir, 'mixed.ndjson'), [row('UK001', 'ALPHA'), '{"office_code":"GB","mark_text":"NO NUMBER"}', row('UK003', 'GAMMA')].join('\n'));
  const daily = readFileSync('fixtures/uspto/daily-xml/apc180218-sample.xml', 'utf8');
  writeFileSync(join(dir, 'truncated.xml'), daily.slice(0, Math.floor(daily.length / 2)));
  writeFileSync(join(dir, 'notes.txt'), 'this is not an office file\n');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('tm ingest', () => {
  it('ingests real USPTO files and prints a one-line summary when piped', async () => {
    const r = await tm('ingest', 'fixtures/uspto/daily-xml/apc180218-sample.xml', 'fixtures/uspto/tsdr/sn76044902-ST96.xml');
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toMatch(/^ingested 12 records from 2 files/);
    expect(r.stdout.split('\n')).toHaveLength(1);
  });

  it('reports a malformed record with file, record number and reason, ingests the rest, exits 8', async () => {
    const r = await tm('ingest', join(dir, 'mixed.ndjson'));
    expect(r.exitCode).toBe(8);
    expect(r.stderr).toContain(`skipped ${join(dir, 'mixed.ndjson')} record 2:`);
    expect(r.stderr).toMatch(/application_number/);
    const shown = await tm('show', 'GB:UK003', '--json');
    expect(JSON.parse(shown.stdout).mark_text).toBe('GAMMA');
  });

  it('exits 0 with --allow-errors and gives the JSON summary with --json', async () => {
    const r = await tm('ingest', join(dir, 'mixed.ndjson'), '--allow-errors', '--json');
    expect(r.exitCode).toBe(0);
    const summary = JSON.parse(r.stdout);
    expect(summary).toMatchObject({ records: 2, unchanged: 2, skipped: 1 });
    expect(summary.skipped_records[0]).toMatchObject({ recordNumber: 2 });
  });

  it('names a truncated XML file and exits 7', async () => {
    const r = await tm('ingest', join(dir, 'truncated.xml'));
    expect(r.exitCode).toBe(7);
    expect(r.stderr).toContain('truncated.xml');
    expect(r.stderr).toContain('[input_error]');
  });

  it('names a file that is neither XML nor JSON and exits 7', async () => {
    const r = await tm('ingest', join(dir, 'notes.txt'));
    expect(r.exitCode).toBe(7);
    expect(r.stderr).toMatch(/notes\.txt: .*neither XML nor JSON/);
  });

  it('rejects an unknown --format by name', async () => {
    const r = await tm('ingest', '--format', 'wordperfect', join(dir, 'mixed.ndjson'));
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain('Unknown format "wordperfect"');
  });
});

describe('tm show', () => {
  it('reads a mark by office number as JSON with its derived block', async () => {
    const r = await tm('show', 'US:76044902', '--json');
    expect(r.exitCode).toBe(0);
    const body = JSON.parse(r.stdout);
    expect(body).toMatchObject({ object: 'trademark', mark_text: 'PYTHON', office_code: 'US' });
    expect(body.derived.as_of_date).toBe('2026-11-22');
  });

  it('answers not_found with exit 3 and id_type_mismatch with exit 2', async () => {
    const missing = await tm('show', 'US:99999999');
    expect(missing.exitCode).toBe(3);
    expect(missing.stderr).toMatch(/^tm: No trademark US:99999999\. \[not_found\]/);
    const wrong = await tm('show', 'own_123', '--json');
    expect(wrong.exitCode).toBe(2);
    expect(JSON.parse(wrong.stdout).error).toMatchObject({ type: 'id_type_mismatch', status: 400 });
  });

  it('rejects a malformed --as-of date', async () => {
    const r = await tm('show', 'US:76044902', '--as-of', '2026-13');
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain('--as-of');
  });
});

describe('files people have (issue 14, point 16)', () => {
  it('ingests the EUIPO figurative-2020 JSON: EM figurative marks with Vienna codes; W-numbers as international registrations', async () => {
    const r = await tm('ingest', 'fixtures/euipo/figurative-2020/Trademark2020_validation-sample.json');
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toMatch(/^ingested 8 records from 1 file .*8 new/);
    const mark = JSON.parse((await tm('show', 'EM:000001751', '--json')).stdout) as Record<string, unknown>;
    expect(mark).toMatchObject({ mark_text: "Uncle Ben's", mark_type: 'figurative', filing_date: '1996-04-01', source_format: 'euipo-figurative-json', status: { primary: 'unknown' } });
    expect((mark.design_codes as { code: string }[]).map((d) => d.code)).toEqual(['02.01.01', '08.05.01', '08.07.05', '08.07.25']);
    const ir = JSON.parse((await tm('show', 'EM:W00840480', '--json')).stdout) as Record<string, unknown>;
    expect(ir).toMatchObject({ ir_number: '840480', mark_text: 'RCC Linking science to progress' });
  });

  it('TIPO (Taiwan) JSON, KIPRIS goods XML and the KIPO goods list each get their own message, exit 7', async () => {
    const cases: [string, RegExp][] = [
      ['fixtures/refused/tw/TmarkAppl_top2.json', /a TIPO \(Taiwan\) open-data trademark application file\. Taiwan \(TW\) is not an office tm supports/],
      ['fixtures/refused/kr/TrademarkDesignationGoodstInfo.xml', /a KIPRIS designated-goods response .* not the mark's application number/],
      ['fixtures/refused/kr/2020_nice_all.csv', /a KIPO list of designated goods .* reference data, not trademark records/],
    ];
    for (const [file, message] of cases) {
      const r = await tm('ingest', file);
      expect(r.exitCode).toBe(7);
      const errors = r.stderr.split('\n').filter((l) => l.startsWith('tm: '));
      expect(errors).toHaveLength(1);
      expect(errors[0]).toMatch(message);
      expect(r.stderr).not.toContain('unknown layout');
    }
  });
});
