// The USPTO Assignment Center JSON exports (real files): detection, parsing, chains of title.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import type { AssignmentRecord } from '../../src/core/schemas/assignment.js';
import { trademarkId } from '../../src/core/ids.js';
import { detectAdapter } from '../../src/ingest/formats.js';
import { usptoAssignmentJson } from '../../src/ingest/adapters/uspto-assignment-json.js';
import { chainOfTitle, conveyanceKind } from '../../src/parties/chain.js';
import { fixture, parseFixture, parseString } from './ingest-helpers.js';

const DIR = 'uspto/assignments';
const FILES = ['assignee', 'assignor', 'registration', 'serial', 'combined'].map((k) => `${DIR}/exportTradeMarkData_${k === 'combined' ? k : `by_${k}`}.json`);

const parse = async (relative: string): Promise<AssignmentRecord[]> =>
  (await parseFixture(usptoAssignmentJson, relative)).map((item) => {
    if (!item.ok) throw new Error(item.reason);
    return item.record;
  });

describe('uspto-assignment-json', () => {
  it.each(FILES)('%s is detected as an assignment export, not "JSON of an unknown layout"', (file) => {
    const head = readFileSync(fixture(file), 'utf8').slice(0, 65536);
    expect(detectAdapter(head, undefined, file).name).toBe('uspto-assignment-json');
  });

  it('reads reel/frame, parties, dates and properties of every assignment', async () => {
    const list = await parse(`${DIR}/exportTradeMarkData_by_assignor.json`);
    expect(list).toHaveLength(1);
    const [a] = list;
    expect(a).toMatchObject({
      object: 'assignment',
      office_code: 'US',
      reel_frame: '8875/0285',
      conveyance: null,
      execution_date: '2025-05-15',
      recorded_date: null,
      assignors: [{ name: 'UAB "PIXELMATOR TEAM"', execution_date: '2025-05-15' }],
      assignees: [{ name: 'APPLE INC.' }],
    });
    expect(a!.properties.map((p) => [p.serial_number, p.mark_text])).toEqual([
      ['88665501', 'PIXELMATOR PRO'],
      ['88665547', 'PIXELMATOR PHOTO'],
      ['88665566', 'PIXELMATOR'],
      ['77773217', 'PIXELMATOR'],
      ['97828233', 'PHOTOMATOR'],
    ]);
    expect(a!.properties[0]).toMatchObject({ trademark_id: trademarkId('US', '88665501'), registration_number: '6073758', filing_date: '2019-10-23' });
  });

  it('gives one document the same id in every export it appears in', async () => {
    const byAssignee = await parse(`${DIR}/exportTradeMarkData_by_assignee.json`);
    const combined = await parse(`${DIR}/exportTradeMarkData_combined.json`);
    const shared = combined.find((a) => a.reel_frame === '4193/0899')!;
    expect(byAssignee.find((a) => a.id === shared.id)).toEqual(shared);
  });

  it('a truncated export is an input error naming the file', async () => {
    const text = readFileSync(fixture(`${DIR}/exportTradeMarkData_by_serial.json`), 'utf8');
    await expect(parseString(usptoAssignmentJson, text.slice(0, 900), 'cut.json')).rejects.toThrow(/cut\.json: not well-formed JSON/);
  });
});

describe('chain of title', () => {
  it('orders SNEAKY SASQUATCH owner to owner although two documents share an execution date', async () => {
    const chain = chainOfTitle(await parse(`${DIR}/exportTradeMarkData_by_serial.json`));
    expect(chain.map((l) => [l.reel_frame, l.from, l.to, l.linked])).toEqual([
      ['9053/0654', ['RAC7 GAMES INC.'], ['1536345 B.C. UNLIMITED LIABILITY COMPANY'], true],
      ['9006/0088', ['1536345 B.C. UNLIMITED LIABILITY COMPANY'], ['RAC7 GAMES ULC'], true],
      ['9006/0093', ['RAC7 GAMES ULC'], ['APPLE INC.'], true],
    ]);
  });

  it.each([
    ['ASSIGNS THE ENTIRE INTEREST', 'transfer'],
    ['SECURITY INTEREST', 'security'],
    ['RELEASE OF SECURITY INTEREST', 'release'],
    ['CHANGE OF NAME', 'name_change'],
    ['NUNC PRO TUNC ASSIGNMENT', 'transfer'],
    [null, 'unknown'],
  ] as const)('conveyance %s is %s', (text, kind) => {
    expect(conveyanceKind(text)).toBe(kind);
  });

  it('a security interest never moves title', () => {
    const base = { object: 'assignment' as const, office_code: 'US', recorded_date: null, correspondent: null, properties: [], source_format: 't' };
    const party = (name: string) => ({ name, execution_date: null, country_code: null });
    const chain = chainOfTitle([
      { ...base, id: 'asg_1', reel_frame: '1/0001', conveyance: 'ASSIGNS THE ENTIRE INTEREST', execution_date: '2020-01-01', assignors: [party('A')], assignees: [party('B')] },
      { ...base, id: 'asg_2', reel_frame: '1/0002', conveyance: 'SECURITY INTEREST', execution_date: '2021-01-01', assignors: [party('B')], assignees: [party('BANK')] },
    ]);
    expect(chain.map((l) => l.to)).toEqual([['B']]);
  });
});
