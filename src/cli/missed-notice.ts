// The warning a human view prints when the interface's default leaves missed deadlines out (a mark
// whose declaration window has passed must not read as healthy; JSON keeps the spec's default), and
// the `--fail-on` gate that makes a nightly CI job fail on rows at or past an urgency.
import type { Context } from '../context.js';
import type { DeadlineItem } from '../core/schemas/derived.js';
import type { DeadlineRow } from '../deadlines/rows.js';
import { computeDeadlines } from '../ops/compute-deadlines.js';
import { collectDeadlineRows, type DeadlineFilters } from '../ops/list-deadlines.js';
import { count } from './views/words.js';

const SHOWN = 5;

type Named = Pick<DeadlineItem, 'type' | 'due_date'> & { where: string };

const typeText = (type: string): string => type.replace(/_/g, ' ');

/** "N missed deadlines not shown: …; list them with FLAG", or null when none was left out. */
export const missedWarning = (missed: readonly Named[], flag: string): string | null => {
  if (missed.length === 0) return null;
  const named = missed.slice(0, SHOWN).map((m) => `${m.where} ${typeText(m.type)} due ${m.due_date ?? '—'}`);
  const more = missed.length > SHOWN ? ` and ${missed.length - SHOWN} more` : '';
  return `${count(missed.length, 'missed deadline')} not shown: ${named.join('; ')}${more}. List them with ${flag}.`;
};

export const rowWhere = (r: Pick<DeadlineRow, 'office_code' | 'registration_number' | 'application_number' | 'mark_text'>): string =>
  `${r.office_code} ${r.registration_number ?? r.application_number}${r.mark_text ? ` ${r.mark_text}` : ''}`;

/** Whether the filters already ask for missed rows (so nothing is hidden). */
export const missedWanted = (f: Pick<DeadlineFilters, 'include_missed' | 'urgency'>): boolean =>
  f.include_missed === true || (f.urgency ?? []).includes('missed');

/** The missed rows `tm deadlines` (table view) left out under its filters. */
export const listMissedWarning = async (ctx: Context, input: DeadlineFilters): Promise<string | null> => {
  if (missedWanted(input) || (input.urgency?.length ?? 0) > 0) return null;
  const missed: Named[] = [];
  for await (const row of collectDeadlineRows(ctx, { ...input, urgency: ['missed'] })) missed.push({ ...row, where: rowWhere(row) });
  missed.sort((a, b) => ((a.due_date ?? '') < (b.due_date ?? '') ? -1 : 1));
  return missedWarning(missed, '--include-missed (or --urgency missed)');
};

/** The missed rows `tm deadlines compute` (human view) left out. */
export const computeMissedWarning = async (ctx: Context, input: Parameters<typeof computeDeadlines.run>[1]): Promise<string | null> => {
  if (input.include_missed) return null;
  const all = await computeDeadlines.run(ctx, { ...input, include_missed: true });
  const missed = all.items.flatMap((item, i) =>
    item.derived.deadlines.items
      .filter((d) => d.state === 'missed')
      .map((d) => ({ ...d, where: item.reference ?? `item ${i + 1} (${item.office_code})` })),
  );
  return missedWarning(missed, '--include-missed');
};

/** Whether a row is at or past an urgency: missed > overdue > due within N days. */
export const atOrPast = (row: Pick<DeadlineRow, 'urgency' | 'days_left'>, threshold: string): boolean => {
  if (row.urgency === 'missed') return true;
  if (threshold === 'missed') return false;
  if (row.urgency === 'overdue') return true;
  const due = /^due_(\d+)$/.exec(threshold);
  return due !== null && row.days_left !== null && row.days_left >= 0 && row.days_left <= Number(due[1]);
};

/** `--fail-on`: every row matching the filters (missed ones included), or null when none trips it. */
export const failOnMessage = async (ctx: Context, filters: DeadlineFilters, threshold: string): Promise<string | null> => {
  const hits: DeadlineRow[] = [];
  for await (const row of collectDeadlineRows(ctx, { ...filters, include_missed: true })) if (atOrPast(row, threshold)) hits.push(row);
  if (hits.length === 0) return null;
  hits.sort((a, b) => ((a.due_date ?? '') < (b.due_date ?? '') ? -1 : 1));
  const named = hits.slice(0, SHOWN).map((r) => `${rowWhere(r)} ${typeText(r.type)} due ${r.due_date ?? '—'} (${r.urgency})`);
  return `--fail-on ${threshold}: ${count(hits.length, 'deadline')} at or past it: ${named.join('; ')}${hits.length > SHOWN ? ` and ${hits.length - SHOWN} more` : ''}.`;
};
