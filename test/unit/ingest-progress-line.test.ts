// The ingest progress line's figures from one progress report: the percentage from bytes read,
// the ETA from the rate so far (only after a second of reading), grouped counts and the phase.
import { describe, expect, it } from 'vitest';
import { clockText, progressLine } from '../../src/cli/views/ingest-progress.js';
import type { IngestProgress } from '../../src/ingest/pipeline.js';

const report = (p: Partial<IngestProgress>): IngestProgress => ({ file: 'daily.xml', records: 0, skipped: 0, elapsedMs: 0, bytesRead: 0, totalBytes: 1000, phase: 'reading', ...p });

describe('progressLine', () => {
  it('gives the share read and the time left at the rate so far', () => {
    // A quarter read in 30 s: three quarters left at that pace is 90 s.
    const line = progressLine(report({ bytesRead: 250, elapsedMs: 30_000, records: 12_345 }));
    expect(line).toBe('ingesting  25%  ETA 1:30  12,345 records  412/s  daily.xml');
  });

  it('waits a second before estimating, and shows skipped records and the indexing phase', () => {
    expect(progressLine(report({ bytesRead: 500, elapsedMs: 400 }))).toContain('ETA …');
    expect(progressLine(report({ bytesRead: 0, elapsedMs: 5_000 }))).toContain('ETA …');
    expect(progressLine(report({ bytesRead: 1000, elapsedMs: 9_000, records: 2_000_000, skipped: 3, phase: 'indexing' }))).toBe(
      'ingesting 100%  indexing…  2,000,000 records  222,222/s  3 skipped  daily.xml',
    );
  });

  it('writes durations as m:ss or h:mm:ss', () => {
    expect(clockText(42)).toBe('0:42');
    expect(clockText(725)).toBe('12:05');
    expect(clockText(3723)).toBe('1:02:03');
  });
});
