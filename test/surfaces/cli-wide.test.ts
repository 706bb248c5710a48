// Issue 26 points 5 and 13 on a real pseudo-terminal (util-linux `script`): `tm show --wide` shows
// goods in full (cut with `…` to the terminal without it), `tm stats` groups digits, and
// `tm status-codes` shows each label in full and pages.
import { execa } from 'execa';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { tmCli } from '../helpers/tm-processes.js';
import { storeLocation } from '../helpers/test-backend.js';

vi.setConfig({ testTimeout: 180_000, hookTimeout: 180_000 });

const dir = mkdtempSync(join(tmpdir(), 'tm-cli-wide-'));
const env = { TM_DB: storeLocation(dir), TM_NOW: '2026-11-22T12:00:00.000Z' };
const tm = tmCli(env);
const GOODS = `Computer software for managing trademark dockets, ${'namely downloadable programs for searching, watching and renewing marks, '.repeat(3)}and the end of the goods`;

const onTty = async (...args: string[]): Promise<string> => {
  const r = await execa('script', ['-qec', `stty cols 80 rows 50; node bin/tm.js ${args.map((a) => `'${a}'`).join(' ')}`, '/dev/null'], { env, reject: false });
  return r.stdout.replace(/\r/g, '');
};

beforeAll(async () => {
  const lines = [JSON.stringify({ office_code: 'US', application_number: '97000001', mark_text: 'DOCKETEER', classifications: [{ nice_class: 9, goods_services: GOODS }] })];
  for (let i = 0; i < 1_004; i += 1) lines.push(JSON.stringify({ office_code: 'EM', application_number: String(30_000_000 + i), mark_text: `FILLER ${i}` }));
  writeFileSync(join(dir, 'marks.ndjson'), lines.join('\n'));
  expect((await tm('ingest', join(dir, 'marks.ndjson'))).exitCode).toBe(0);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('views', () => {
  it('tm show cuts goods to the terminal with …, and --wide shows them in full', async () => {
    const id = (JSON.parse((await tm('show', 'US:97000001', '--json')).stdout) as { id: string }).id;
    const narrow = await onTty('show', id);
    expect(narrow).toContain('Computer software for managing');
    expect(narrow).not.toContain('the end of the goods');
    expect(narrow).toMatch(/…/);
    const wide = (await onTty('show', id, '--wide')).replace(/\n/g, '');
    expect(wide).toContain(GOODS);
  });

  it('tm stats groups digits', async () => {
    expect(await onTty('stats')).toMatch(/all offices\s+1,005\b/);
  });

  it('tm status-codes shows labels in full and pages', async () => {
    const out = await onTty('status-codes', '--office', 'US', '--limit', '200');
    expect(out).toContain('IR CANCELLED; APPLICATION PENDING TRANSFORMATION');
    expect(out).not.toMatch(/next page/);
    const page = await onTty('status-codes', '--office', 'US', '--limit', '5');
    expect(page).toMatch(/next page: add --cursor \S+/);
  });
});
