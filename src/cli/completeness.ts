// What the CLI says on stderr about how complete a result is, in human and machine modes alike:
// every `search_meta.warnings` entry; a limit that stopped the result (the search window, a time
// budget), which makes the exit EXIT_INCOMPLETE; and, for one page printed as JSON, that more
// rows match, so `tm deadlines --json` never silently means "the first 20".
import { EXIT_INCOMPLETE } from './exit-codes.js';
import { isObject } from './views/list-rows.js';

export interface ResultWarning {
  code: string;
  channel?: string;
  detail?: string;
}

/** Warning codes that mean rows that match were left out. */
const STOPPING = new Set(['result_window_reached', 'incomplete']);

/** The warnings a page carries: `search_meta.warnings`, and a time budget that cut it short. */
export const warningsOf = (output: unknown): ResultWarning[] => {
  const meta = isObject(output) && isObject(output.search_meta) ? output.search_meta : null;
  if (!meta) return [];
  const listed = Array.isArray(meta.warnings) ? meta.warnings.filter(isObject).map((w) => w as unknown as ResultWarning) : [];
  const cut: ResultWarning[] = meta.complete === false ? [{ code: 'incomplete', detail: `stopped by ${String(meta.incomplete_reason ?? 'a limit')}; the rows found so far are shown.` }] : [];
  return [...listed, ...cut];
};

/** The same warning once, however many pages carried it. */
export const mergeWarnings = (into: ResultWarning[], more: readonly ResultWarning[]): void => {
  for (const w of more) if (!into.some((x) => x.code === w.code && x.channel === w.channel && x.detail === w.detail)) into.push(w);
};

/** One stderr line per warning; a stopping one sets the exit code. */
export const reportWarnings = (warnings: readonly ResultWarning[]): void => {
  for (const w of warnings) {
    const stops = STOPPING.has(w.code);
    const where = w.channel && !w.code.startsWith(w.channel) ? ` (${w.channel})` : '';
    process.stderr.write(`warning: ${w.code}${where}${w.detail ? `: ${w.detail}` : ''}${stops ? ` The output is incomplete (exit ${EXIT_INCOMPLETE}).` : ''}\n`);
    if (stops) process.exitCode = EXIT_INCOMPLETE;
  }
};

/** For one page printed as JSON: a line saying more rows match, and how to get them. */
export const morePagesNote = (rows: number, next: string | null): string | null =>
  next === null
    ? null
    : `note: this page has ${rows} ${rows === 1 ? 'row' : 'rows'} and more match; add --all for every row (--ndjson for one per line), or --cursor ${next} for the next page.`;
