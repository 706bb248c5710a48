// `tm ingest` of NDJSON rows with keys the row shape does not know: one warning per key per file
// (not per record), with the key probably meant, and the records still ingest.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tmCli } from '../helpers/tm-processes.js';
import { storeLocation } from '../helpers/test-backend.js';

const dir = mkdtempSync(join(tmpdir(), 'tm-cli-keys-'));
const tm = tmCli({ TM_DB: storeLocation(dir), TM_NOW: '2026-11-22T12:00:00.000Z' });
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('tm ingest: unknown NDJSON keys', () => {
  it('warns once per unknown key with a suggestion, and ingests every record', async () => {
    const file = join(dir, 'stray.ndjson');
    const rows = [1, 2, 3].map((i) =>
      JSON.stringify({ office_code: 'GB', application_number: `K00${i}`, mark_text: `MARK ${i}`, nice_classes: [9], filling_date: '2020-01-01', colour: 'red', ...(i === 3 ? { derived: {} } : {}) }),
    );
    writeFileSync(file, rows.join('\n'));
    const r = await tm('ingest', file);
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toMatch(/^ingested 3 records/);
    const warnings = r.stderr.split('\n').filter((l) => l.startsWith('warning: '));
    expect(warnings).toEqual([
      `warning: ${file} record 1: unknown key "nice_classes" ignored; did you mean "classifications"?`,
      `warning: ${file} record 1: unknown key "filling_date" ignored; did you mean "filing_date"?`,
      `warning: ${file} record 1: unknown key "colour" ignored`,
    ]);
    const shown = JSON.parse((await tm('show', 'GB:K003', '--json')).stdout);
    expect(shown.mark_text).toBe('MARK 3');
  });

  it('says nothing for a file of known keys', async () => {
    const file = join(dir, 'clean.ndjson');
    writeFileSync(file, JSON.stringify({ office_code: 'GB', application_number: 'K010', mark_text: 'CLEAN', filing_date: '2021-02-03' }));
    const r = await tm('ingest', file);
    expect(r.exitCode).toBe(0);
    expect(r.stderr).not.toContain('warning:');
  });
});
