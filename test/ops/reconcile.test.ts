// Docket reconciliation on real USPTO TSDR records: matches, differs per field (status, next
// deadline from the deadline engine, owner by entity), not_found and invalid rows; and the docket
// reader the CLI uses for CSV and JSON files.
import { readdirSync } from 'node:fs';
import { beforeAll, afterAll, describe, expect, it } from 'vitest';
import { ingestFiles } from '../../src/ingest/pipeline.js';
import { readDocket } from '../../src/ops/records/docket-input.js';
import { reconcileDocket } from '../../src/ops/records/reconcile-docket.js';
import { tempContext, type TempContext } from '../helpers/factory.js';
import { callOp } from '../helpers/ops.js';

const TSDR = 'fixtures/uspto/tsdr';
let t: TempContext;
beforeAll(async () => {
  t = tempContext();
  const files = readdirSync(TSDR).filter((f) => /ST96\.xml$/.test(f)).map((f) => `${TSDR}/${f}`);
  expect((await ingestFiles(t.ctx, files)).failed_files).toEqual([]);
});
afterAll(async () => {
  await t.cleanup();
});

const reconcile = (rows: unknown[], asOf = '2023-01-01') => callOp(t.ctx, reconcileDocket, { rows, as_of_date: asOf });

describe('reconcile_docket', () => {
  it('matches a row whose status word, statutory due date and owner (other legal form) agree', async () => {
    // ULTRABOOK: registered 2013-01-29; the §8/§9 due date 2023-01-29 is a Sunday, rolled to Monday 2023-01-30.
    const out = await reconcile([
      { office: 'US', number: '85334015', status: 'Registered', next_deadline: '2023-01-29', owner: 'INTEL CORP.', ref: 'INT-1' },
      { office: 'us', number: '4281391', status: 'live', next_deadline: '2023-01-30', owner: 'Intel Corporation' },
    ]);
    expect(out.rows.map((r) => r.result)).toEqual(['matches', 'matches']);
    expect(out.rows[0]).toMatchObject({ ref: 'INT-1', mark_text: 'ULTRABOOK', our_next_deadline: { due_date: '2023-01-30', type: 'combined_renewal_and_use' } });
    expect(out.rows[1]!.trademark_id).toBe(out.rows[0]!.trademark_id);
  });

  it('reports each differing field with theirs and ours', async () => {
    const out = await reconcile([
      { office: 'US', number: '2713476', status: 'Abandoned', next_deadline: '2023-06-01', owner: 'Oracle Corporation' },
      { office: 'US', number: '87881347', status: 'Published', next_deadline: '2024-01-01', owner: 'Burger Addict Renton, L.L.C.' },
    ]);
    expect(out.rows[0]).toMatchObject({ result: 'differs', mark_text: 'MYSQL' });
    expect(out.rows[0]!.differences).toEqual([
      { field: 'status', theirs: 'Abandoned', ours: 'active (renewed)' },
      { field: 'next_deadline', theirs: '2023-06-01', ours: '2023-05-08' },
      // The earlier owners TSDR still lists (Open Ocean AB, …) are not owners of record.
      { field: 'owner', theirs: 'Oracle Corporation', ours: 'MySQL AB' },
    ]);
    // A pending application has no deadline yet: theirs differs from our none.
    expect(out.rows[1]).toMatchObject({ result: 'differs', differences: [{ field: 'next_deadline', theirs: '2024-01-01', ours: null }] });
  });

  it('does not compare blank fields, and counts not_found and invalid rows', async () => {
    const out = await reconcile([
      { office: 'US', number: '76044902', status: '', next_deadline: null },
      { office: 'US', number: '99999999', status: 'Registered' },
      { office: 'XQ', number: '1' },
      { office: 'US', number: '85334015', next_deadline: '01/29/2023' },
      { office: 'US' },
    ]);
    expect(out.rows.map((r) => r.result)).toEqual(['matches', 'not_found', 'invalid', 'invalid', 'invalid']);
    expect(out.rows[2]!.detail).toMatch(/'XQ' is not a known office code/);
    expect(out.rows[3]!.detail).toMatch(/YYYY-MM-DD/);
    expect(out.summary).toEqual({ rows: 5, matches: 1, differs: 0, not_found: 1, invalid: 3 });
  });

  it('finds our next deadline as of the date asked: after the due date, none is left but the grace end', async () => {
    // As of 2023-02-15 ULTRABOOK's §8/§9 is past due and in its six-month grace.
    const [row] = (await reconcile([{ office: 'US', number: '85334015', next_deadline: '2023-01-30' }], '2023-02-15')).rows;
    expect(row!.our_next_deadline?.type).toBe('combined_renewal_and_use');
    expect(row!.differences).toEqual([]);
  });

  it('refuses an empty docket, unknown row keys and an oversized docket in its input schema', () => {
    const issue = (rows: unknown[]) => reconcileDocket.input.safeParse({ rows }).error?.issues[0];
    expect(issue([])).toMatchObject({ path: ['rows'], code: 'too_small' });
    expect(issue([{ office: 'US', number: '1', colour: 'red' }])).toMatchObject({ path: ['rows', 0], code: 'unrecognized_keys' });
    expect(issue(Array.from({ length: 10_001 }, () => ({ office: 'US', number: '1' })))).toMatchObject({ code: 'too_big' });
  });
});

describe('readDocket (the CLI file reader)', () => {
  it('reads a CSV with common header spellings, quotes and a BOM', () => {
    const csv = '\uFEFFDocket Ref,Office Code,Serial Number,Status,Due Date,Owner Name,Notes\r\n"A-1, main",US,85334015,Registered,2023-01-30,"Intel, Corp.",x\r\n\r\nA-2,US,2713476,,,,\r\n';
    expect(readDocket(csv, 'docket.csv').rows).toEqual([
      { ref: 'A-1, main', office: 'US', number: '85334015', status: 'Registered', next_deadline: '2023-01-30', owner: 'Intel, Corp.' },
      { ref: 'A-2', office: 'US', number: '2713476', status: '', next_deadline: '', owner: '' },
    ]);
  });

  it('reads a JSON array or {rows}, renaming known keys and dropping others', () => {
    expect(readDocket('[{"office_code":"EM","application_number":18000001,"colour":"red"}]', 'd.json').rows).toEqual([{ office: 'EM', number: 18000001 }]);
    expect(readDocket('{"rows":[{"office":"US","number":"1"}]}', 'd.json').rows).toHaveLength(1);
  });

  it('names the file and the problem: no number column, bad JSON, no rows', () => {
    expect(() => readDocket('office,mark\nUS,ACME\n', 'd.csv')).toThrow(/d.csv: the header has no number column/);
    expect(() => readDocket('[{"office":', 'd.json')).toThrow(/d.json: not valid JSON/);
    expect(() => readDocket('office,number\n', 'd.csv')).toThrow(/no rows/);
  });
});
