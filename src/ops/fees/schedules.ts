// The fee schedules of data/fees/ read once per process, the lookup every fee operation shares (an
// office without a schedule is a 400 naming it), and the fee a docket row shows for its deadline.
import { readdirSync } from 'node:fs';
import { actionForDeadline, estimateFees, FeeFile, scheduleOn, unheldFees, type FeeDue, type FeeRequest, type FeeSchedule, type LineItem } from '../../core/fees.js';
import type { TrademarkRecord } from '../../core/schemas/trademark.js';
import { packagePath, readPackageJson } from '../../data-files.js';
import { TmError } from '../../errors.js';
import { resolveOfficeFilter } from '../reference/data.js';

let files: Map<string, FeeFile> | undefined;

export const feeFiles = (): Map<string, FeeFile> =>
  (files ??= new Map(
    readdirSync(packagePath('data', 'fees'))
      .filter((f) => /^[A-Z]{2}\.json$/.test(f))
      .sort()
      .map((f) => [f.slice(0, 2), FeeFile.parse(readPackageJson('data', 'fees', f))]),
  ));

/** The fee file of an office: an unknown code or an office with no schedule is a 400 naming it. */
export const feeFileOf = (office: string, param = 'office'): FeeFile => {
  const code = resolveOfficeFilter(office, param)!;
  const file = feeFiles().get(code);
  if (!file) {
    throw new TmError('validation_error', `No fee schedule for office ${code}.`, {
      param,
      suggestion: `Fee schedules exist for ${[...feeFiles().keys()].join(', ')}.`,
    });
  }
  return file;
};

/** The schedule in force on a date, or a 400 when the date precedes every schedule of the office. */
export const scheduleFor = (file: FeeFile, date: string, param = 'date'): FeeSchedule => {
  const schedule = scheduleOn(file, date);
  if (!schedule) {
    const first = file.schedules.map((s) => s.effective_from).sort()[0];
    throw new TmError('validation_error', `No ${file.office_code} fee schedule in force on ${date}; the earliest held took effect on ${first}.`, { param });
  }
  return schedule;
};


export const total = (items: readonly LineItem[]): number => Math.round(items.reduce((s, i) => s + i.amount, 0) * 100) / 100;

/**
 * The office fee of a docket row's deadline: the schedule in force on the due date, the mark's
 * number of classes (at least one), and the grace surcharges when the row is in grace. Null when
 * the office has no schedule, the deadline type carries no fee here, or the row has no due date or
 * has passed every window (missed).
 */
export const feeDueFor = (record: TrademarkRecord, row: { type: string; due_date: string | null; state: string }): FeeDue | null => {
  const action = actionForDeadline(row.type);
  const file = feeFiles().get(record.office_code);
  if (!action || !file || !row.due_date || row.state === 'missed' || row.state === 'not_applicable') return null;
  const schedule = scheduleOn(file, row.due_date);
  if (!schedule) return null;
  const classes = Math.max(1, new Set(record.classifications.map((c) => c.nice_class).filter((c) => c !== null)).size);
  const req: FeeRequest = { action, classes, late: row.state === 'in_grace', designations: 0, colour: false };
  const items = estimateFees(schedule, req);
  if (items.length === 0) return null;
  return {
    action,
    currency: file.currency,
    total: total(items),
    classes,
    late: req.late,
    confirmed: unheldFees(schedule, req).length === 0 && items.every((i) => i.confirmed),
    schedule_effective_from: schedule.effective_from,
  };
};
