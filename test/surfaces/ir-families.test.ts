// International-registration families (issue 29.1): the real USPTO §66(a) record of IR 1722108
// (NITRO GLISSERIN, fixtures/uspto/daily-xml) with a WO record and an EUIPO designation written
// here by hand (no WIPO Madrid sample was in reach: the two rows are made up for the test, with the
// holder and text of the real record). The family row is `mixed` where the designations disagree,
// unions their challenges, counts territories and takes the expiry the designations publish; over
// HTTP, MCP and the CLI.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestFiles } from '../../src/ingest/pipeline.js';
import { familyRow } from '../../src/ops/trademarks/ir-family.js';
import type { Context } from '../../src/context.js';
import { makeRecord } from '../helpers/factory.js';
import { tmCli } from '../helpers/tm-processes.js';
import { startHttp, type HttpFixture } from './http-fixture.js';
import { mcpFixture, type McpFixture } from './mcp-fixture.js';

const US_66A = 'fixtures/uspto/daily-xml/records/publication-after-79366581.xml';
const holder = [{ name: 'GIORGI TVILDIANI', nationality: 'GE' }];
const HAND_ROWS = [
  { office_code: 'WO', application_number: '1722108', ir_number: '1722108', ir_date: '2022-12-27', mark_text: 'NITRO GLISSERIN', owners: holder, designations: ['CH', 'EM', 'US'], status: { primary: 'active', stage: 'registered' }, expiry_date: '2032-12-27', source_date: '2025-01-01' },
  { office_code: 'EM', application_number: 'W01722108', ir_number: '1722108', mark_text: 'NITRO GLISSERIN', owners: holder, status: { primary: 'active', stage: 'registered' }, expiry_date: '2032-12-27', source_date: '2025-01-01' },
];
const dir = mkdtempSync(join(tmpdir(), 'tm-ir-'));
const HAND_FILE = join(dir, 'ir-1722108.ndjson');
writeFileSync(HAND_FILE, HAND_ROWS.map((r) => JSON.stringify(r)).join('\n') + '\n');
const load = async (ctx: Context) => {
  await ingestFiles(ctx, [US_66A]);
  await ingestFiles(ctx, [HAND_FILE]);
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- bodies are checked by the assertions
const json = async (res: Response) => (await res.json()) as Record<string, any>;

describe('the family row', () => {
  it('keeps the status the designations agree on (computed, no raw) and counts the legs as territories', () => {
    const leg = (office: string) => makeRecord({ office_code: office, application_number: `X${office}`, ir_number: '99', status: { primary: 'active', stage: 'registered', challenges: [] } });
    const row = familyRow('99', null, [leg('US'), leg('EM')]);
    expect(row).toMatchObject({ office_code: 'WO', application_number: '99', ir_number: '99', territory_count: 2, designations: ['EM', 'US'] });
    expect(row.status).toMatchObject({ primary: 'active', stage: 'registered', basis: 'computed', raw: null });
  });
});

describe('IR families over HTTP', () => {
  let f: HttpFixture;
  beforeAll(async () => {
    f = await startHttp();
    await load(f.tmp.ctx);
  }, 60_000);
  afterAll(async () => f.close());

  it('GET /v1/trademarks/{id}/family: mixed status, union of challenges, territories, expiry from the designations', async () => {
    const res = await f.call('/v1/trademarks/US:79366581/family');
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body).toMatchObject({ object: 'trademark_family', ir_number: '1722108' });
    expect(body.family.status).toEqual({ primary: 'mixed', stage: 'mixed', reason: null, challenges: ['opposition'], effective_date: null, basis: 'computed', raw: null });
    expect(body.family).toMatchObject({ office_code: 'WO', territory_count: 3, designations: ['CH', 'EM', 'US'], expiry_date: '2032-12-27' });
    expect(body.legs.map((l: { office_code: string }) => l.office_code)).toEqual(['WO', 'EM', 'US']);
    expect(body.legs.every((l: { territory_count: number }) => l.territory_count === 3)).toBe(true);
    // The same family from any leg, and the designation's own detail counts the territories.
    expect((await json(await f.call('/v1/trademarks/EM:W01722108/family'))).family.id).toBe(body.family.id);
    expect((await json(await f.call('/v1/trademarks/US:79366581'))).territory_count).toBe(3);
  });

  it('every IR-linked row counts the territories, in search, batch and detail; the WO row is the family row', async () => {
    const search = await json(await f.call('/v1/trademarks?q=NITRO%20GLISSERIN'));
    const rows = search.data.filter((r: { ir_number: string | null }) => r.ir_number === '1722108');
    expect(rows.map((r: { office_code: string }) => r.office_code).sort()).toEqual(['EM', 'US', 'WO']);
    expect(rows.every((r: { territory_count: number }) => r.territory_count === 3)).toBe(true);
    const wo = rows.find((r: { office_code: string }) => r.office_code === 'WO');
    expect(wo.status).toMatchObject({ primary: 'mixed', stage: 'mixed', reason: null, basis: 'computed', raw: null, challenges: ['opposition'] });
    expect(wo.expiry_date).toBe('2032-12-27');
    // The WO detail is the same family row; a designation keeps its own office status.
    const detail = await json(await f.call('/v1/trademarks/WO:1722108'));
    expect(detail).toMatchObject({ territory_count: 3, status: { primary: 'mixed' }, expiry_date: '2032-12-27' });
    expect((await json(await f.call('/v1/trademarks/EM:W01722108'))).status.primary).toBe('active');
    const batch = await json(await f.call('/v1/trademarks/batch', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ items: ['US:79366581', { office_code: 'EM', application_number: 'W01722108' }] }) }));
    expect(batch.data.map((r: { territory_count: number }) => r.territory_count)).toEqual([3, 3]);
    // The earlier shape's coverage counts the same territories, in the detail and in /v1/search.
    const earlier = { headers: { 'TM-Shape': 'earlier' } };
    expect((await json(await f.call('/v1/trademarks/US:79366581', earlier))).data.coverage).toMatchObject({ territories: 3, madrid_protocol: true });
    const found = (await json(await f.call('/v1/search?q=NITRO%20GLISSERIN', earlier))).data.results as { office_data: { application_number: string }; coverage: { territories: number | null } }[];
    expect(found.find((r) => r.office_data.application_number === '79366581')!.coverage.territories).toBe(3);
  });

  it('a mark outside any international registration is a 404', async () => {
    await ingestFiles(f.tmp.ctx, ['fixtures/uspto/daily-xml/records/revival-after-98186103.xml']);
    const res = await f.call('/v1/trademarks/US:98186103/family');
    expect(res.status).toBe(404);
    expect((await json(res)).error.detail).toMatch(/belongs to no international registration/);
  });
});

