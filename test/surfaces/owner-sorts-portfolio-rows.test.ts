// The owners list's sorts (spec §4.2: canonical_name, updated_at; issue 29.9) and portfolio member
// rows in the §2.6 trademark-row shape (issue 29.10), over HTTP, MCP and the CLI.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entityKey } from '../../src/core/entity-key.js';
import { makeRecord } from '../helpers/factory.js';
import { tmCli } from '../helpers/tm-processes.js';
import { FIXTURES, startHttp, type HttpFixture } from './http-fixture.js';
import { mcpFixture, type McpFixture } from './mcp-fixture.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- bodies are checked by the assertions, not by types
const json = async (res: Response): Promise<any> => res.json();
const names = (body: { data: { name: string }[] }) => body.data.map((d) => d.name);

describe('owner sorts and portfolio rows over HTTP', () => {
  let f: HttpFixture;
  beforeAll(async () => {
    f = await startHttp();
  }, 60_000);
  afterAll(async () => f.close());

  it('GET /v1/owners?sort=canonical_name orders by the name with legal form and case aside; - reverses', async () => {
    const asc = await json(await f.call('/v1/owners?q=celanese&sort=canonical_name&limit=100'));
    expect(asc.data.length).toBeGreaterThanOrEqual(3);
    const keys = names(asc).map(entityKey);
    expect(keys).toEqual([...keys].sort());
    const desc = await json(await f.call('/v1/owners?q=celanese&sort=-canonical_name&limit=100'));
    expect(names(desc).map(entityKey)).toEqual([...keys].reverse());
  });

  it('GET /v1/owners?sort=-updated_at puts the owner of the latest changed mark first', async () => {
    const before = await json(await f.call('/v1/owners?q=celanese&limit=100'));
    const last = before.data[before.data.length - 1];
    // A later change to a mark of the owner ranked last by relevance.
    await f.tmp.ctx.store.trademarks.upsert(
      [makeRecord({ application_number: '99999001', mark_text: 'CELANESE NEW', owners: [{ owner_id: last.id, entity_id: null, name: last.name, entity_type: null, nationality: null, role: null, address: null }] })],
      '2026-11-25T00:00:00.000Z',
    );
    const desc = await json(await f.call('/v1/owners?q=celanese&sort=-updated_at&limit=100'));
    expect(desc.data[0].id).toBe(last.id);
    const asc = await json(await f.call('/v1/owners?q=celanese&sort=updated_at&limit=100'));
    expect(asc.data[asc.data.length - 1].id).toBe(last.id);
    const bad = await f.call('/v1/owners?q=celanese&sort=name');
    expect(bad.status).toBe(400);
    expect((await json(bad)).error.type).toBe('validation_error');
  });

  it('GET /v1/portfolios/{id} lists members as full trademark rows with external_ref', async () => {
    const mark = (await json(await f.call('/v1/trademarks?office=US&application_number=72029003'))).data[0];
    const created = await json(await f.call('/v1/portfolios', { method: 'POST', body: JSON.stringify({ name: 'rows' }) }));
    const added = await f.call(`/v1/portfolios/${created.id}/marks`, { method: 'POST', body: JSON.stringify({ trademark_ids: [{ id: mark.id, external_ref: 'REF-1' }] }) });
    expect(added.status).toBeLessThan(300);
    const detail = await json(await f.call(`/v1/portfolios/${created.id}`));
    expect(detail.marks).toHaveLength(1);
    const row = detail.marks[0];
    expect(row).toMatchObject({ id: mark.id, object: 'trademark', trademark_id: mark.id, external_ref: 'REF-1', application_number: '72029003' });
    expect(row.status).toMatchObject({ primary: mark.status.primary, stage: mark.status.stage });
    expect(row.derived).toEqual(mark.derived);
    expect(typeof row.added_at).toBe('string');
    // Every field of the search row is there, with the same values.
    for (const key of Object.keys(mark).filter((k) => k !== 'relevance_score' && k !== 'match')) expect(row[key]).toEqual(mark[key]);
  });
});

describe('owner sorts and portfolio rows over MCP', () => {
  let m: McpFixture;
  beforeAll(async () => {
    m = await mcpFixture(async ({ ctx }) => {
      await ctx.store.trademarks.upsert(
        [
          makeRecord({ application_number: '97000001', mark_text: 'ZETA', owners: [{ owner_id: 'own_b', entity_id: null, name: 'Acme Zeta Inc.', entity_type: null, nationality: null, role: null, address: null }] }),
          makeRecord({ application_number: '97000002', mark_text: 'ALPHA', owners: [{ owner_id: 'own_a', entity_id: null, name: 'ACME ALPHA GMBH', entity_type: null, nationality: null, role: null, address: null }] }),
        ],
        '2026-11-20T00:00:00.000Z',
      );
    });
  });
  afterAll(async () => m.close());

  it('search_owners takes sort=canonical_name', async () => {
    const { call, client } = await m.connect(undefined, 'all');
    const out = (await call('search_owners', { q: 'acme', sort: 'canonical_name' })).structuredContent as { data: { name: string }[] };
    const keys = out.data.map((d) => entityKey(d.name));
    expect(keys.length).toBeGreaterThanOrEqual(2);
    expect(keys).toEqual([...keys].sort());
    await client.close();
  });
});

describe('owner sorts and portfolio rows on the CLI', () => {
  const home = mkdtempSync(join(tmpdir(), 'tm-owner-sorts-'));
  const tm = tmCli({ TM_HOME: home, TM_NOW: '2026-11-22T12:00:00.000Z' });
  beforeAll(async () => {
    expect((await tm('ingest', ...FIXTURES)).exitCode).toBe(0);
  }, 60_000);

  it('tm owners search celanese --sort -canonical_name', async () => {
    const out = JSON.parse((await tm('owners', 'search', 'celanese', '--sort', '-canonical_name', '--json')).stdout);
    const keys = names(out).map(entityKey);
    expect(keys).toEqual([...keys].sort().reverse());
  });

  it('tm portfolios show lists member rows with status objects', async () => {
    const created = JSON.parse((await tm('portfolios', 'create', 'cli-rows', '--json')).stdout);
    expect((await tm('portfolios', 'add', created.id, 'US:72029003')).exitCode).toBe(0);
    const shown = JSON.parse((await tm('portfolios', 'show', created.id, '--json')).stdout);
    expect(shown.marks[0]).toMatchObject({ object: 'trademark', application_number: '72029003', status: { primary: expect.any(String) } });
    expect(shown.marks[0].derived).toBeDefined();
  });
});
