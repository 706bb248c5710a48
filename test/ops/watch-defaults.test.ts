// Watches catch a copy by default (issue 23 item 5), on real EUIPO marks (fixtures/euipo and
// data/similarity): a watch on APPLE with no min_tier alerts on a filing of APPEL in class 9, its
// create response states the threshold in words and as a value, and preview reads every mark the
// watch selects, or says it stopped early and goes on from where it stopped.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { fixedClock } from '../../src/core/clock.js';
import { emptyRecord } from '../../src/core/empty-record.js';
import type { Context } from '../../src/context.js';
import { ingestFiles } from '../../src/ingest/pipeline.js';
import { listAlerts } from '../../src/ops/monitor/alerts.js';
import { PREVIEW_BATCH, previewWatch } from '../../src/ops/monitor/preview-watch.js';
import { tmWatchesCreate } from '../../src/ops/monitor/watch-crud.js';
import { tempContext, type TempContext } from '../helpers/factory.js';

const ROOT = join(import.meta.dirname, '..', '..');
const EXTRA = 1200;
let t: TempContext;
let org: Context;

beforeAll(async () => {
  t = tempContext('2026-11-20T09:00:00.000Z');
  org = { ...t.ctx, org: { id: 'org_acme', name: 'Acme', livemode: true } };
  // Real EUIPO marks: the API fixture (APPLE TV among them), then a slice of the verbal elements.
  expect((await ingestFiles(t.ctx, [join(ROOT, 'fixtures/euipo/tm_apple_size10.json')])).failed_files).toEqual([]);
  const euipo = (JSON.parse(gunzipSync(readFileSync(join(ROOT, 'data/similarity/euipo-2020-texts.json.gz'))).toString('utf8')) as { marks: [string, string, string | null][] }).marks;
  const records = euipo.slice(0, EXTRA).map(([n, text, filed]) => ({ ...emptyRecord('EM', n, 'euipo'), mark_text: text, mark_type: 'word' as const, filing_date: filed, source_date: '2020-12-31' }));
  await t.ctx.store.trademarks.upsert(records, '2026-11-20T09:00:00.000Z');
  await t.ctx.index.sync();
}, 60_000);
afterAll(async () => t.cleanup());

const create = async (query: Record<string, unknown>) => tmWatchesCreate.output.parse(await tmWatchesCreate.run(org, tmWatchesCreate.input.parse({ name: 'Apple', watch_type: 'similarity', query })));
const preview = async (body: Record<string, unknown>) => previewWatch.output.parse(await previewWatch.run(org, previewWatch.input.parse({ watch_type: 'similarity', ...body })));

describe('watch defaults', () => {
  it('a watch on APPLE with default settings states its threshold and alerts on a filing of APPEL in class 9', async () => {
    const watch = await create({ q: 'APPLE' });
    expect(watch.threshold).toMatchObject({ min_tier: 'similar', default: true });
    expect(watch.threshold!.description).toMatch(/rated similar or closer to "APPLE"/);
    expect(watch.threshold!.description).toMatch(/related does not alert.*No min_tier was given: the default, similar, applies/);
    const given = await create({ q: 'APPLE', min_tier: 'identical' });
    expect(given.threshold).toMatchObject({ min_tier: 'identical', default: false });

    t.ctx.clock = fixedClock('2026-11-21T09:00:00.000Z');
    org.clock = t.ctx.clock;
    const file = join(t.dir, 'appel.ndjson');
    writeFileSync(file, `${JSON.stringify({ office_code: 'EM', application_number: '019999001', mark_text: 'APPEL', filing_date: '2026-11-20', status: { primary: 'pending', stage: 'filed' }, classifications: [{ nice_class: 9, goods_services: 'Computer software' }] })}\n`);
    expect((await ingestFiles(t.ctx, [file])).failed_files).toEqual([]);
    const alerts = (await listAlerts.run(org, listAlerts.input.parse({ limit: 100 }))).data.filter((a) => a.watch_id === watch.id);
    expect(alerts.map((a) => a.trademark.mark_text)).toEqual(['APPEL']);
    expect(['identical', 'near_identical', 'similar']).toContain(alerts[0]!.match?.tier);
  });

  it('preview reads every mark the watch selects, best first', async () => {
    const total = await t.ctx.store.trademarks.count({});
    // The clock stands still, so a loaded machine cannot run the time out: the whole store is read.
    const still = performance.now();
    const clock = vi.spyOn(performance, 'now').mockImplementation(() => still);
    const p = await preview({ query: { q: 'APPLE' } }).finally(() => clock.mockRestore());
    expect(p).toMatchObject({ complete: true, next_after: null, notice: null, total, scanned: total });
    expect(total).toBeGreaterThan(EXTRA);
    expect(p.data.map((h) => h.mark_text)).toContain('APPEL');
    expect(p.matched).toBe(p.data.length);
    for (const h of p.data) expect(['identical', 'near_identical', 'similar']).toContain(h.match!.tier);
    const scores = p.data.map((h) => h.match!.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });

  it('when its time runs out, preview says how far it read and goes on from there', async () => {
    const total = await t.ctx.store.trademarks.count({});
    const appel = (await t.ctx.store.trademarks.findId('EM', '019999001'))!;
    // Every look at the clock is 10 s later: the time is spent after the first step.
    let now = performance.now();
    const clock = vi.spyOn(performance, 'now').mockImplementation(() => (now += 10_000));
    try {
      const seen: string[] = [];
      let after: string | undefined;
      let calls = 0;
      for (;;) {
        const p = await preview({ query: { q: 'APPLE' }, ...(after ? { after } : {}) });
        calls++;
        expect(p.total).toBe(total);
        seen.push(...p.data.map((h) => h.trademark_id));
        if (p.complete) {
          expect(p.next_after).toBeNull();
          expect(p.notice).toMatch(/all \d[\d,]* marks the watch selects were read/);
          break;
        }
        expect(p.scanned).toBe(PREVIEW_BATCH);
        expect(p.notice).toMatch(new RegExp(`^Stopped early .* read ${PREVIEW_BATCH} of the ${total.toLocaleString('en')} marks`));
        expect(p.notice).toContain(`after: "${p.next_after}"`);
        after = p.next_after!;
      }
      expect(calls).toBe(Math.ceil(total / PREVIEW_BATCH));
      expect(seen).toContain(appel);
    } finally {
      clock.mockRestore();
    }
  });
});
