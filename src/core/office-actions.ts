// Which prosecution rows are office actions, which of them a record update newly stored, and the
// two-day twin rule of spec §6.1 (one action, one event). Pure: the projector feeds it rows.
import type { ProsecutionEvent } from './schemas/parts.js';
import { addDays } from './dates.js';

/** Outgoing office letters that require or announce an examination outcome; replies are not actions. */
const ACTION = /OFFICE ACTION|NON-FINAL ACTION|FINAL ACTION|FINAL REFUSAL|PROVISIONAL REFUSAL|EXAMINER'S AMENDMENT|SUSPENSION LETTER/;
const NOT_ACTION = /RESPONSE|RECEIVED|ENTERED|WITHDRAWN|INADVERTENTLY/;

/** Days within which office rows of one class and designation are one action (spec §6.1). */
export const TWIN_WINDOW_DAYS = 2;
/** Only actions issued this recently are delivered (spec §6.1). */
export const ACTION_RECENCY_DAYS = 90;

export const isOfficeAction = (row: ProsecutionEvent): boolean => {
  const text = `${row.raw.label ?? ''} ${row.description ?? ''}`.toUpperCase();
  return row.date !== null && ACTION.test(text) && !NOT_ACTION.test(text);
};

const rowKey = (row: ProsecutionEvent): string => `${row.date}|${row.raw.code ?? ''}|${row.raw.label ?? ''}`;

/** Office-action rows present after an update and absent before it. */
export const addedOfficeActions = (before: readonly ProsecutionEvent[], after: readonly ProsecutionEvent[]): ProsecutionEvent[] => {
  const seen = new Set(before.map(rowKey));
  return after.filter((row) => isOfficeAction(row) && !seen.has(rowKey(row)));
};

/** An action is recent when issued no more than ACTION_RECENCY_DAYS before `today` (YYYY-MM-DD). */
export const isRecentAction = (eventDate: string, today: string): boolean =>
  eventDate <= today && addDays(eventDate, ACTION_RECENCY_DAYS) >= today;

/** Collapses rows of one class and designation within the twin window to the earliest of each run. */
export const collapseTwins = (rows: readonly ProsecutionEvent[]): ProsecutionEvent[] => {
  const sorted = [...rows].sort((a, b) => (a.date! < b.date! ? -1 : a.date! > b.date! ? 1 : 0));
  const kept: ProsecutionEvent[] = [];
  for (const row of sorted) {
    const last = kept[kept.length - 1];
    if (last && addDays(last.date!, TWIN_WINDOW_DAYS) >= row.date!) continue;
    kept.push(row);
  }
  return kept;
};
