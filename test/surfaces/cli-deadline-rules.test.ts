// Issue 14, point 5 through the CLI: a mark the office already shows as expired is still assessed
// through its restoration window, and a New Zealand term that ended before 2020-01-13 follows the
// regulations then in force (no renewal grace, restoration within 12 months).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { tmCli } from '../helpers/tm-processes.js';
import { storeLocation } from '../helpers/test-backend.js';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const dir = mkdtempSync(join(tmpdir(), 'tm-cli-rules-'));
const env = { TM_DB: storeLocation(dir), TM_NOW: '2026-11-22T12:00:00.000Z' };
const tm = tmCli(env);
const term = async (id: string, asOf: string) => {
  const r = await tm('show', id, '--as-of', asOf, '--json');
  expect(r.exitCode).toBe(0);
  return JSON.parse(r.stdout).derived.term as Record<string, unknown>;
};

beforeAll(async () => {
  const rows = [
    { office_code: 'EM', application_number: '013000001', mark_text: 'LAPSED EUTM', filing_date: '2015-06-12', registration_date: '2015-10-01', status: { primary: 'inactive', stage: 'expired' } },
    { office_code: 'NZ', application_number: '800001', mark_text: 'OLD REGIME', filing_date: '2009-06-01', registration_date: '2010-02-01', status: { primary: 'active', stage: 'registered' } },
  ];
  writeFileSync(join(dir, 'marks.ndjson'), rows.map((r) => JSON.stringify(r)).join('\n'));
  expect((await tm('ingest', join(dir, 'marks.ndjson'))).exitCode).toBe(0);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('deadline rules through tm show', () => {
  it('an EU mark shown as expired is in restoration for a year after expiry, then out of term', async () => {
    expect(await term('EM:013000001', '2026-01-15')).toMatchObject({ state: 'in_restoration', restoration_expiry_date: '2026-06-12' });
    expect((await term('EM:013000001', '2026-08-01')).state).not.toBe('in_restoration');
  });

  it('a New Zealand term that ended in 2019 has no renewal grace, only restoration', async () => {
    expect(await term('NZ:800001', '2019-08-01')).toMatchObject({ state: 'in_restoration', grace_expiry_date: null });
  });
});
