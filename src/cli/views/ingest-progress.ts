// The live ingest display on a terminal: one line on stderr, redrawn in place with a carriage
// return and erase-line, giving the percentage and ETA from bytes read, records, rate, skipped
// and the current file. Plain ANSI on purpose: a full-screen renderer clears the screen and
// scrollback when the terminal reports no rows, and wraps to one character per line when it
// reports no columns; a line cut to the width (80 when none is reported) does neither.
import type { IngestProgress } from '../../ingest/pipeline.js';
import { terminalWidth } from './table.js';
import { count } from './words.js';

const ERASE_LINE = '\r\x1b[2K';

const grouped = (n: number): string => Math.round(n).toLocaleString('en');

/** 0:42, 12:05, 1:02:03. */
export const clockText = (seconds: number): string => {
  const s = Math.max(0, Math.round(seconds));
  const [h, m, sec] = [Math.floor(s / 3600), Math.floor(s / 60) % 60, String(s % 60).padStart(2, '0')];
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
};

/** The line for one progress report; ETA once a second's reading gives a rate to go by. */
export const progressLine = (p: IngestProgress): string => {
  const share = p.totalBytes > 0 ? Math.min(1, p.bytesRead / p.totalBytes) : 0;
  const rate = p.elapsedMs > 0 ? (p.records * 1000) / p.elapsedMs : 0;
  const parts = [`ingesting ${String(Math.floor(share * 100)).padStart(3)}%`];
  if (p.phase === 'indexing') parts.push('indexing…');
  else if (share > 0 && p.elapsedMs >= 1000) parts.push(`ETA ${clockText(((p.elapsedMs / 1000) * (1 - share)) / share)}`);
  else parts.push('ETA …');
  parts.push(count(p.records, 'record'), `${grouped(rate)}/s`);
  if (p.skipped > 0) parts.push(`${grouped(p.skipped)} skipped`);
  parts.push(p.file);
  return parts.join('  ');
};

const fit = (line: string): string => {
  const width = terminalWidth() - 1;
  return line.length > width ? `${line.slice(0, Math.max(0, width - 1))}…` : line;
};

export const startProgress = () => {
  let last: IngestProgress | null = null;
  const draw = (): void => {
    if (last) process.stderr.write(`${ERASE_LINE}${fit(progressLine(last))}`);
  };
  return {
    update: (p: IngestProgress): void => {
      last = p;
      draw();
    },
    /** A line of its own (a skipped record) above the progress line. */
    log: (text: string): void => {
      process.stderr.write(`${ERASE_LINE}${text}\n`);
      draw();
    },
    /** Erases the progress line; the summary follows on stdout. */
    stop: (): void => {
      if (last) process.stderr.write(ERASE_LINE);
      last = null;
    },
  };
};
