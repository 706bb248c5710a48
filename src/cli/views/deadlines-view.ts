// Terminal and CSV renderings of deadline rows (`tm deadlines`), computed blocks
// (`tm deadlines compute`) and the rule catalog (`tm deadlines rules`).
import type { z } from 'zod';
import type { Context } from '../../context.js';
import { getCatalog } from '../../deadlines/catalog.js';
import { buildDeadlinesIcs } from '../../deadlines/ics.js';
import type { ComputeDeadlinesOutput } from '../../ops/compute-deadlines.js';
import { collectDeadlineRows, type DeadlineFilters } from '../../ops/list-deadlines.js';
import type { DeadlineRuleRow } from '../../ops/list-deadline-rules.js';
import type { DeadlineRow } from '../../deadlines/rows.js';
import { compareRows } from '../../deadlines/rows.js';
import { missedWanted, missedWarning, rowWhere } from '../missed-notice.js';
import { humanize, urgencyText } from '../../deadlines/labels.js';
import { csvLine } from '../../core/csv.js';
import { nextPageLine, table, type Column } from './table.js';
import { count } from './words.js';

type Rows = { data: DeadlineRow[]; has_more?: boolean; pagination?: { cursor: string | null } };

const rollNote = (r: Pick<DeadlineRow, 'roll_reason'>): string =>
  r.roll_reason ? `moved from ${r.roll_reason.from} (${r.roll_reason.skipped.map((s) => s.reason).join(', ')})` : '';

const daysText = (d: number | null): string => (d === null ? '' : d < 0 ? `${-d}d ago` : d === 0 ? 'today' : `in ${d}d`);

/** Missed and overdue rows lead with it in capitals, so they stand out in a long docket. */
const flagged = (r: Pick<DeadlineRow, 'urgency'>): string =>
  r.urgency === 'missed' || r.urgency === 'overdue' ? urgencyText(r.urgency).toUpperCase() : urgencyText(r.urgency);

export const renderDeadlines = (out: Rows): string => {
  if (out.data.length === 0) return 'No deadlines match.';
  const rows = [...out.data].sort(compareRows).map((r) => [
    r.due_date ?? '—',
    daysText(r.days_left),
    flagged(r),
    `${r.office_code} ${r.registration_number ?? r.application_number}`,
    r.mark_text ?? '',
    r.rule_name ?? humanize(r.type),
    humanize(r.state),
    r.grace_expiry_date ? `grace to ${r.grace_expiry_date}` : '',
    r.unsupported_reason ?? rollNote(r),
  ]);
  const columns: Column[] = [
    { header: 'Due', priority: 1 },
    { header: 'When', priority: 3 },
    { header: 'Urgency', priority: 1 },
    { header: 'Number', priority: 1 },
    { header: 'Mark', priority: 2, min: 12 },
    { header: 'Deadline', priority: 2, min: 16 },
    { header: 'State', priority: 4 },
    { header: 'Late', priority: 5 },
    { header: 'Note', priority: 6, min: 12 },
  ];
  return `${table(columns, rows)}${nextPageLine(out, ' (or export every row with --csv / --ics)')}`;
};

export const CSV_COLUMNS = [
  'due_date',
  'state',
  'urgency',
  'days_left',
  'office_code',
  'registration_number',
  'application_number',
  'mark_text',
  'owner_names',
  'type',
  'rule_id',
  'rule_name',
  'window_opens_date',
  'unrolled_due_date',
  'grace_expiry_date',
  'roll_reason',
  'consequence_if_missed',
  'expiry_date',
  'occurrence_key',
  'trademark_id',
  'as_of_date',
  'unsupported_reason',
] as const;

const deadlineCsvLine = (r: DeadlineRow): string => csvLine(CSV_COLUMNS.map((c) => (c === 'roll_reason' ? rollNote(r) : r[c])));

/** The whole CSV document of rows, sorted by due date. */
export const renderDeadlinesCsv = (rows: Iterable<DeadlineRow>): string =>
  csvLine(CSV_COLUMNS) + [...rows].sort(compareRows).map(deadlineCsvLine).join('');

const ruleName = (ruleId: string): string | null => getCatalog().rules.get(ruleId)?.name ?? null;

