// Operator merges of owners and attorneys (issue 29.7): `tm owners merge` and `tm attorneys merge`
// keep the merged id, which answers 410 entity_merged with merged_into on its detail, its trademark
// list and as a search filter (HTTP, MCP, CLI); the survivor's reads cover the merged id's marks,
// and name searches leave the merged id out.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attorneyId } from '../../src/core/representatives.js';
import { ownerId } from '../../src/core/ids.js';
import type { TrademarkRecord } from '../../src/core/schemas/trademark.js';
import { mergeAttorneys, mergeOwners } from '../../src/ops/parties/party-merges.js';
import { makeRecord } from '../helpers/factory.js';
import { callOp, errorOf } from '../helpers/ops.js';
import { tmCli } from '../helpers/tm-processes.js';
import { startHttp, type HttpFixture } from './http-fixture.js';
import { mcpFixture, type McpFixture } from './mcp-fixture.js';

const GONE = ownerId('GB', 'Zephyr Mils Limited', 'GB');
const KEPT = ownerId('GB', 'Zephyr Mills Ltd', 'GB');
const ATT_GONE = attorneyId('Janet Q. Roebuck');
const ATT_KEPT = attorneyId('Janet Roebuck');

const mark = (n: string, owner: string, attorney: string): TrademarkRecord =>
  makeRecord({
    office_code: 'GB',
    application_number: `UK0000400000${n}`,
    mark_text: `ZEPHYR ${n}`,
    owners: [{ owner_id: ownerId('GB', owner, 'GB'), entity_id: null, name: owner, entity_type: null, nationality: 'GB', role: null, address: null }],
    attorneys: [{ name: attorney, firm: null, role: 'attorney', address: null }],
  });
const MARKS = [mark('1', 'Zephyr Mills Ltd', 'Janet Roebuck'), mark('2', 'Zephyr Mills Ltd', 'Janet Roebuck'), mark('3', 'Zephyr Mils Limited', 'Janet Q. Roebuck')];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- bodies are checked by the assertions
const json = async (res: Response) => (await res.json()) as Record<string, any>;

describe('owner and attorney merges over HTTP', () => {
  let f: HttpFixture;
  beforeAll(async () => {
    f = await startHttp(MARKS);
  }, 60_000);
  afterAll(async () => f.close());

  it('before a merge each owner is its own; a merge is checked, recorded, and the merged id answers 410 everywhere', async () => {
    expect((await json(await f.call(`/v1/owners/${KEPT}`))).counts.trademarks).toBe(2);
    expect((await errorOf(callOp(f.tmp.ctx, mergeOwners, { id: GONE, into: GONE }))).type).toBe('validation_error');
    expect((await errorOf(callOp(f.tmp.ctx, mergeOwners, { id: ATT_GONE, into: KEPT }))).type).toBe('id_type_mismatch');
    expect((await errorOf(callOp(f.tmp.ctx, mergeOwners, { id: 'own_nobody', into: KEPT }))).type).toBe('not_found');
    const merged = await callOp(f.tmp.ctx, mergeOwners, { id: GONE, into: KEPT });
    expect(merged).toMatchObject({ object: 'owner_merge', id: GONE, merged_into: KEPT });
    // Merging it again, or merging into it, is the same 410.
    expect((await errorOf(callOp(f.tmp.ctx, mergeOwners, { id: GONE, into: KEPT }))).type).toBe('entity_merged');

    for (const path of [`/v1/owners/${GONE}`, `/v1/owners/${GONE}/trademarks`, `/v1/trademarks?owner_id=${GONE}`]) {
      const res = await f.call(path);
      expect(res.status, path).toBe(410);
      expect((await json(res)).error, path).toMatchObject({ type: 'entity_merged', merged_into: KEPT });
    }
    const excluded = await f.call('/v1/trademarks', { method: 'POST', body: JSON.stringify({ q: 'zephyr', exclude: { owner_id: [GONE] } }) });
    expect(excluded.status).toBe(410);

    // The survivor covers both owner records: detail counts, its list, and the search filter.
    const kept = await json(await f.call(`/v1/owners/${KEPT}`));
    expect(kept.counts.trademarks).toBe(3);
    const list = await json(await f.call(`/v1/owners/${KEPT}/trademarks`));
    expect(list.data.map((d: { application_number: string }) => d.application_number).sort()).toEqual(['UK00004000001', 'UK00004000002', 'UK00004000003']);
    const search = await json(await f.call(`/v1/trademarks?owner_id=${KEPT}`));
    expect(search.data).toHaveLength(3);
    // A name search no longer lists the merged spelling.
    const found = await json(await f.call('/v1/owners?q=zephyr'));
    expect(found.data.map((o: { id: string }) => o.id)).toEqual([KEPT]);
  });

  it('an attorney merge answers 410 on the detail and list, and the survivor counts both', async () => {
    await callOp(f.tmp.ctx, mergeAttorneys, { id: ATT_GONE, into: ATT_KEPT });
    for (const path of [`/v1/attorneys/${ATT_GONE}`, `/v1/attorneys/${ATT_GONE}/trademarks`]) {
      const res = await f.call(path);
      expect(res.status, path).toBe(410);
      expect((await json(res)).error, path).toMatchObject({ type: 'entity_merged', merged_into: ATT_KEPT });
    }
    expect((await json(await f.call(`/v1/attorneys/${ATT_KEPT}`))).counts.trademarks).toBe(3);
    expect((await json(await f.call(`/v1/attorneys/${ATT_KEPT}/trademarks`))).data).toHaveLength(3);
    expect((await json(await f.call('/v1/attorneys?q=roebuck'))).data.map((a: { id: string }) => a.id)).toEqual([ATT_KEPT]);
    // Merges are operator actions: no route for any key.
    expect((await f.call('/v1/owners/merge', { method: 'POST', body: JSON.stringify({ id: GONE, into: KEPT }) })).status).toBeGreaterThanOrEqual(400);
  });
});