describe('IR families over MCP and the CLI', () => {
  let m: McpFixture;
  beforeAll(async () => {
    m = await mcpFixture(async ({ ctx }) => {
      await load(ctx);
      await ctx.index.sync();
    });
  }, 60_000);
  afterAll(async () => m.close());

  it('get_trademark_family answers the family row', async () => {
    const { call, client } = await m.connect(undefined, 'all');
    const out = await call('get_trademark_family', { id: 'US:79366581' });
    expect(out.isError).toBeFalsy();
    expect((out.structuredContent as { family: { status: { primary: string }; territory_count: number } }).family).toMatchObject({ status: { primary: 'mixed' }, territory_count: 3 });
    // Search rows count the territories too, and the WO row is the family row.
    const found = (await call('search_trademarks', { q: 'NITRO GLISSERIN' })).structuredContent as { data: { office_code: string; territory_count: number | null; status: { primary: string } }[] };
    const legs = found.data.filter((r) => ['WO', 'EM', 'US'].includes(r.office_code));
    expect(legs.map((r) => r.territory_count)).toEqual([3, 3, 3]);
    expect(legs.find((r) => r.office_code === 'WO')!.status.primary).toBe('mixed');
    await client.close();
  });

  it('tm family prints it; a national mark is one line and a non-zero exit', async () => {
    const home = mkdtempSync(join(tmpdir(), 'tm-ir-cli-'));
    const tm = tmCli({ TM_HOME: home, TM_NOW: '2026-11-22T12:00:00.000Z' });
    expect((await tm('ingest', US_66A)).exitCode).toBe(0);
    expect((await tm('ingest', HAND_FILE)).exitCode).toBe(0);
    const out = await tm('family', 'US:79366581', '--json');
    expect(out.exitCode, out.stderr).toBe(0);
    expect(JSON.parse(out.stdout).family).toMatchObject({ territory_count: 3, status: { primary: 'mixed' } });
    const search = await tm('search', 'NITRO GLISSERIN', '--json');
    expect(search.exitCode, search.stderr).toBe(0);
    const rows = (JSON.parse(search.stdout).data as { office_code: string; territory_count: number | null }[]).filter((r) => r.office_code !== 'GB');
    expect(rows.map((r) => [r.office_code, r.territory_count]).sort()).toEqual([['EM', 3], ['US', 3], ['WO', 3]]);
    expect((await tm('ingest', 'fixtures/uspto/daily-xml/records/revival-after-98186103.xml')).exitCode).toBe(0);
    const none = await tm('family', 'US:98186103');
    expect(none.exitCode).not.toBe(0);
    expect(none.stderr.trim().split('\n')).toHaveLength(1);
  }, 60_000);
});
