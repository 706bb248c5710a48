// Plans and limits (spec §7; issue 29.7): an organization's plan gates portfolios, watches,
// alerts, events and saved searches with 403 plan_upgrade_required (the default plan has them all);
// `tm orgs plan` sets it. A merged entity as a search filter is a 410 as in its list. A statement
// time limit on PostgreSQL is a 504 timeout.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { updateOrgPlan } from '../../src/auth/orgs.js';
import { namedPlan } from '../../src/auth/plans.js';
import { TmError } from '../../src/errors.js';
import { openPostgresStore } from '../../src/store/postgres/store.js';
import { makeRecord } from '../helpers/factory.js';
import { createTestDatabase, PG_ENABLED } from '../helpers/pg.js';
import { tmCli } from '../helpers/tm-processes.js';
import { startHttp, type HttpFixture } from './http-fixture.js';
import { mcpFixture, type McpFixture } from './mcp-fixture.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- bodies are checked by the assertions, not by types
const json = async (res: Response): Promise<any> => res.json();

const owned = (n: string, entity: string) =>
  makeRecord({ application_number: n, mark_text: `MARK ${n}`, owners: [{ owner_id: `own_${n}`, entity_id: entity, name: `Owner ${n}`, entity_type: null, nationality: null, role: null, address: null }] });

describe('plans and limits over HTTP', () => {
  let f: HttpFixture;
  beforeAll(async () => {
    f = await startHttp([owned('95000001', 'ent_gone'), owned('95000002', 'ent_kept')]);
  }, 60_000);
  afterAll(async () => f.close());

  it('the default plan has every feature: organization B makes a portfolio and lists watches', async () => {
    const org = await json(await f.call('/v1/organization', { key: f.orgB.all }));
    expect(org.plan).toEqual({ name: 'full', features: ['portfolios', 'watches', 'alerts', 'events', 'saved_searches'] });
    expect((await f.call('/v1/portfolios', { key: f.orgB.all, method: 'POST', body: JSON.stringify({ name: 'b' }) })).status).toBe(201);
    expect((await f.call('/v1/watches', { key: f.orgB.all })).status).toBe(200);
  });

  it('a feature outside the plan is 403 plan_upgrade_required; search and reads still answer', async () => {
    await updateOrgPlan(f.tmp.ctx, f.orgA.id, namedPlan('custom', ['watches']));
    const denied = await f.call('/v1/portfolios', { method: 'POST', body: JSON.stringify({ name: 'a' }) });
    expect(denied.status).toBe(403);
    const body = await json(denied);
    expect(body.error).toMatchObject({ type: 'plan_upgrade_required', status: 403, retryable: false, feature: 'portfolios' });
    expect((await f.call('/v1/events')).status).toBe(403);
    expect((await f.call('/v1/watches')).status).toBe(200);
    expect((await f.call('/v1/trademarks?q=mark')).status).toBe(200);
    expect((await json(await f.call('/v1/organization'))).plan).toEqual({ name: 'custom', features: ['watches'] });
    await updateOrgPlan(f.tmp.ctx, f.orgA.id, namedPlan('full', undefined));
    expect((await f.call('/v1/events')).status).toBe(200);
  });

  it('a merged entity as a search filter answers 410 with merged_into, as its list does', async () => {
    await f.tmp.ctx.store.entities.merge('ent_gone', 'ent_kept', '2026-11-22T12:00:00.000Z');
    for (const path of ['/v1/entities/ent_gone/trademarks', '/v1/trademarks?entity_id=ent_gone']) {
      const res = await f.call(path);
      expect(res.status).toBe(410);
      expect((await json(res)).error).toMatchObject({ type: 'entity_merged', merged_into: 'ent_kept' });
    }
    const kept = await json(await f.call('/v1/trademarks?entity_id=ent_kept'));
    expect(kept.data.map((d: { application_number: string }) => d.application_number).sort()).toEqual(['95000001', '95000002']);
  });
});

describe('plans over MCP', () => {
  let m: McpFixture;
  beforeAll(async () => {
    m = await mcpFixture(async ({ ctx }) => ctx.index.sync());
  });
  afterAll(async () => m.close());

  it('a tool outside the plan is an error naming plan_upgrade_required; search answers', async () => {
    await updateOrgPlan(m.tmp.ctx, m.seeded.orgA, namedPlan('search', undefined));
    const { call, client } = await m.connect(undefined, 'all');
    const denied = await call('list_events', {});
    expect(denied.isError).toBe(true);
    expect(JSON.stringify(denied.structuredContent ?? denied.content)).toContain('plan_upgrade_required');
    expect((await call('search_trademarks', { q: 'acme' })).isError).toBeFalsy();
    await client.close();
  });
});

describe('tm orgs plan', () => {
  const home = mkdtempSync(join(tmpdir(), 'tm-plans-'));
  const tm = tmCli({ TM_HOME: home, TM_NOW: '2026-11-22T12:00:00.000Z' });

  it('sets full, search or custom with --features; a bad plan exits non-zero naming it', async () => {
    const org = JSON.parse((await tm('orgs', 'create', 'Acme', '--json')).stdout);
    expect(org.plan.name).toBe('full');
    const custom = JSON.parse((await tm('orgs', 'plan', org.id, 'custom', '--features', 'portfolios,alerts', '--json')).stdout);
    expect(custom.plan).toEqual({ name: 'custom', features: ['portfolios', 'alerts'] });
    const search = JSON.parse((await tm('orgs', 'plan', org.id, 'search', '--json')).stdout);
    expect(search.plan).toEqual({ name: 'search', features: [] });
    const listed = JSON.parse((await tm('orgs', 'list', '--json')).stdout);
    expect(JSON.stringify(listed)).toContain('"name":"search"');
    const bad = await tm('orgs', 'plan', org.id, 'gold');
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toMatch(/plan/);
    const noFeatures = await tm('orgs', 'plan', org.id, 'custom');
    expect(noFeatures.exitCode).toBe(2);
    expect(noFeatures.stderr).toMatch(/features/);
  });
});

describe.runIf(PG_ENABLED)('504 timeout on PostgreSQL', () => {
  it('a query past the statement time limit is a retryable 504 timeout', async () => {
    const db = await createTestDatabase();
    const url = new URL(db.url);
    url.searchParams.set('options', '-c statement_timeout=50');
    const store = openPostgresStore(url.toString());
    try {
      const err = await store.pg.query('SELECT pg_sleep(2)').catch((e: unknown) => e);
      expect(err).toBeInstanceOf(TmError);
      expect(err).toMatchObject({ type: 'timeout', status: 504, retryable: true });
    } finally {
      await store.close();
      await db.drop();
    }
  });
});
