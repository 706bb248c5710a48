// `tm ingest` progress (issue 14, point 11) on a real pseudo-terminal (util-linux `script`): a
// percentage and ETA from bytes read with grouped counts at 80 and 120 columns, one line redrawn
// in place that fits; a pty that reports no size gets no screen clearing and no one-character
// lines; piped and CI runs print only the one summary line.
import { execa } from 'execa';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { releaseLocation, storeLocation } from '../helpers/test-backend.js';

vi.setConfig({ testTimeout: 240_000, hookTimeout: 60_000 });

const dir = mkdtempSync(join(tmpdir(), 'tm-cli-progress-'));
const file = join(dir, 'marks.ndjson');
const RECORDS = 20_000;
const ESC = String.fromCharCode(27);

/** Runs `fn` on a fresh store of the backend under test, given back (emptied) afterwards. */
const onFreshStore = async <T>(fn: (db: string) => Promise<T>): Promise<T> => {
  const db = storeLocation(mkdtempSync(join(dir, 'store-')));
  try {
    return await fn(db);
  } finally {
    await releaseLocation(db);
  }
};

/** Runs `tm ingest` into a fresh store on a pty of the given size (0: the pty reports none). */
const ingestOnTty = async (cols: number, env: Record<string, string> = {}): Promise<string> => {
  const size = `stty cols ${cols} rows ${cols > 0 ? 40 : 0}; `;
  const r = await onFreshStore((db) => execa('script', ['-qec', `${size}node bin/tm.js ingest '${file}'`, '/dev/null'], {
    env: { TM_DB: db, CI: '', ...env },
    reject: false,
  }));
  expect(r.exitCode).toBe(0);
  return r.stdout;
};

/** The progress frames: each redraw starts with CR and erase-line. */
const frames = (out: string): string[] =>
  out
    .split(`\r${ESC}[2K`)
    .map((f) => f.replace(/\r?\n[\s\S]*$/, ''))
    .filter((f) => f.startsWith('ingesting'));

beforeAll(() => {
  const lines = Array.from({ length: RECORDS }, (_, i) =>
    JSON.stringify({ office_code: 'US', application_number: String(80_000_000 + i), mark_text: `PROGRESS MARK ${i}`, status: { primary: 'active', stage: 'registered' } }),
  );
  writeFileSync(file, `${lines.join('\n')}\n`);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('tm ingest progress on a terminal', () => {
  it.each([80, 120])('shows percentage, ETA and grouped counts in one line that fits %i columns', async (cols) => {
    const out = await ingestOnTty(cols);
    const shown = frames(out);
    expect(shown.length).toBeGreaterThan(2);
    for (const f of shown) {
      expect(f).toMatch(/^ingesting +\d{1,3}% {2}(ETA (…|\d+:\d\d)|indexing…) {2}[\d,]+ records? {2}[\d,]+\/s {2}/);
      expect(f.length).toBeLessThan(cols);
    }
    const percents = shown.map((f) => Number(/(\d+)%/.exec(f)![1]));
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
    expect(percents.at(-1)).toBe(100);
    // Whether a frame carries a figure for the ETA depends on the machine's speed (it needs a
    // second of reading); test/unit/ingest-progress-line.test.ts checks the figure itself.
    expect(shown.at(-1)).toContain('20,000 records');
    expect(out).toMatch(/ingested 20,000 records from 1 file /);
  });

  it('a pty that reports no size: no screen or scrollback clearing, no one-character lines', async () => {
    const out = await ingestOnTty(0);
    expect(out).not.toContain(`${ESC}[2J`);
    expect(out).not.toContain(`${ESC}[3J`);
    const shown = frames(out);
    expect(shown.length).toBeGreaterThan(0);
    for (const f of shown) expect(f.length).toBeLessThan(80);
    const lines = out.split(/\r\n|\n/).filter((l) => l.trim() !== '');
    expect(lines.filter((l) => l.replace(/\r.*$/, '').trim().length === 1)).toEqual([]);
  });

  it('piped, and under CI on a terminal, prints only the summary line', async () => {
    const piped = await onFreshStore((db) => execa('node', ['bin/tm.js', 'ingest', file], { env: { TM_DB: db }, reject: false }));
    expect(piped.exitCode).toBe(0);
    expect(piped.stdout.split('\n')).toEqual([expect.stringMatching(/^ingested 20000 records from 1 file /)]);
    expect(piped.stderr).toBe('');
    const ci = await ingestOnTty(80, { CI: 'true' });
    expect(frames(ci)).toEqual([]);
    expect(ci).not.toContain(`${ESC}[`);
  });
});
