// Writing RFC 4180 CSV, shared by every CSV the service writes (deadline exports, `--csv` on list
// commands, the clearance report): quoting, CRLF line ends, and a guard against cells a
// spreadsheet would run as formulas.

/** One cell: lists joined with "; ", quoted when needed; `=`, `+`, `-`, `@` text gets a leading apostrophe. */
export const csvCell = (value: unknown): string => {
  let s = value === null || value === undefined ? '' : Array.isArray(value) ? value.join('; ') : String(value);
  if (/^[=+\-@\t\r]/.test(s) && !/^-?\d/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

/** One CSV line, CRLF-terminated. */
export const csvLine = (values: readonly unknown[]): string => `${values.map(csvCell).join(',')}\r\n`;
