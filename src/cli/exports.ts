// File exports an operation offers on the CLI beyond its JSON page: `tm deadlines --csv` and
// `--ics` write every matching row (not one page) as CSV or an iCalendar feed.
import type { Command } from 'commander';
import type { Context } from '../context.js';
import { TmError } from '../errors.js';
import { clearExport } from './clear-report.js';

interface Export {
  /** Adds the export's flags to the operation's command. */
  flags(command: Command): void;
  /** The exported text when an export flag was given, else null (the command prints its page). */
  run(ctx: Context, input: unknown, options: Record<string, unknown>): Promise<string | null>;
}

const parseAlarms = (value: unknown): number[] | undefined => {
  if (value === undefined) return undefined;
  const days = String(value).split(',').map((d) => Number(d.trim()));
  if (days.some((d) => !Number.isInteger(d) || d < 0)) {
    throw new TmError('validation_error', `--alarms: expected whole days before the due date, e.g. 90,60,30,7; got '${String(value)}'.`, { param: 'alarms' });
  }
  return days;
};

const deadlinesExport: Export = {
  flags: (command) =>
    command
      .option('--csv', 'write every matching row as CSV (all pages)')
      .option('--ics', 'write every matching row as an iCalendar feed (all pages)')
      .option('--alarms <days>', 'with --ics: reminder offsets in days before each due date (default 90,60,30,7)'),
  run: async (ctx, input, options) => {
    if (!options.csv && !options.ics) return null;
    if (options.csv && options.ics) throw new TmError('validation_error', 'Pass --csv or --ics, not both.', { param: 'csv' });
    const { exportDeadlines } = await import('./views/deadlines-view.js');
    const { limit: _limit, cursor: _cursor, ...filters } = input as Record<string, unknown>;
    return exportDeadlines(ctx, filters as never, options.csv ? 'csv' : 'ics', { alarmDays: parseAlarms(options.alarms) });
  },
};

export const EXPORTS: Record<string, Export> = {
  list_deadlines: deadlinesExport,
  create_screening: clearExport,
};