export const renderComputeDeadlines = (out: z.infer<typeof ComputeDeadlinesOutput>): string =>
  out.items
    .map((item, i) => {
      const d = item.derived;
      const head = `${item.reference ?? `item ${i + 1}`} (${item.office_code}): expiry ${d.expiry_date ?? '—'}, term: ${humanize(d.term.state)}${d.term.grace_expiry_date ? `, grace to ${d.term.grace_expiry_date}` : ''}${d.term.restoration_expiry_date ? `, restoration to ${d.term.restoration_expiry_date}` : ''}`;
      const opp = d.opposition_window.supported
        ? `  opposition ${d.opposition_window.opens_date} – ${d.opposition_window.closes_date} (${d.opposition_window.state})`
        : `  opposition: ${humanize(d.opposition_window.reason).toLowerCase()}`;
      const rows = d.deadlines.items.map(
        (r) =>
          `  ${(r.due_date ?? '—').padEnd(10)}  ${(r.state === 'missed' ? 'MISSED' : humanize(r.state)).padEnd(14)} ${(ruleName(r.rule_id) ?? humanize(r.type)).padEnd(40)} ${r.grace_expiry_date ? `grace to ${r.grace_expiry_date}` : ''} ${rollNote(r)}`.trimEnd(),
      );
      const unsupported = d.deadlines.unsupported.map((u) => `  cannot compute ${ruleName(u.rule_id) ?? u.rule_id}: ${humanize(u.reason).toLowerCase()}${u.missing_field ? ` (${u.missing_field})` : ''}`);
      const warnings = item.warnings.map((w) => `  warning: ${w}`);
      return [head, ...rows, ...unsupported, opp, ...warnings].join('\n');
    })
    .join('\n\n');

export const renderDeadlineRules = (out: { data: z.infer<typeof DeadlineRuleRow>[] }): string =>
  table(
    [
      { header: 'Office', priority: 1 },
      { header: 'Rule', priority: 2 },
      { header: 'Type', priority: 3 },
      { header: 'From', priority: 4 },
      { header: 'Conv', priority: 6 },
      { header: 'Conf', priority: 5 },
      { header: 'Name', priority: 1, min: 20 },
    ],
    out.data.map((r) => [r.office_code, r.rule_id, humanize(r.type), r.trigger_field, r.convention ?? 'A', r.confidence, r.name]),
  );

/**
 * `tm deadlines --csv` / `--ics`: every row matching the list_deadlines filters (no paging: the
 * cursor is ignored, an explicit --limit caps the rows), as CSV sorted by due date or as an ICS
 * feed with reminders.
 */
export const exportDeadlines = async (
  ctx: Context,
  filters: DeadlineFilters,
  format: 'csv' | 'ics',
  options: { alarmDays?: readonly number[]; rowCap?: number } = {},
): Promise<string> => {
  // Missed rows are collected too, so the file's reader is told which ones the default left out.
  const hideMissed = !missedWanted(filters);
  const rows: DeadlineRow[] = [];
  const missed: DeadlineRow[] = [];
  for await (const row of collectDeadlineRows(ctx, { ...filters, include_missed: true })) {
    if (hideMissed && row.urgency === 'missed') missed.push(row);
    else rows.push(row);
  }
  const warning = missedWarning(missed.sort(compareRows).map((r) => ({ ...r, where: rowWhere(r) })), '--include-missed');
  if (warning) ctx.logger.warn(warning);
  rows.sort(compareRows).splice(options.rowCap ?? rows.length);
  if (format === 'csv') return renderDeadlinesCsv(rows);
  const undated = rows.filter((r) => r.urgency === 'unknown');
  if (undated.length) {
    const named = undated.slice(0, 5).map((r) => `${rowWhere(r)} (${r.unsupported_reason ?? 'no reason'})`);
    ctx.logger.warn(`${count(undated.length, 'deadline')} cannot be computed and ${undated.length === 1 ? 'has' : 'have'} no calendar event: ${named.join('; ')}${undated.length > 5 ? ' …' : ''}. See them with --csv or --urgency unknown.`);
  }
  return buildDeadlinesIcs(rows, { domain: ctx.config.serviceDomain, stamp: ctx.clock.now(), alarmDays: options.alarmDays });
};
