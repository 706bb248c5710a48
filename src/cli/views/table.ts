// The one table renderer of the human views: columns chosen by priority and cut with `…` so a
// table fits the terminal's width; `--wide` shows every column in full. Widths are display
// columns (Unicode East Asian Width, string-width), so CJK marks line up; ids are never cut.
import stringWidth from 'string-width';
import { titleCase } from './words.js';

export interface Column {
  header: string;
  /** 1 is kept longest; when the terminal is narrow the highest numbers are dropped first. */
  priority?: number;
  /** The column may be cut with `…` down to this many characters; without it, it is shown whole or dropped. */
  min?: number;
}

/** An id (`tm_…`, `own_…`, `scr_…`): a cut id is a wrong id, so such a column is shown whole or dropped. */
const ID = /^[a-z]{2,5}_[A-Za-z0-9]{6,}$/;

export interface TableOptions {
  /** Columns to fit; default: the terminal's width (80 when it reports none), unlimited when piped. */
  width?: number;
  /** Every column, uncut, however wide. */
  wide?: boolean;
}

const GAP = 2;

/** The terminal's width; a pty that reports no size (0 or undefined) counts as 80 columns. */
export const terminalWidth = (): number => {
  const c = process.stdout.columns;
  return typeof c === 'number' && c > 0 ? c : 80;
};

/** Whether `--wide` was asked for (set by the CLI before a view renders). */
export const tableDefaults: { wide: boolean } = { wide: false };

/** Cuts to `width` display columns with `…`, never splitting a wide character. */
export const cut = (s: string, width: number): string => {
  if (stringWidth(s) <= width) return s;
  let out = '';
  let used = 0;
  for (const ch of s) {
    const w = stringWidth(ch);
    if (used + w > width - 1) break;
    out += ch;
    used += w;
  }
  return `${out}…`;
};

/** Pads to `width` display columns. */
const pad = (s: string, width: number): string => s + ' '.repeat(Math.max(0, width - stringWidth(s)));

/** Every header in title case (words.ts), whichever view wrote it. */
const asColumn = (c: string | Column): Column => (typeof c === 'string' ? { header: titleCase(c) } : { ...c, header: titleCase(c.header) });

export const table = (columns: readonly (string | Column)[], rows: readonly string[][], options: TableOptions = {}): string => {
  const clean = rows.map((r) => r.map((c) => c.replace(/\s+/g, ' ').trim()));
  // A column of ids is never cut: it keeps its full width or is dropped.
  const cols = columns.map(asColumn).map((c, i) => (clean.length > 0 && clean.every((r) => ID.test(r[i] ?? '')) ? { ...c, min: undefined } : c));
  const natural = cols.map((c, i) => Math.max(stringWidth(c.header), ...clean.map((r) => stringWidth(r[i] ?? ''))));
  let shown = cols.map((_, i) => i);
  const widths = [...natural];
  if (!(options.wide ?? tableDefaults.wide)) {
    // Piped output (a file, a log) has no width to fit; a terminal does, even one that reports none.
    const limit = options.width ?? (process.stdout.isTTY ? terminalWidth() : Number.POSITIVE_INFINITY);
    const minOf = (i: number): number => Math.min(natural[i]!, cols[i]!.min ?? natural[i]!);
    const total = (ws: (i: number) => number): number => shown.reduce((n, i) => n + ws(i), 0) + GAP * (shown.length - 1);
    // Drop the least important columns until the rest fit at their minimum widths…
    while (shown.length > 1 && total(minOf) > limit) {
      const drop = shown.reduce((a, b) => ((cols[b]!.priority ?? 5) >= (cols[a]!.priority ?? 5) ? b : a));
      shown = shown.filter((i) => i !== drop);
    }
    // …then narrow the widest cells, one character at a time, until the row fits.
    while (total((i) => widths[i]!) > limit) {
      const widest = shown.filter((i) => widths[i]! > minOf(i)).sort((a, b) => widths[b]! - widths[a]!)[0];
      if (widest === undefined) break;
      widths[widest] = widths[widest]! - 1;
    }
  }
  const format = (r: readonly string[]): string =>
    shown
      .map((i) => pad(cut(r[i] ?? '', widths[i]!), widths[i]!))
      .join(' '.repeat(GAP))
      .trimEnd();
  const header = format(cols.map((c) => c.header));
  const rule = shown.map((i) => '─'.repeat(widths[i]!)).join(' '.repeat(GAP));
  return [header, rule, ...clean.map(format)].join('\n');
};

/** The line under a page that has more: the exact flag and cursor for the next page. */
export const nextPageLine = (out: { has_more?: boolean; pagination?: { cursor: string | null } }, also = ''): string =>
  out.has_more && out.pagination?.cursor ? `\nnext page: add --cursor ${out.pagination.cursor}${also}` : '';
