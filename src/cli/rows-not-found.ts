// `tm portfolios import` adds the rows it finds and lists the rest in `errors`. A script must
// notice the rest: each row not found is named on stderr, and the exit is the not-found code (3)
// after the output is written, so what was imported is still reported.
import { ERROR_TABLE } from '../errors.js';

/** Operations whose partial success exits not-found. `portfolios add` keeps exit 0 (its caller passed ids, not a file). */
const PARTIAL_OPS = new Set(['import_portfolio']);

export const reportRowsNotFound = (opName: string, output: unknown): void => {
  if (!PARTIAL_OPS.has(opName) || typeof output !== 'object' || output === null) return;
  const errors = (output as { errors?: { ref: string; type: string; detail: string }[] }).errors ?? [];
  const missing = errors.filter((e) => e.type === 'not_found');
  for (const e of missing) process.stderr.write(`tm: not imported: ${e.ref}: ${e.detail} [not_found]\n`);
  if (missing.length > 0) process.exitCode = ERROR_TABLE.not_found.exit;
};
