// CLI renderings of deadline rows: the TTY table sorted by due date and RFC 4180 CSV.
import { describe, expect, it } from 'vitest';
import { csvCell } from '../../src/core/csv.js';
import { renderDeadlines, renderDeadlinesCsv, CSV_COLUMNS } from '../../src/cli/views/deadlines-view.js';
import { tableDefaults } from '../../src/cli/views/table.js';
import type { DeadlineRow } from '../../src/deadlines/rows.js';

const row = (over: Partial<DeadlineRow>): DeadlineRow => ({
  object: 'deadline',
  occurrence_key: 'us_renewal:1',
  rule_id: 'us_renewal',
  type: 'combined_renewal_and_use',
  due_date: '2026-05-18',
  unrolled_due_date: '2026-05-17',
  window_opens_date: '2025-05-17',
  grace_expiry_date: '2026-11-17',
  state: 'open',
  roll_reason: { from: '2026-05-17', to: '2026-05-18', skipped: [{ date: '2026-05-17', reason: 'Sunday' }] },
  consequence_if_missed: 'cancellation_of_registration',
  trademark_id: 'tm_a',
  mark_text: 'ACME',
  office_code: 'US',
  application_number: '86000001',
  registration_number: '5000001',
  owner_names: ['Acme, Inc.', 'Other'],
  rule_name: 'Combined §8 declaration and §9 renewal',
  expiry_date: '2026-05-17',
  days_left: 10,
  urgency: 'due_30',
  as_of_date: '2026-05-08',
  unsupported_reason: null,
  fee_due: null,
  ...over,
});

describe('deadline views', () => {
  const rows = [row({ trademark_id: 'tm_b', due_date: '2027-01-04', mark_text: 'LATER' }), row({}), row({ trademark_id: 'tm_c', due_date: null, mark_text: 'NODATE', state: 'available' })];

  it('renders a table sorted by due date with the roll reason (in full with --wide)', () => {
    tableDefaults.wide = true;
    const text = renderDeadlines({ data: rows, has_more: false });
    tableDefaults.wide = false;
    const order = ['ACME', 'LATER', 'NODATE'].map((m) => text.indexOf(m));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(text).toContain('moved from 2026-05-17 (Sunday)');
    expect(renderDeadlines({ data: [] })).toBe('No deadlines match.');
  });

  it('writes CSV with CRLF, quoting and formula protection', () => {
    const csv = renderDeadlinesCsv(rows);
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe(CSV_COLUMNS.join(','));
    expect(lines).toHaveLength(rows.length + 2);
    expect(lines[1]).toContain('"Acme, Inc.; Other"');
    expect(lines[1]!.startsWith('2026-05-18,open,due_30,10,US,5000001')).toBe(true);
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell(null)).toBe('');
  });
});
