// `tm portfolios …` on a real store: create, import a client CSV (office, number, external_ref)
// with per-line errors, show, and the portfolio docket as ICS through `tm deadlines --portfolio`.
import ICAL from 'ical.js';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tmCli } from '../helpers/tm-processes.js';
import { storeLocation } from '../helpers/test-backend.js';

const dir = mkdtempSync(join(tmpdir(), 'tm-cli-ptf-'));
const env = { TM_DB: storeLocation(dir), TM_NOW: '2026-11-22T12:00:00.000Z' };
const tm = tmCli(env);

beforeAll(async () => {
  expect((await tm('ingest', 'fixtures/uspto/daily-xml/apc180218-sample.xml')).exitCode).toBe(0);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let imported = '';

describe('tm portfolios', () => {
  it('imports clients.csv into a new portfolio, reporting unknown marks by line', async () => {
    const csv = join(dir, 'clients.csv');
    writeFileSync(csv, 'office,number,external_ref\r\nUS,71112081,"ACME-1, main"\r\nUS,72029003,ACME-2\r\nUS,12345678,ACME-3\r\nXX1,5,bad\r\n');
    const r = await tm('portfolios', 'import', csv, '--json');
    expect(r.exitCode).toBe(3);
    expect(r.stderr).toContain('tm: not imported: US:12345678');
    const out = JSON.parse(r.stdout);
    expect(out).toMatchObject({ rows: 4, mark_count: 2 });
    expect(out.errors.map((e: { ref: string }) => e.ref)).toEqual(['line 5', 'US:12345678']);

    const shown = JSON.parse((await tm('portfolios', 'show', out.portfolio_id, '--json')).stdout);
    expect(shown).toMatchObject({ name: 'clients', mark_count: 2 });
    expect(shown.marks.map((m: { external_ref: string }) => m.external_ref).sort()).toEqual(['ACME-1, main', 'ACME-2']);
    imported = out.portfolio_id;
  });

  it('writes the imported portfolio\'s docket with tm deadlines --portfolio, as JSON and ICS', async () => {
    const page = JSON.parse((await tm('deadlines', '--portfolio', imported, '--limit', '100', '--json')).stdout);
    expect(page.data.length).toBeGreaterThan(0);
    expect(new Set(page.data.map((d: { trademark_id: string }) => d.trademark_id)).size).toBeLessThanOrEqual(2);
    const ics = await tm('deadlines', '--portfolio', imported, '--ics');
    const events = new ICAL.Component(ICAL.parse(ics.stdout)).getAllSubcomponents('vevent');
    expect(events.length).toBe(page.data.filter((d: { due_date: string | null }) => d.due_date).length);
  });

  it('creates, adds by OFFICE:number and removes', async () => {
    const created = JSON.parse((await tm('portfolios', 'create', 'Beta', '--json')).stdout);
    const added = JSON.parse((await tm('portfolios', 'add', created.id, 'US:87310367', 'US:87703889', '--json')).stdout);
    expect(added.mark_count).toBe(2);
    const removed = JSON.parse((await tm('portfolios', 'remove', created.id, 'US:87310367', '--json')).stdout);
    expect(removed.mark_count).toBe(1);
  });

  it('deletes; the deleted id is then one error line and a non-zero exit', async () => {
    const created = JSON.parse((await tm('portfolios', 'create', 'Gamma', '--json')).stdout);
    expect((await tm('portfolios', 'delete', created.id, '--json')).exitCode).toBe(0);
    const missing = await tm('portfolios', 'show', created.id);
    expect(missing.exitCode).toBe(3);
    expect(missing.stderr.trim().split('\n')).toHaveLength(1);
    expect(missing.stderr).toContain(created.id);
  });
});
