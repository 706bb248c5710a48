// Human views on a real pseudo-terminal (util-linux `script`, from bsdutils, which every Debian
// image has): tables fit 80 and 120 columns, cut by priority with `…`, `--wide` shows everything,
// labels are words, the next-page cursor is printed and works, and missed deadlines are named.
import { execa } from 'execa';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { storeLocation } from '../helpers/test-backend.js';

// Each case runs bin/tm several times; on a loaded machine one run takes seconds.
vi.setConfig({ testTimeout: 180_000, hookTimeout: 180_000 });

const dir = mkdtempSync(join(tmpdir(), 'tm-cli-tty-'));
const env = { TM_DB: storeLocation(dir), TM_NOW: '2026-11-22T12:00:00.000Z' };
const quote = (s: string): string => `'${s.replace(/'/g, `'\\''`)}'`;

/** Runs tm on a pty of the given size; returns its output lines without CR and colour codes. */
const onTty = async (cols: number, ...args: string[]): Promise<string[]> => {
  const size = cols > 0 ? `stty cols ${cols} rows 50; ` : 'stty cols 0 rows 0; ';
  const r = await execa('script', ['-qec', `${size}node bin/tm.js ${args.map(quote).join(' ')}`, '/dev/null'], { env, reject: false });
  return r.stdout.replace(/\r/g, '').split('\n');
};

const width = (line: string): number => [...line].length;

beforeAll(async () => {
  writeFileSync(
    join(dir, 'missed.ndjson'),
    JSON.stringify({ office_code: 'US', application_number: '90000001', mark_text: 'HEALTHY LOOKING', registration_date: '2019-05-14', status: { primary: 'active', stage: 'registered' } }),
  );
  const r = await execa('node', ['bin/tm.js', 'ingest', 'fixtures/uspto/daily-xml/apc180218-sample.xml', 'fixtures/euipo/tm_list_size10.json', join(dir, 'missed.ndjson')], { env });
  expect(r.exitCode).toBe(0);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('tables fit the terminal', () => {
  it.each([80, 120])('deadlines, search and stats fit %i columns', async (cols) => {
    for (const args of [['deadlines', '--limit', '5'], ['search', 'CUTEX'], ['stats'], ['deadlines', 'rules', '--office', 'US']]) {
      const table = (await onTty(cols, ...args)).filter((l) => !l.startsWith('warning:') && !l.startsWith('next page:'));
      expect(table.length).toBeGreaterThan(2);
      expect({ args, widest: Math.max(...table.map(width)) }).toEqual({ args, widest: expect.toSatisfy((w: number) => w <= cols) });
    }
  });

  it('drops low-priority columns at 80 that 120 shows, and --wide shows every column uncut', async () => {
    const narrow = await onTty(80, 'deadlines', '--limit', '5');
    const broad = await onTty(120, 'deadlines', '--limit', '5');
    const wide = await onTty(80, 'deadlines', '--limit', '5', '--wide');
    expect(narrow[0]).toMatch(/^Due\s+When\s+Urgency\s+Number\s+Mark\s+Deadline/);
    expect(narrow[0]).not.toContain('Late');
    expect(broad[0]).toContain('Late');
    expect(narrow.join('\n')).toContain('…');
    expect(wide[0]).toMatch(/Late\s+Note$/);
    expect(wide.join('\n')).toContain('Combined §8 declaration and §9 renewal');
  });

  it('a pty that reports no size renders at 80 columns, without clearing the screen', async () => {
    const lines = await onTty(0, 'deadlines', '--limit', '5');
    const table = lines.filter((l) => !l.startsWith('warning:') && !l.startsWith('next page:'));
    expect(Math.max(...table.map(width))).toBeLessThanOrEqual(80);
    expect(lines.join('\n')).not.toContain(`${String.fromCharCode(27)}[2J`);
    expect(lines.join('\n')).not.toContain(`${String.fromCharCode(27)}[3J`);
  });
});

describe('readable views', () => {
  it('labels are words, and missed deadlines are named with the flag that lists them', async () => {
    const out = (await onTty(120, 'deadlines', '--limit', '5')).join('\n');
    expect(out).toMatch(/Not open|Open/);
    expect(out).not.toMatch(/not_open|combined_renewal_and_use/);
    expect(out).toContain('warning: 2 missed deadlines not shown');
    expect(out).toContain('US 90000001 HEALTHY LOOKING declaration of use due 2025-05-14');
    expect(out).toContain('List them with --include-missed');
  });

  it('prints the next-page cursor, and the cursor gives the next page', async () => {
    const first = await onTty(120, 'deadlines', '--limit', '2');
    const line = first.find((l) => l.startsWith('next page: add --cursor '));
    expect(line).toBeDefined();
    const cursor = /--cursor (\S+)/.exec(line!)![1]!;
    const second = await onTty(120, 'deadlines', '--limit', '2', '--cursor', cursor);
    expect(second[0]).toMatch(/^Due/);
    expect(second[2]).not.toBe(first[2]);
  });

  it('history shows the office code and label; status codes their label and status; show lists owners with roles', async () => {
    const history = (await onTty(120, 'history', 'US:71112081', '--limit', '3')).join('\n');
    expect(history).toMatch(/Raw Code\s+Raw Label/);
    expect(history).toContain('REGISTERED AND RENEWED');
    expect(history).toMatch(/next page: add --cursor \S+/);
    const codes = (await onTty(120, 'status-codes', '--office', 'US', '--limit', '200')).join('\n');
    expect(codes).toMatch(/Office\s+Code\s+Status\s+Stage\s+Label/);
    expect(codes).toContain('REGISTERED AND RENEWED');
    const show = (await onTty(120, 'show', 'US:71112081')).join('\n');
    expect(show).toContain('CUTEX, INC.  — owner, corporation, US');
    expect(show).toMatch(/— previous owner/);
    expect(show).toContain('Term state         In term');
  });

  it('an object prints as a field/value table, not a YAML-like dump', async () => {
    const out = await onTty(100, 'orgs', 'create', 'Acme Legal');
    expect(out[0]).toMatch(/^Field\s+Value$/);
    expect(out.join('\n')).toMatch(/Name\s+Acme Legal/);
  });

  it.each([80, 120])('keys create says the secret is shown once, with its expiry, at %i columns; keys list has scopes', async (cols) => {
    const org = /^ID\s+(org_\w+)/m.exec((await onTty(cols, 'orgs', 'create', `Keys ${cols}`)).join('\n'))![1]!;
    const lines = await onTty(cols, 'keys', 'create', '--org', org, '--scopes', 'trademarks:read', '--expires', '90d');
    expect(lines[0]).toMatch(/^Field\s+Value$/);
    expect(lines.join('\n')).toMatch(/^Secret\s+tmk_live_\S+$/m);
    expect(lines).toContain('The secret above is shown this once: store it now.');
    expect(lines.join('\n')).toMatch(/^It expires \d{4}-\d\d-\d\d \d\d:\d\d UTC \(in 90 days\)\.$/m);
    expect(Math.max(...lines.map(width))).toBeLessThanOrEqual(cols);
    const never = (await onTty(cols, 'keys', 'create', '--org', org, '--scopes', 'trademarks:read')).join('\n');
    expect(never).toMatch(/It does not expire; revoke it with `tm keys revoke key_\w+`\./);
    const list = await onTty(cols, 'keys', 'list', '--org', org);
    expect(list[0]).toMatch(/^ID\s+.*Scopes/);
    expect(Math.max(...list.map(width))).toBeLessThanOrEqual(cols);
  });

  it('classes search, jurisdictions and owner marks print tables that fit, not envelope dumps', async () => {
    const classes = (await onTty(80, 'classes', 'search', 'shoes', '--limit', '3')).join('\n');
    expect(classes).toMatch(/^Basic Number\s+Class\s+Term/m);
    expect(classes).not.toMatch(/Success|Pagination/);
    expect(classes).toMatch(/^next page: add --cursor \S+$/m);
    const offices = await onTty(80, 'jurisdictions');
    expect(offices.join('\n')).toMatch(/^Code\s+Name\s+Abbreviation/m);
    expect(offices.join('\n')).not.toMatch(/Success|Data pagination/);
    expect(Math.max(...offices.map(width))).toBeLessThanOrEqual(80);
    const shown = JSON.parse((await execa('node', ['bin/tm.js', 'show', 'US:71112081'], { env })).stdout) as { owners: { owner_id: string }[] };
    for (const cols of [80, 120]) {
      const marks = await onTty(cols, 'owner', 'marks', shown.owners[0]!.owner_id);
      expect(marks[0]).toMatch(/^Mark\s+Office\s+Number\s+Status/);
      expect(marks.join('\n')).toMatch(/^CUTEX\s+US\s+0\d+\s+Active/m);
      expect(Math.max(...marks.map(width))).toBeLessThanOrEqual(cols);
    }
  });
});
