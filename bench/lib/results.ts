// Shared result plumbing for the bench scripts: percentiles, number formatting, a table that
// prints to the console and renders as Markdown, and writing bench/results/<name>.{json,md}
// with the machine and the exact command beside the numbers.
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { packageRoot } from '../../src/data-files.js';
import { machineInfo, machineLine, type MachineInfo } from './machine.js';

/** The repository root, whether this runs from bench/lib (tsx, vitest) or dist/bench/lib. */
export const repoRoot = packageRoot();

export const resultsDir = join(repoRoot, 'bench', 'results');

/** Nearest-rank percentile (p in 0..100) of unsorted values; NaN for an empty list. */
export const percentile = (values: readonly number[], p: number): number => {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1]!;
};

export const formatInt = (n: number): string => Math.round(n).toLocaleString('en-US');
export const formatMb = (bytes: number): string => `${formatInt(bytes / 1024 ** 2)} MB`;
export const formatSeconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;

export type Cell = string | number;

export interface Table {
  headers: string[];
  rows: Cell[][];
}

const cellText = (c: Cell): string => (typeof c === 'number' ? formatInt(c) : c);

export const markdownTable = ({ headers, rows }: Table): string => {
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  return [line(headers), line(headers.map(() => '---')), ...rows.map((r) => line(r.map(cellText)))].join('\n');
};

/** A fixed-width table for the terminal; numbers right-aligned. */
export const consoleTable = ({ headers, rows }: Table): string => {
  const text = rows.map((r) => r.map(cellText));
  const widths = headers.map((h, i) => Math.max(h.length, ...text.map((r) => (r[i] ?? '').length)));
  const pad = (s: string, i: number, numeric: boolean) => (numeric ? s.padStart(widths[i]!) : s.padEnd(widths[i]!));
  const out = [headers.map((h, i) => pad(h, i, false)).join('  '), widths.map((w) => '-'.repeat(w)).join('  ')];
  rows.forEach((r, ri) => out.push(r.map((c, i) => pad(text[ri]![i]!, i, typeof c === 'number')).join('  ')));
  return out.join('\n');
};

/** The command line that reproduces this run, e.g. `npm run bench:ingest -- --count 1000`. */
export const benchCommand = (script: string, argv: readonly string[] = process.argv.slice(2)): string =>
  `npm run ${script}${argv.length ? ` -- ${argv.join(' ')}` : ''}`;

export interface BenchReport<T> {
  name: string;
  title: string;
  command: string;
  /** ISO timestamp of the run: benches may read the wall clock, the product may not. */
  ran_at: string;
  /** 1, 5 and 15 minute load averages when the report was written: a busy machine slows every figure. */
  load_average: number[];
  machine: MachineInfo;
  results: T;
}

/**
 * Writes bench/results/<name>.json (the report) and <name>.md (title, command, machine, then the
 * given Markdown body) and returns both paths.
 */
export const writeReport = <T>(
  report: Omit<BenchReport<T>, 'machine' | 'ran_at' | 'load_average'>,
  markdownBody: string,
  dir: string = resultsDir,
): { json: string; md: string } => {
  const full: BenchReport<T> = {
    ...report,
    ran_at: new Date().toISOString(),
    load_average: os.loadavg().map((l) => Math.round(l * 100) / 100),
    machine: machineInfo(),
  };
  mkdirSync(dir, { recursive: true });
  const json = join(dir, `${report.name}.json`);
  const md = join(dir, `${report.name}.md`);
  writeFileSync(json, `${JSON.stringify(full, null, 2)}\n`);
  const header = [
    `# ${report.title}`,
    '',
    `- Command: \`${report.command}\``,
    `- Machine: ${machineLine(full.machine)}`,
    `- Ran at: ${full.ran_at}, load average ${full.load_average.join(' / ')} (1 / 5 / 15 min)`,
    '',
  ].join('\n');
  writeFileSync(md, `${header}\n${markdownBody.trim()}\n`);
  return { json, md };
};
