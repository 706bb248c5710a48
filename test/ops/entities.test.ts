// Entity resolution through ingest and the operations, on real office files: owners of several
// offices resolve to one entity on ingest; merges keep the old id (410); splits are recorded.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { entityId } from '../../src/core/entity-key.js';
import { ingestFiles } from '../../src/ingest/pipeline.js';
import type { OpDefinition } from '../../src/ops/define-op.js';
import { getTrademark } from '../../src/ops/get-trademark.js';
import { listEntityTrademarks } from '../../src/ops/parties/party-trademarks.js';
import { getEntity } from '../../src/ops/parties/get-entity.js';
import { mergeEntities } from '../../src/ops/parties/merge-entities.js';
import { splitEntity } from '../../src/ops/parties/split-entity.js';
import { tempContext, type TempContext } from '../helpers/factory.js';
import { callOp, errorOf } from '../helpers/ops.js';

const KR = ['fixtures/offices/kr/TradeMarkInfo.xml', 'fixtures/offices/kr/tradeMarkInfo_success.xml'];
let t: TempContext;
beforeEach(async () => {
  t = tempContext();
  // EUIPO "Apple Inc." and USPTO daily-XML owners; KIPRIS 김현호 with and without romanisation.
  await ingestFiles(t.ctx, ['fixtures/euipo/tm_apple_size10.json', 'fixtures/uspto/daily-xml/apc180218-sample.xml', ...KR]);
});
afterEach(async () => {
  await t.cleanup();
});

const call = <I extends z.ZodTypeAny, O extends z.ZodTypeAny>(op: OpDefinition<I, O>, raw: unknown): Promise<z.infer<O>> => callOp(t.ctx, op, raw);

describe('entities', () => {
  it('resolves owner records on ingest and serves the entity with its members and counts', async () => {
    const apple = await call(getEntity, { id: entityId('APPLE INC.') });
    expect(apple.normalized_name).toBe('apple');
    expect(apple.counts.by_office.EM).toBeGreaterThan(0);
    expect(apple.counts.trademarks).toBe(Object.values(apple.counts.by_office).reduce((a, b) => a + b, 0));
    const kim = await call(getEntity, { id: entityId('김현호') });
    expect(kim.members.map((m) => m.name).sort()).toEqual(['김현호', '김현호 kimHyunHo']);
  });

  it('shows the entity on every trademark row', async () => {
    const [first] = (await call(listEntityTrademarks, { id: entityId('Apple Inc.') })).data;
    expect(first!.owners.map((o) => o.entity_id)).toContain(entityId('Apple Inc.'));
    const detail = await call(getTrademark, { id: first!.id });
    expect(detail.owners[0]!.entity_id).toBe(entityId('Apple Inc.'));
  });

  it('a merge keeps the old id, which answers 410 entity_merged with merged_into', async () => {
    const from = entityId('김현호');
    const into = entityId('APPLE INC.');
    const before = (await call(getEntity, { id: into })).counts.trademarks;
    const merged = await call(mergeEntities, { id: from, into });
    expect(merged).toMatchObject({ merged_into: into, owners_moved: 2 });
    const gone = await errorOf(call(getEntity, { id: from }));
    expect([gone.type, gone.extra.merged_into]).toEqual(['entity_merged', into]);
    expect((await errorOf(call(listEntityTrademarks, { id: from }))).type).toBe('entity_merged');
    expect((await call(getEntity, { id: into })).counts.trademarks).toBeGreaterThan(before);
    // A later ingest of the same owners lands on the surviving entity.
    await ingestFiles(t.ctx, KR);
    expect((await call(getEntity, { id: into })).members.map((m) => m.name)).toContain('김현호');
  });

  it('refuses to merge an entity with itself, or a wrong prefix', async () => {
    const id = entityId('APPLE INC.');
    const self = await errorOf(call(mergeEntities, { id, into: id }));
    expect([self.type, self.status]).toEqual(['validation_error', 400]);
    expect((await errorOf(call(mergeEntities, { id: 'own_1', into: id }))).type).toBe('id_type_mismatch');
  });

  it('a split moves owners to a new entity and keeps them there on re-ingest', async () => {
    const kim = await call(getEntity, { id: entityId('김현호') });
    const romanised = kim.members.find((m) => m.name.includes('kim'))!;
    const out = await call(splitEntity, { id: kim.id, owner_ids: [romanised.owner_id] });
    expect((await call(getEntity, { id: out.new_entity_id })).members.map((m) => m.owner_id)).toEqual([romanised.owner_id]);
    await ingestFiles(t.ctx, KR);
    expect((await call(getEntity, { id: kim.id })).members.map((m) => m.name)).toEqual(['김현호']);
    const all = await errorOf(call(splitEntity, { id: kim.id, owner_ids: kim.members.filter((m) => m !== romanised).map((m) => m.owner_id) }));
    expect(all.type).toBe('validation_error');
  });
});