describe('owner merges over MCP', () => {
  let m: McpFixture;
  beforeAll(async () => {
    m = await mcpFixture(async ({ ctx }) => {
      await ctx.store.trademarks.upsert(MARKS, '2026-11-21T06:00:00.000Z');
      await ctx.index.sync();
      await callOp(ctx, mergeOwners, { id: GONE, into: KEPT });
    });
  });
  afterAll(async () => m.close());

  it('get_owner and the owner_id filter of search_trademarks answer entity_merged with merged_into', async () => {
    const { client, call } = await m.connect(undefined, 'all');
    const names = (await client.listTools()).tools.map((x) => x.name);
    expect(names).not.toContain('merge_owners');
    for (const [tool, args] of [['get_owner', { owner_id: GONE }], ['search_trademarks', { owner_id: [GONE] }]] as const) {
      const res = await call(tool, args);
      expect(res.isError, tool).toBe(true);
      expect(JSON.stringify(res.content), tool).toMatch(new RegExp(`merged into ${KEPT}`));
    }
    const kept = await call('get_owner', { owner_id: KEPT });
    expect((kept.structuredContent as { counts: { trademarks: number } }).counts.trademarks).toBe(3);
    await client.close();
  });
});

describe('owner merges on the CLI', () => {
  const home = mkdtempSync(join(tmpdir(), 'tm-party-merges-'));
  const tm = tmCli({ TM_HOME: home, TM_NOW: '2026-11-22T12:00:00.000Z' });
  beforeAll(async () => {
    const file = join(home, 'marks.ndjson');
    writeFileSync(file, MARKS.map((r) => JSON.stringify(r)).join('\n') + '\n');
    expect((await tm('ingest', file)).exitCode).toBe(0);
  }, 60_000);

  it('tm owners merge records it; tm owner show of the merged id is one line naming the survivor, exit 3', async () => {
    const out = await tm('owners', 'merge', GONE, KEPT, '--json');
    expect(out.exitCode, out.stderr).toBe(0);
    expect(JSON.parse(out.stdout)).toMatchObject({ merged_into: KEPT });
    const gone = await tm('owner', 'show', GONE);
    expect(gone.exitCode).toBe(3);
    expect(gone.stderr).toMatch(new RegExp(`merged into ${KEPT}`));
    expect(JSON.parse((await tm('owner', 'show', KEPT, '--json')).stdout).counts.trademarks).toBe(3);
  }, 60_000);
});
