// Plain aligned text tables for the terminal, truncating long cells.
export const table = (headers: string[], rows: string[][], maxWidth = 40): string => {
  const cut = (s: string): string => (s.length > maxWidth ? `${s.slice(0, maxWidth - 1)}…` : s);
  const cells = [headers, ...rows].map((r) => r.map(cut));
  const widths = headers.map((_, i) => Math.max(...cells.map((r) => (r[i] ?? '').length)));
  const format = (r: string[]): string => r.map((c, i) => c.padEnd(widths[i] ?? 0)).join('  ').trimEnd();
  return [format(cells[0]!), widths.map((w) => '─'.repeat(w)).join('  '), ...cells.slice(1).map(format)].join('\n');
};
