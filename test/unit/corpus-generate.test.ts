import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { corpusRecords, generateCorpus, writeCorpusFile } from '../../bench/corpus/generate.js';
import { TrademarkRecord } from '../../src/core/schemas/trademark.js';
import { readRecords } from '../../src/ingest/formats.js';

const dir = mkdtempSync(join(tmpdir(), 'tm-corpus-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const parseFile = async (path: string, format: string) => {
  const records: TrademarkRecord[] = [];
  const failures: string[] = [];
  for await (const entry of readRecords(path)) {
    // Detected from content, as `tm ingest` does without --format.
    expect(entry.format).toBe(format);
    for await (const item of entry.items) {
      if (!item.ok) failures.push(item.reason);
      else if (item.record.object === 'trademark') records.push(item.record);
    }
  }
  return { records, failures };
};

describe('benchmark corpus generator', () => {
  const records = [...corpusRecords({ count: 2000, seed: 42 })];

  it('is deterministic for a seed and differs across seeds', async () => {
    const again: TrademarkRecord[] = [];
    for await (const r of generateCorpus({ count: 2000, seed: 42 })) again.push(r);
    expect(again).toEqual(records);
    const other = [...corpusRecords({ count: 50, seed: 43 })];
    expect(other.map((r) => r.mark_text)).not.toEqual(records.slice(0, 50).map((r) => r.mark_text));
  });

  it('produces full records that validate against the TrademarkRecord schema', () => {
    for (const r of records) expect(TrademarkRecord.safeParse(r).error).toBeUndefined();
  });

  it('gives every mark a unique id and a unique application number within its office', () => {
    expect(new Set(records.map((r) => r.id)).size).toBe(records.length);
    expect(new Set(records.map((r) => `${r.office_code}:${r.application_number}`)).size).toBe(records.length);
  });

  it('spreads records over offices, statuses, classes and decades like a real register', () => {
    const share = (pred: (r: TrademarkRecord) => boolean) => records.filter(pred).length / records.length;
    expect(share((r) => r.office_code === 'US')).toBeGreaterThan(0.3);
    expect(share((r) => r.office_code === 'EM')).toBeGreaterThan(0.15);
    expect(new Set(records.map((r) => r.office_code)).size).toBe(11);
    for (const primary of ['pending', 'active', 'inactive'] as const) {
      expect(share((r) => r.status.primary === primary)).toBeGreaterThan(0.04);
    }
    expect(share((r) => r.filing_date! >= '2010-01-01')).toBeGreaterThan(0.5);
    expect(share((r) => r.filing_date! < '1990-01-01')).toBeGreaterThan(0.03);
    expect(records.every((r) => r.classifications.length >= 1 && r.classifications.length <= 3)).toBe(true);
    expect(records.every((r) => r.classifications.every((c) => (c.goods_services ?? '').length > 0))).toBe(true);
    const us = records.filter((r) => r.office_code === 'US');
    expect(us.every((r) => /^\d{3}$/.test(r.status.raw?.code ?? ''))).toBe(true);
    expect(us.every((r) => /^\d{8}$/.test(r.application_number))).toBe(true);
  });

  it('dates registrations after filing and renews old registrations', () => {
    for (const r of records) {
      if (r.registration_date) expect(r.registration_date > r.filing_date!).toBe(true);
      if (r.last_renewal_date) expect(r.last_renewal_date > r.registration_date!).toBe(true);
    }
    expect(records.some((r) => r.last_renewal_date !== null)).toBe(true);
  });

  it('includes near-duplicate marks so similarity search has neighbours', () => {
    const texts = records.map((r) => r.mark_text?.toUpperCase()).filter((t): t is string => !!t);
    const byPrefix = new Map<string, Set<string>>();
    for (const t of texts) {
      const key = t.slice(0, 5);
      byPrefix.set(key, (byPrefix.get(key) ?? new Set()).add(t));
    }
    const families = [...byPrefix.values()].filter((s) => s.size > 1).length;
    expect(families).toBeGreaterThan(20);
  });

  it('writes NDJSON that the NDJSON adapter reads back record for record', async () => {
    const path = join(dir, 'c.ndjson');
    await writeCorpusFile(path, 'ndjson', { count: 300, seed: 9 });
    const { records: read, failures } = await parseFile(path, 'ndjson');
    expect(failures).toEqual([]);
    const expected = [...corpusRecords({ count: 300, seed: 9 })];
    expect(read.map((r) => r.id)).toEqual(expected.map((r) => r.id));
    expect(read.map((r) => r.status.raw)).toEqual(expected.map((r) => r.status.raw));
  });

  it('writes USPTO daily XML that the daily-XML adapter reads with the same marks and statuses', async () => {
    const path = join(dir, 'c.xml');
    await writeCorpusFile(path, 'uspto-xml', { count: 300, seed: 9 });
    const { records: read, failures } = await parseFile(path, 'uspto-daily-xml');
    expect(failures).toEqual([]);
    const expected = [...corpusRecords({ count: 300, seed: 9, offices: ['US'] })];
    expect(read).toHaveLength(300);
    expect(read.map((r) => r.application_number)).toEqual(expected.map((r) => r.application_number));
    expect(read.map((r) => r.mark_text)).toEqual(expected.map((r) => r.mark_text));
    expect(read.map((r) => r.status.raw?.code)).toEqual(expected.map((r) => r.status.raw?.code));
    expect(read.map((r) => r.filing_date)).toEqual(expected.map((r) => r.filing_date));
    expect(read.map((r) => r.classifications.map((c) => c.nice_class))).toEqual(
      expected.map((r) => r.classifications.map((c) => c.nice_class)),
    );
    for (const r of read) expect(TrademarkRecord.safeParse(r).error).toBeUndefined();
  });
});
