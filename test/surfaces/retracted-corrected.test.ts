// Retracted and corrected events (spec §6.1, issue 29.3): a row that says whether the office
// retracted its record keeps `is_retracted`; the flip alone is `trademark.retracted` (on) or
// `trademark.corrected` (off), the flip beside any other change is the usual updated or
// status_changed, and watches that list the two triggers alert on them over HTTP.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestFiles } from '../../src/ingest/pipeline.js';
import { startHttp, type HttpFixture } from './http-fixture.js';

let f: HttpFixture;
const dir = mkdtempSync(join(tmpdir(), 'tm-retracted-'));
const row = (day: string, extra: Record<string, unknown> = {}) => ({
  office_code: 'GB',
  application_number: 'UK00003999001',
  mark_text: 'RETRACTA',
  status: { primary: 'pending', stage: 'published' },
  classifications: [{ nice_class: 9 }],
  source_date: `2025-${day}`,
  ...extra,
});
/** One NDJSON file per reading of the mark, ingested in order. */
const ingestRow = async (name: string, value: Record<string, unknown>) => {
  const path = join(dir, `${name}.ndjson`);
  writeFileSync(path, `${JSON.stringify(value)}\n`);
  return ingestFiles(f.tmp.ctx, [path]);
};
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- bodies are checked by the assertions
const json = async (res: Response) => (await res.json()) as Record<string, any>;
const post = (path: string, body: unknown) => f.call(path, { method: 'POST', body: JSON.stringify(body) });
const alertTypes = async (watchId: string): Promise<string[]> =>
  ((await json(await f.call(`/v1/alerts?watch_id=${watchId}&limit=100`))).data as { event: { type: string } }[]).map((a) => a.event.type).sort();

beforeAll(async () => {
  f = await startHttp();
  await ingestRow('v0', row('01-01'));
});
afterAll(async () => f.close());

describe('retracted and corrected events', () => {
  it('derives the two types only when the flip is the sole tracked change, and watches listing them alert', async () => {
    const filters = { trademarkIds: ['GB:UK00003999001'] };
    const flips = await json(await post('/v1/watches', { name: 'flips', watch_type: 'mark', query: { filters }, trigger_events: ['trademark.retracted', 'trademark.corrected'] }));
    const defaults = await json(await post('/v1/watches', { name: 'defaults', watch_type: 'mark', query: { filters } }));
    expect(defaults.trigger_events).not.toContain('trademark.retracted');

    // Saying "not retracted" where nothing was said before is no change at all.
    expect(await ingestRow('v1', row('01-15', { is_retracted: false }))).toMatchObject({ events: 0 });
    expect(await ingestRow('v2', row('02-01', { is_retracted: true }))).toMatchObject({ updated: 1, events: 1 });
    expect(await ingestRow('v3', row('03-01', { is_retracted: false }))).toMatchObject({ updated: 1, events: 1 });
    // The flip together with a status change is a status change, not a retraction.
    await ingestRow('v4', row('04-01', { is_retracted: true, status: { primary: 'inactive', stage: 'withdrawn' } }));
    // And together with another field, an update.
    await ingestRow('v5', row('05-01', { is_retracted: false, status: { primary: 'inactive', stage: 'withdrawn' }, mark_text: 'RETRACTA 2' }));

    const id = (await json(await f.call('/v1/trademarks?office=GB&application_number=UK00003999001'))).data[0].id as string;
    const history = (await json(await f.call(`/v1/trademarks/${id}/events?limit=50`))).data as { type: string; diff?: unknown[] }[];
    expect(history.map((e) => e.type)).toEqual(
      expect.arrayContaining(['trademark.retracted', 'trademark.corrected', 'trademark.status_changed', 'trademark.updated']),
    );
    const retracted = history.find((e) => e.type === 'trademark.retracted')!;
    expect(retracted.diff).toEqual([{ path: 'is_retracted', from: false, to: true }]);

    expect(await alertTypes(flips.id)).toEqual(['trademark.corrected', 'trademark.retracted']);
    expect(await alertTypes(defaults.id)).toEqual(['trademark.status_changed', 'trademark.updated']);

    const detail = await json(await f.call(`/v1/trademarks/${id}`));
    expect(detail.is_retracted).toBe(false);
  });

  it('a mark whose office never says carries no is_retracted', async () => {
    await ingestRow('plain', { office_code: 'GB', application_number: 'UK00003999002', mark_text: 'PLAIN', source_date: '2025-01-01' });
    const found = await json(await f.call('/v1/trademarks?office=GB&application_number=UK00003999002'));
    expect(found.data[0]).not.toHaveProperty('is_retracted');
  });
});
