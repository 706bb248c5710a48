// payload_version per organization (spec §9.2; issue 29.4): PATCH /v1/organization and
// `tm orgs update <org> --payload-version N` set it; events recorded afterwards carry it, and
// stored events keep the version they were recorded with.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordEvent } from '../../src/monitor/ledger.js';
import { tmCli } from '../helpers/tm-processes.js';
import { startHttp, type HttpFixture } from './http-fixture.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- bodies are checked by the assertions, not by types
const json = async (res: Response): Promise<any> => res.json();

describe('payload_version over HTTP', () => {
  let f: HttpFixture;
  beforeAll(async () => {
    f = await startHttp();
  }, 60_000);
  afterAll(async () => f.close());

  const record = (n: number) =>
    recordEvent(f.tmp.ctx.store, { orgId: f.orgA.id, type: 'alert.created', trademarkId: null, portfolios: [], at: `2026-11-22T11:0${n}:00.000Z`, data: (v) => ({ alert_id: `alr_${n}`, seen: v }) });

  it('PATCH /v1/organization sets 1 or 2; new events carry it, stored ones keep theirs', async () => {
    expect((await json(await f.call('/v1/organization'))).payload_version).toBe(2);
    await record(1);
    const patched = await f.call('/v1/organization', { method: 'PATCH', body: JSON.stringify({ payload_version: 1 }) });
    expect(patched.status).toBe(200);
    expect(await json(patched)).toMatchObject({ object: 'organization', id: f.orgA.id, payload_version: 1 });
    expect((await json(await f.call('/v1/organization'))).payload_version).toBe(1);
    // Another organization is untouched.
    expect((await json(await f.call('/v1/organization', { key: f.orgB.all }))).payload_version).toBe(2);
    await record(2);
    const events = await json(await f.call('/v1/events'));
    const versions = events.data.map((e: { payload_version: number; data: { seen: number } }) => [e.payload_version, e.data.seen]);
    expect(versions).toHaveLength(2);
    expect(versions).toEqual(expect.arrayContaining([[2, 2], [1, 1]]));
  });

  it('answers 400 for another version, an empty body, or a key without api-keys:manage', async () => {
    const three = await f.call('/v1/organization', { method: 'PATCH', body: JSON.stringify({ payload_version: 3 }) });
    expect(three.status).toBe(400);
    expect((await json(three)).error.detail).toMatch(/payload_version/);
    const empty = await f.call('/v1/organization', { method: 'PATCH', body: '{}' });
    expect(empty.status).toBe(400);
    const readOnly = await f.call('/v1/organization', { key: f.orgA.read, method: 'PATCH', body: JSON.stringify({ payload_version: 2 }) });
    expect(readOnly.status).toBe(403);
  });
});

describe('tm orgs update --payload-version', () => {
  const home = mkdtempSync(join(tmpdir(), 'tm-payload-'));
  const tm = tmCli({ TM_HOME: home, TM_NOW: '2026-11-22T12:00:00.000Z' });

  it('sets the version; 3 exits 2 naming the flag', async () => {
    const org = JSON.parse((await tm('orgs', 'create', 'Acme', '--json')).stdout);
    expect(org.payload_version).toBe(2);
    const out = JSON.parse((await tm('orgs', 'update', org.id, '--payload-version', '1', '--json')).stdout);
    expect(out.payload_version).toBe(1);
    const bad = await tm('orgs', 'update', org.id, '--payload-version', '3');
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toMatch(/payload.version/);
  });
});
