// How the CLI prints results and errors: JSON when asked or piped, a view on a TTY, and one
// readable error line on stderr with the error table's exit code.
import { ZodError } from 'zod';
import { visibleLines } from '../core/terminal-text.js';
import { TmError, toTmError } from '../errors.js';

export interface OutputMode {
  json: boolean;
  tty: boolean;
}

export const outputMode = (options: { json?: boolean }): OutputMode => ({
  json: options.json === true,
  tty: process.stdout.isTTY === true,
});

export const printJson = (value: unknown): void => {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
};

/** Maps a zod failure on CLI input to a validation error naming the flag. */
export const fromZodError = (err: ZodError, flagFor: (key: string) => string): TmError => {
  const issue = err.issues[0];
  const key = issue?.path.length ? String(issue.path[0]) : null;
  const where = key ? `--${flagFor(key)}` : 'input';
  const rest = issue && issue.path.length > 1 ? ` (at ${issue.path.slice(1).join('.')})` : '';
  // zod words a missing value as "Invalid input: expected string, received undefined".
  if (issue?.code === 'invalid_type' && /received undefined$/.test(issue.message)) {
    return new TmError('validation_error', `${where}${rest} is required.`, { param: key ?? undefined });
  }
  const message = (issue?.message ?? 'invalid value').replace(/^Invalid input: /, '');
  return new TmError('validation_error', `${where}${rest}: ${message}`, { param: key ?? undefined });
};

/**
 * An operation names its HTTP parameter (`filing_date_gte: …`); on the CLI the same error names
 * the flag the user typed (`--filed-after: …`).
 */
export const withFlagName = (err: unknown, flagFor: (key: string) => string | undefined): unknown => {
  if (!(err instanceof TmError) || !err.param) return err;
  const flag = flagFor(err.param);
  if (!flag || !err.message.startsWith(`${err.param}:`)) return err;
  const message = `--${flag}${err.message.slice(err.param.length)}`;
  return new TmError(err.type, message, { param: err.param, suggestion: err.suggestion ?? undefined, retryAfter: err.retryAfter ?? undefined, extra: err.extra, cause: err });
};

export const reportError = (err: unknown, mode: OutputMode): number => {
  const e = toTmError(err);
  if (mode.json) {
    printJson(e.toBody(null));
  } else {
    const hint = e.suggestion ? ` ${e.suggestion}` : '';
    // A message can quote input or stored text: its controls are shown, never sent.
    process.stderr.write(`tm: ${visibleLines(`${e.message}${hint}`)} [${e.type}]\n`);
    if (e.type === 'internal_error' && process.env.TM_DEBUG) process.stderr.write(`${String((err as Error).stack)}\n`);
  }
  return e.exitCode;
};
