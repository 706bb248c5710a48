// Office-coverage voting on every surface: organizations vote over HTTP with their own keys and
// read the totals (one vote per organization, test mode apart, production offices refused), an
// agent votes through MCP, and on the machine holding the store `tm offices vote --org`.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueApiKey } from '../../src/auth/keys.js';
import { tmCli } from '../helpers/tm-processes.js';
import { startHttp as startApi, type HttpFixture } from './http-fixture.js';
import { mcpFixture, type McpFixture } from './mcp-fixture.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- bodies are checked by the assertions, not by types
const json = async (res: Response): Promise<any> => res.json();

describe('office-coverage votes over HTTP', () => {
  let f: HttpFixture;
  beforeAll(async () => {
    f = await startApi();
  }, 60_000);
  afterAll(async () => f.close());
  const vote = (body: unknown, key?: string) => f.call('/v1/offices/votes', { method: 'POST', body: JSON.stringify(body), key });

  it('counts one vote per organization and office, and tells each caller whether it voted', async () => {
    expect(await json(await vote({ office: 'CN', note: 'clients in Shenzhen' }))).toMatchObject({ object: 'office_vote', office_code: 'CN', votes: 1, note: 'clients in Shenzhen' });
    expect(await json(await vote({ office: 'cn' }))).toMatchObject({ votes: 1, note: null });
    expect(await json(await vote({ office: 'CN' }, f.orgB.all))).toMatchObject({ votes: 2 });
    expect((await vote({ office: 'BR' }, f.orgB.all)).status).toBe(201);
    const totals = await json(await f.call('/v1/offices/votes'));
    expect(totals.data.map((d: { office_code: string; votes: number; voted: boolean }) => [d.office_code, d.votes, d.voted])).toEqual([
      ['CN', 2, true],
      ['BR', 1, false],
    ]);
    // A test-mode key votes and reads apart from live mode.
    expect((await json(await f.call('/v1/offices/votes', { key: f.orgA.test }))).data).toEqual([]);
  });

  it('withdraws a vote; refuses a production office, an unknown code, another organization and a read-only key', async () => {
    expect((await f.call('/v1/offices/votes/BR', { method: 'DELETE', key: f.orgB.all })).status).toBe(200);
    expect((await f.call('/v1/offices/votes/BR', { method: 'DELETE', key: f.orgB.all })).status).toBe(404);
    const us = await vote({ office: 'US' });
    expect(us.status).toBe(400);
    expect((await json(us)).error.detail).toMatch(/US \(United States Patent and Trademark Office\) is already covered/);
    expect((await vote({ office: 'QQ' })).status).toBe(400);
    expect((await vote({ office: 'CN', org: f.orgB.id })).status).toBe(403);
    expect((await vote({ office: 'CN' }, f.orgA.read)).status).toBe(403);
  });
});

describe('office-coverage votes over MCP', () => {
  let m: McpFixture;
  beforeAll(async () => {
    m = await mcpFixture();
  });
  afterAll(async () => m.close());

  it('votes through vote_for_office and reads list_office_votes', async () => {
    const key = (await issueApiKey(m.tmp.ctx, { orgId: m.seeded.orgA, scopes: ['trademarks:read', 'portfolios:manage'], livemode: true })).secret;
    const { client, call } = await m.connect(key);
    expect((await call('vote_for_office', { office: 'IN' })).structuredContent).toMatchObject({ office_code: 'IN', votes: 1 });
    expect((await call('list_office_votes', {})).structuredContent).toMatchObject({ data: [{ office_code: 'IN', votes: 1, voted: true }] });
    expect((await call('vote_for_office', { office: 'EM' })).isError).toBe(true);
    await client.close();
  });
});

describe('office-coverage votes on the CLI', () => {
  const home = mkdtempSync(join(tmpdir(), 'tm-votes-'));
  const env = { TM_HOME: home, TM_NOW: '2026-11-22T12:00:00.000Z' };
  const tm = tmCli(env);

  it('tm offices vote --org records a vote and tm offices votes reads the totals; no --org is one line and exit 2', async () => {
    const org = JSON.parse((await tm('orgs', 'create', 'Acme Legal', '--json')).stdout).id as string;
    expect(JSON.parse((await tm('offices', 'vote', 'MX', '--org', org, '--note', 'Mexican filings', '--json')).stdout)).toMatchObject({ office_code: 'MX', org_id: org });
    expect(JSON.parse((await tm('offices', 'votes', '--json')).stdout).data).toMatchObject([{ office_code: 'MX', votes: 1 }]);
    const bare = await tm('offices', 'vote', 'MX');
    expect(bare.exitCode).toBe(2);
    expect(bare.stderr.trim().split('\n')).toHaveLength(1);
    expect(bare.stderr).toMatch(/name the organization that votes/);
  }, 60_000);
});
