// The iCalendar (RFC 5545) feed of deadline rows, for `tm deadlines --ics` and the portfolio feed:
// one all-day event per row on its rolled due date, a stable UID per occurrence, reminders at
// configurable offsets, and refresh hints for subscribed calendars. Pure: rows in, string out.
import ical, { ICalAlarmType, ICalCalendarMethod } from 'ical-generator';
import { consequenceText, humanize } from './labels.js';
import type { DeadlineRow } from './rows.js';

export interface IcsOptions {
  /** Service domain for UIDs (`tm_<id>:<occurrence_key>@<domain>`). */
  domain: string;
  /** DTSTAMP of every event: the time the feed was built (from ctx.clock, never the wall clock). */
  stamp: Date;
  name?: string;
  /** Reminder offsets in days before the due date. */
  alarmDays?: readonly number[];
  /** How often subscribed clients should refresh, in minutes. */
  refreshMinutes?: number;
}

export const DEFAULT_ALARM_DAYS = [90, 60, 30, 7] as const;
const MAX_OCTETS = 75;
const DAY_MS = 86_400_000;

const TYPE_LABEL: Record<string, string> = {
  renewal: 'Renewal',
  declaration_of_use: 'Declaration of use',
  combined_renewal_and_use: 'Renewal and declaration of use',
  declaration_of_incontestability: 'Declaration of incontestability',
  restoration: 'Restoration',
  international_renewal: 'International renewal',
  post_registration_oa_response: 'Office action response',
  fee_installment: 'Fee instalment',
};

/** Rows past their due date say so in the title, so a calendar never shows them as routine. */
const URGENT: Partial<Record<DeadlineRow['urgency'], string>> = { missed: 'MISSED: ', overdue: 'OVERDUE: ' };

export const eventUid = (row: Pick<DeadlineRow, 'trademark_id' | 'occurrence_key'>, domain: string): string =>
  `${row.trademark_id}:${row.occurrence_key}@${domain}`;

const utcDate = (iso: string): Date => new Date(`${iso}T00:00:00Z`);

const describe = (row: DeadlineRow): string =>
  [
    `Mark: ${row.mark_text ?? '(no mark text)'}`,
    `Number: ${row.office_code} ${row.registration_number ?? row.application_number}${row.registration_number ? ` (application ${row.application_number})` : ''}`,
    `Office: ${row.office_code}`,
    `Rule: ${row.rule_name ?? humanize(row.type)}`,
    `Window: ${row.window_opens_date ?? 'open now'} to ${row.due_date}${row.grace_expiry_date ? `; late (grace) until ${row.grace_expiry_date}` : ''}`,
    row.roll_reason ? `Moved from ${row.roll_reason.from}: ${row.roll_reason.skipped.map((s) => `${s.date} ${s.reason}`).join('; ')}` : null,
    `If missed: ${consequenceText(row.consequence_if_missed)}`,
    `State as of ${row.as_of_date}: ${humanize(row.state)}`,
    `Trademark: ${row.trademark_id}`,
  ]
    .filter((l): l is string => l !== null)
    .join('\n');

/** UTF-8 length of one code point. */
const octetsOf = (cp: number): number => (cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4);

/** Folds one unfolded content line at 75 octets, never inside a UTF-8 sequence (RFC 5545 §3.1). */
export const foldLine = (line: string): string => {
  if (line.length <= MAX_OCTETS / 4 || Buffer.byteLength(line) <= MAX_OCTETS) return line;
  const parts: string[] = [];
  let start = 0;
  let octets = 0;
  for (let i = 0; i < line.length; ) {
    const cp = line.codePointAt(i)!;
    const width = cp > 0xffff ? 2 : 1;
    const size = octetsOf(cp);
    const limit = parts.length === 0 ? MAX_OCTETS : MAX_OCTETS - 1;
    if (octets + size > limit) {
      parts.push(line.slice(start, i));
      start = i;
      octets = 0;
    }
    octets += size;
    i += width;
  }
  parts.push(line.slice(start));
  return parts.join('\r\n ');
};

/** Unfolds serialised iCalendar text and folds every line again by octets, CRLF-terminated. */
const refold = (text: string): string =>
  text
    .replace(/\r?\n[ \t]/g, '')
    .split(/\r?\n/)
    .filter((l) => l.length > 0)
    .map((l) => `${foldLine(l)}\r\n`)
    .join('');

export const buildDeadlinesIcs = (rows: Iterable<DeadlineRow>, options: IcsOptions): string => {
  const refresh = options.refreshMinutes ?? 360;
  const cal = ical({
    name: options.name ?? 'Trademark deadlines',
    prodId: { company: 'tm', product: 'deadlines', language: 'EN' },
    ttl: refresh * 60,
  });
  cal.method(ICalCalendarMethod.PUBLISH);
  cal.scale('GREGORIAN');
  // ical-generator folds a whole calendar one character at a time (a TextEncoder per character),
  // which dominates large feeds; events are serialised by ical-generator one by one and folded here.
  const scratch = ical();
  const parts: string[] = [refold(cal.toString()).replace(/END:VCALENDAR\r\n$/, '')];
  for (const row of rows) {
    if (!row.due_date) continue;
    const label = TYPE_LABEL[row.type] ?? row.type;
    const event = scratch.createEvent({
      id: eventUid(row, options.domain),
      stamp: options.stamp,
      start: utcDate(row.due_date),
      end: new Date(utcDate(row.due_date).getTime() + DAY_MS),
      allDay: true,
      summary: `${URGENT[row.urgency] ?? ''}${label} due: ${row.mark_text ?? row.application_number} (${row.office_code} ${row.registration_number ?? row.application_number})`,
      description: describe(row),
    });
    for (const days of options.alarmDays ?? DEFAULT_ALARM_DAYS) {
      event.createAlarm({ type: ICalAlarmType.display, trigger: days * 86_400, description: `${label} due in ${days} days` });
    }
    parts.push(refold(event.toString()));
    scratch.clear();
  }
  parts.push('END:VCALENDAR\r\n');
  return parts.join('');
};
