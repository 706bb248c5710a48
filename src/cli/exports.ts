// Exports an operation offers on the CLI beyond the generic `--csv` and `--output` of
// views/export.ts: `tm deadlines --csv` (its own columns) and `--ics`, `tm watches run --ndjson`,
// `tm clear --report`.
import type { Command } from 'commander';
import type { Context } from '../context.js';
import { TmError } from '../errors.js';
import { clearExport } from './clear-report.js';
import { EXIT_GATE } from './exit-codes.js';

interface Export {
  /** Adds the export's flags to the operation's command. */
  flags(command: Command): void;
  /**
   * The exported text when an export flag was given, else null (the command prints its page).
   * `options.rowCap` is the explicit `--limit`, which caps the rows of a whole-list export.
   */
  run(ctx: Context, input: unknown, options: Record<string, unknown>): Promise<string | null>;
  /** After the output: a failure line when a CI gate such as `--fail-on` trips (exit EXIT_GATE), else null. */
  check?(ctx: Context, input: unknown, options: Record<string, unknown>): Promise<string | null>;
}

const FAIL_ON = /^(missed|overdue|due_\d{1,4})$/;

const failOnOf = (value: unknown): string | null => {
  if (value === undefined) return null;
  if (!FAIL_ON.test(String(value))) {
    throw new TmError('validation_error', `--fail-on: expected missed, overdue or due_N (e.g. due_30), got '${String(value)}'.`, { param: 'fail_on' });
  }
  return String(value);
};

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
      .option('--ics', 'write every matching row as an iCalendar feed (all pages)')
      .option('--alarms <days>', 'with --ics: reminder offsets in days before each due date (default 90,60,30,7)')
      .option('--fail-on <urgency>', 'exit 10 when any matching row is at or past this urgency: due_N (e.g. due_30), overdue or missed'),
  run: async (ctx, input, options) => {
    failOnOf(options.failOn);
    if (!options.csv && !options.ics) return null;
    if (options.csv && options.ics) throw new TmError('validation_error', 'Pass --csv or --ics, not both.', { param: 'csv' });
    const { exportDeadlines } = await import('./views/deadlines-view.js');
    const { limit: _limit, cursor: _cursor, ...filters } = input as Record<string, unknown>;
    const rowCap = typeof options.rowCap === 'number' ? options.rowCap : undefined;
    return exportDeadlines(ctx, filters as never, options.csv ? 'csv' : 'ics', { alarmDays: parseAlarms(options.alarms), rowCap });
  },
  check: async (ctx, input, options) => {
    const threshold = failOnOf(options.failOn);
    if (!threshold) return null;
    const { failOnMessage } = await import('./missed-notice.js');
    const { limit: _limit, cursor: _cursor, ...filters } = input as Record<string, unknown>;
    return failOnMessage(ctx, filters as never, threshold);
  },
};

/** `tm watches run --ndjson` (one alert per line) and `--exit-code` (exit 10 when there are new alerts, for CI). */
const watchRunExport: Export = {
  flags: (command) =>
    command
      .option('--ndjson', 'print the new alerts as NDJSON, one per line')
      .option('--exit-code', 'exit 10 when the run raised any alert'),
  run: async (ctx, input, options) => {
    if (!options.ndjson && !options.exitCode) return null;
    const { runWatches } = await import('../ops/monitor/run-watches.js');
    const out = await runWatches.run(ctx, input as never);
    if (options.exitCode && out.alerts.length > 0) process.exitCode = EXIT_GATE;
    if (options.ndjson) return out.alerts.map((a) => `${JSON.stringify(a)}\n`).join('');
    return `${JSON.stringify(out)}\n`;
  },
};

/** `tm reconcile docket.csv --csv`: the report as CSV, one line per docket row. */
const reconcileExport: Export = {
  flags: (command) => command.option('--csv', 'write the report as CSV (one line per docket row) instead of a table'),
  run: async (ctx, input, options) => {
    if (!options.csv) return null;
    const [{ reconcileDocket }, { reconciliationCsv }] = await Promise.all([import('../ops/records/reconcile-docket.js'), import('./views/reconcile-view.js')]);
    return reconciliationCsv(await reconcileDocket.run(ctx, input as never));
  },
};

export const EXPORTS: Record<string, Export> = {
  reconcile_docket: reconcileExport,
  list_deadlines: deadlinesExport,
  run_watches: watchRunExport,
  create_screening: clearExport,
};

/** Warnings a human view prints on stderr after the result: missed deadlines the default left out. */
export const NOTICES: Record<string, (ctx: Context, input: never) => Promise<string | null>> = {
  list_deadlines: async (ctx, input) => (await import('./missed-notice.js')).listMissedWarning(ctx, input),
  compute_deadlines: async (ctx, input) => (await import('./missed-notice.js')).computeMissedWarning(ctx, input),
};
