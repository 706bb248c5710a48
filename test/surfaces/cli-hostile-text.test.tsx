// Office text cannot drive the operator's terminal (issue 30, point 4). A record whose mark, owner
// and goods carry BEL, NUL, a CSI colour, an OSC 8 link, an OSC 52 clipboard write, a C1 CSI and
// bidi overrides is ingested through the real CLI; every human view on a pseudo-terminal (util-linux
// `script`) shows those characters as visible escapes, and --json and piped output keep them exact.
import React from 'react';
import { execa } from 'execa';
import { render } from 'ink-testing-library';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ScreeningReview } from '../../src/cli/views/screening-review.js';
import { visible, visibleLines } from '../../src/core/terminal-text.js';
import { createScreening } from '../../src/ops/clearance/create-screening.js';
import { makeRecord, tempContext } from '../helpers/factory.js';
import { callOp } from '../helpers/ops.js';
import { storeLocation } from '../helpers/test-backend.js';

vi.setConfig({ testTimeout: 180_000, hookTimeout: 180_000 });

const ESC = '\u001b';
const MARK = `EVIL${ESC}[31mRED\u0007${ESC}]8;;https://evil.example/${ESC}\\LINK${ESC}]8;;${ESC}\\${ESC}]52;c;cHduZWQ=\u0007\u009b2J\u202eREVERSED\u0000END`;
const OWNER = `Owner ${ESC}[2J${ESC}[H Ltd \u2066isolated\u2069`;
const GOODS = `software \u202egnirts desrever\u202c and ${ESC}[5mblink`;
/** Every character a view must never print raw. */
// eslint-disable-next-line no-control-regex -- the control characters are what is looked for
const RAW = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

const dir = mkdtempSync(join(tmpdir(), 'tm-hostile-text-'));
const env = { TM_DB: storeLocation(dir), TM_NOW: '2026-11-22T12:00:00.000Z' };
const quote = (s: string): string => `'${s.replace(/'/g, `'\\''`)}'`;

/** Runs tm on a pty of 200 columns; returns everything the terminal received (CR and LF as is). */
const onTty = async (...args: string[]): Promise<string> => {
  const r = await execa('script', ['-qec', `stty cols 200 rows 50; node bin/tm.js ${args.map(quote).join(' ')}`, '/dev/null'], { env, reject: false });
  return r.stdout;
};

beforeAll(async () => {
  const record = {
    office_code: 'US',
    application_number: '97000666',
    mark_text: MARK,
    registration_date: '2019-05-14',
    status: { primary: 'active', stage: 'registered' },
    owners: [{ name: OWNER, role: 'owner' }],
    classifications: [{ nice_class: 9, goods_services: GOODS }],
  };
  writeFileSync(join(dir, 'hostile.ndjson'), `${JSON.stringify(record)}\n`);
  const r = await execa('node', ['bin/tm.js', 'ingest', join(dir, 'hostile.ndjson')], { env, reject: false });
  expect(r.stderr).not.toMatch(RAW);
  expect(r.exitCode).toBe(0);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the escape helper', () => {
  it('shows C0, C1, DEL and bidi controls as escapes and leaves other text alone', () => {
    expect(visible(`a${ESC}[31mb\u0007c\u009bd\u202ee\u0000f\u007fg\th\ni`)).toBe('a\\x1b[31mb\\x07c\\x9bd\\u202ee\\x00f\\x7fg\\th\\ni');
    expect(visible('Zürich — 東京 ✓ 😀 مرحبا')).toBe('Zürich — 東京 ✓ 😀 مرحبا');
    expect(visibleLines('one\ntwo\r\u001b')).toBe('one\ntwo\\r\\x1b');
  });
});

describe('human views on a terminal', () => {
  it.each([
    ['show', ['show', 'US:97000666']],
    ['search', ['search', 'EVIL']],
    ['deadlines', ['deadlines', '--office', 'US']],
    ['a generic table', ['batch', '--items', 'US:97000666', '--wide']],
  ])('%s prints the office text with visible escapes and nothing raw', async (_name, args) => {
    const out = await onTty(...args);
    expect(out.replace(/\r/g, '')).not.toMatch(RAW);
    expect(out).toContain('EVIL\\x1b[31mRED');
  });

  it('tm show spells out every sequence: CSI, BEL, OSC 8, OSC 52, C1, RLO, NUL, and the owner and goods', async () => {
    const out = await onTty('show', 'US:97000666');
    for (const shown of [
      'EVIL\\x1b[31mRED\\x07',
      '\\x1b]8;;https://evil.example/\\x1b\\LINK',
      '\\x1b]52;c;cHduZWQ=\\x07',
      '\\x9b2J\\u202eREVERSED\\x00END',
      'Owner \\x1b[2J\\x1b[H Ltd \\u2066isolated\\u2069',
      'software \\u202egnirts desrever\\u202c and \\x1b[5mblink',
    ]) {
      expect(out).toContain(shown);
    }
  });

  it('an error line quoting input shows its controls too', async () => {
    const r = await execa('script', ['-qec', `node bin/tm.js show ${quote(`US:${ESC}]52;c;eA==\u0007`)}`, '/dev/null'], { env, reject: false });
    expect(r.stdout.replace(/\r/g, '')).not.toMatch(RAW);
    expect(r.stdout).toContain('\\x1b]52;c;eA==\\x07');
  });
});

describe('machine output stays exact', () => {
  it('--json on a terminal and piped output carry the text byte for byte', async () => {
    // JSON escapes C0 controls itself; the pty adds CR before each LF, which JSON text never holds raw.
    const tty = JSON.parse((await onTty('show', 'US:97000666', '--json')).replace(/\r/g, ''));
    const piped = JSON.parse((await execa('node', ['bin/tm.js', 'show', 'US:97000666'], { env })).stdout);
    for (const out of [tty, piped]) {
      expect(out.mark_text).toBe(MARK);
      expect(out.owners[0].name).toBe(OWNER);
      expect(out.classifications[0].goods_services).toBe(GOODS);
    }
  });
});

describe('the ink review screen', () => {
  it('shows a hostile hit with visible escapes', async () => {
    const t = tempContext('2026-11-22T12:00:00.000Z');
    try {
      await t.ctx.store.trademarks.upsert([makeRecord({ mark_text: `ZENTRIX${ESC}[31m\u202eX`, application_number: '90000001', status: { primary: 'active', stage: 'registered' } })], '2026-11-22T12:00:00.000Z');
      await t.ctx.index.sync();
      const screening = await callOp(t.ctx, createScreening, { mark: 'ZENTRIX', classes: [9] });
      expect(screening.hits.length).toBeGreaterThan(0);
      const app = render(<ScreeningReview screening={screening} onDecide={async () => screening} />);
      await new Promise((resolve) => setTimeout(resolve, 60));
      const frame = app.lastFrame()!;
      app.unmount();
      expect(frame).toContain('ZENTRIX\\x1b[31m\\u202eX');
      expect(frame).not.toContain('\u202e');
    } finally {
      await t.cleanup();
    }
  });
});
