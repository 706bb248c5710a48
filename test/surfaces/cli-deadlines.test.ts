// `tm deadlines` exports on real USPTO records: every row as CSV or as an iCalendar feed.
import ICAL from 'ical.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tmCli } from '../helpers/tm-processes.js';
import { storeLocation } from '../helpers/test-backend.js';

const dir = mkdtempSync(join(tmpdir(), 'tm-cli-dl-'));
const env = { TM_DB: storeLocation(dir), TM_NOW: '2026-11-22T12:00:00.000Z' };
const tm = tmCli(env);

beforeAll(async () => {
  const r = await tm('ingest', 'fixtures/uspto/daily-xml/apc180218-sample.xml');
  expect(r.exitCode).toBe(0);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('tm deadlines exports', () => {
  it('--ics writes every matching row as a feed ical.js reads, with one UID per occurrence', async () => {
    const page = JSON.parse((await tm('deadlines', '--office', 'US', '--limit', '100', '--json')).stdout);
    const r = await tm('deadlines', '--office', 'US', '--ics', '--alarms', '30,7');
    expect(r.exitCode).toBe(0);
    const events = new ICAL.Component(ICAL.parse(r.stdout)).getAllSubcomponents('vevent');
    const datedRows = page.data.filter((row: { due_date: string | null }) => row.due_date !== null);
    expect(events.length).toBe(datedRows.length);
    const uids = events.map((e) => String(e.getFirstPropertyValue('uid')));
    expect(uids).toContain(`${datedRows[0].trademark_id}:${datedRows[0].occurrence_key}@tm.local`);
    expect(events[0]!.getAllSubcomponents('valarm').map((a) => String(a.getFirstPropertyValue('trigger')))).toEqual(['-P30D', '-P7D']);
  });

  it('--csv writes a header and one line per row', async () => {
    const page = JSON.parse((await tm('deadlines', '--limit', '100', '--json')).stdout);
    const r = await tm('deadlines', '--csv');
    const lines = r.stdout.trimEnd().split('\r\n');
    expect(lines[0]).toMatch(/^due_date,state,urgency/);
    expect(lines).toHaveLength(page.data.length + 1);
  });

  it('refuses --csv with --ics, and bad alarm offsets', async () => {
    expect((await tm('deadlines', '--csv', '--ics')).exitCode).toBe(2);
    const bad = await tm('deadlines', '--ics', '--alarms', 'soon');
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toContain('--alarms');
  });
});
