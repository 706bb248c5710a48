// The ICS feed of deadline rows: parsed with ical.js (an independent consumer), linted for CRLF,
// 75-octet lines and folds that keep UTF-8 sequences whole, and checked for stable UIDs.
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { DeadlineSubjectInput } from '../../src/deadlines/subject.js';
import { deriveSubject } from '../../src/deadlines/engine.js';
import { getCatalog } from '../../src/deadlines/catalog.js';
import { buildDeadlinesIcs, foldLine } from '../../src/deadlines/ics.js';
import { deadlineRows, type DeadlineRow } from '../../src/deadlines/rows.js';
import type { TrademarkRecord } from '../../src/core/schemas/trademark.js';

const record = (id: string, mark: string, office: string, over: Partial<TrademarkRecord> = {}): TrademarkRecord =>
  ({
    id,
    office_code: office,
    application_number: `A-${id}`,
    registration_number: `R-${id}`,
    mark_text: mark,
    owners: [],
    expiry_date: null,
    ...over,
  }) as TrademarkRecord;

const rowsFor = (): DeadlineRow[] => {
  const catalog = getCatalog();
  const us = deriveSubject(DeadlineSubjectInput.parse({ office_code: 'US', status: 'registered', registration_date: '2016-05-17' }), '2026-05-17');
  const jp = deriveSubject(
    DeadlineSubjectInput.parse({ office_code: 'JP', status: 'registered', registration_date: '2021-06-01', split_fee: true }),
    '2026-11-22',
  );
  return [
    ...deadlineRows(record('tm_us02', 'ACME; Widgets, "Deluxe" \\ Co', 'US'), us, catalog),
    ...deadlineRows(record('tm_jp02', 'ソニー株式会社の非常に長い商標名称テスト😀ÄÖÜ'.repeat(3), 'JP'), jp, catalog),
  ];
};

const lint = (text: string): string[] => {
  const problems: string[] = [];
  if (!text.endsWith('\r\n')) problems.push('no CRLF after the last line');
  if (/(^|[^\r])\n/.test(text)) problems.push('bare LF');
  const lines = text.split('\r\n').slice(0, -1);
  lines.forEach((line, i) => {
    if (Buffer.byteLength(line) > 75) problems.push(`line ${i + 1} has ${Buffer.byteLength(line)} octets`);
    if (line.includes('\uFFFD')) problems.push(`line ${i + 1} has a replacement character`);
  });
  // Each physical line must itself be valid UTF-8: a fold inside a sequence would break this.
  const raw = Buffer.from(text, 'utf8');
  let start = 0;
  for (let i = 0; i < raw.length - 1; i++) {
    if (raw[i] === 0x0d && raw[i + 1] === 0x0a) {
      const piece = raw.subarray(start, i);
      if (Buffer.from(piece.toString('utf8'), 'utf8').compare(piece) !== 0) problems.push(`physical line at byte ${start} is not valid UTF-8`);
      start = i + 2;
    }
  }
  return problems;
};

const stamp = new Date('2026-11-22T10:00:00Z');

describe('ICS feed', () => {
  const rows = rowsFor();
  const text = buildDeadlinesIcs(rows, { domain: 'tm.example', stamp });

  it('passes the CRLF / 75-octet / UTF-8 fold lint', () => {
    expect(lint(text)).toEqual([]);
    expect(text.split('\r\n').some((l) => l.startsWith(' '))).toBe(true);
  });

  it('parses with ical.js as all-day events with an exclusive end, UID, DTSTAMP and reminders', () => {
    const comp = new ICAL.Component(ICAL.parse(text));
    expect(comp.getFirstPropertyValue('version')).toBe('2.0');
    expect(comp.getFirstPropertyValue('method')).toBe('PUBLISH');
    expect(String(comp.getFirstPropertyValue('refresh-interval'))).toBe('PT6H');
    expect(comp.getFirstPropertyValue('x-published-ttl')).toBe('PT6H');
    const events = comp.getAllSubcomponents('vevent');
    expect(events).toHaveLength(rows.filter((r) => r.due_date).length);
    for (const v of events) {
      const e = new ICAL.Event(v);
      expect(e.startDate.isDate).toBe(true);
      expect(e.endDate.isDate).toBe(true);
      expect(e.endDate.toUnixTime() - e.startDate.toUnixTime()).toBe(86_400);
      expect(v.getFirstPropertyValue('dtstamp')).toBeTruthy();
      const triggers = v.getAllSubcomponents('valarm').map((a) => String(a.getFirstPropertyValue('trigger')));
      expect(triggers).toEqual(['-P90D', '-P60D', '-P30D', '-P7D']);
    }
    const renewal = events.map((v) => new ICAL.Event(v)).find((e) => e.uid === 'tm_us02:us_renewal:1@tm.example');
    expect(renewal?.startDate.toString()).toBe('2026-05-18');
    expect(renewal?.summary).toBe('Renewal and declaration of use due: ACME; Widgets, "Deluxe" \\ Co (US R-tm_us02)');
    expect(renewal?.description).toContain('Window: 2025-05-17 to 2026-05-18; late (grace) until 2026-11-17');
    expect(renewal?.description).toContain('Moved from 2026-05-17: 2026-05-17 Sunday');
    // Human words in a calendar; rule ids and slugs stay in the JSON.
    expect(renewal?.description).toContain('If missed: the registration is cancelled');
    expect(renewal?.description).not.toMatch(/us_renewal|cancellation_of_registration|not_open/);
    const jp = events.map((v) => new ICAL.Event(v)).find((e) => e.uid.startsWith('tm_jp02:jp_second_half_fee'));
    expect(jp?.summary).toContain('ソニー株式会社の非常に長い商標名称テスト😀ÄÖÜ');
  });

  it('keeps UIDs stable across two builds and honours custom alarm offsets', () => {
    const again = buildDeadlinesIcs(rowsFor(), { domain: 'tm.example', stamp: new Date('2027-01-01T00:00:00Z'), alarmDays: [14] });
    const uids = (t: string) => new ICAL.Component(ICAL.parse(t)).getAllSubcomponents('vevent').map((v) => v.getFirstPropertyValue('uid'));
    expect(uids(again)).toEqual(uids(text));
    expect(again.match(/TRIGGER:/g)).toHaveLength(uids(again).length);
    expect(lint(again)).toEqual([]);
  });

  it('folds at octets without splitting a multi-byte character', () => {
    const line = `SUMMARY:${'é'.repeat(100)}`;
    const folded = foldLine(line);
    for (const part of folded.split('\r\n')) expect(Buffer.byteLength(part)).toBeLessThanOrEqual(75);
    expect(folded.replace(/\r\n /g, '')).toBe(line);
    expect(foldLine('SHORT:x')).toBe('SHORT:x');
  });
});
