// `tm feeds create|list|revoke` through the real CLI (bin/tm.js), then the feed URL served by
// `tm serve`'s HTTP server over the same store with no API key: a calendar app's subscription.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeContext, createContext, type Context } from '../../src/context.js';
import { createHttpServer, type HttpServer } from '../../src/http/server.js';
import { makeRecord } from '../helpers/factory.js';
import { tmCli } from '../helpers/tm-processes.js';
import { storeLocation } from '../helpers/test-backend.js';

const NOW = '2026-11-22T12:00:00.000Z';
const dir = mkdtempSync(join(tmpdir(), 'tm-cli-feeds-'));
const db = storeLocation(dir);
const tm = tmCli({ TM_DB: db, TM_NOW: NOW });
let ctx: Context;
let server: HttpServer;
let base: string;

beforeAll(async () => {
  ctx = createContext({ db, now: NOW });
  const mark = makeRecord({ application_number: '97000001', mark_text: 'FEEDMARK', filing_date: '2016-05-01', registration_date: '2017-06-06', registration_number: '5200001', status: { primary: 'active', stage: 'registered' } });
  await ctx.store.trademarks.upsert([mark], NOW);
  server = createHttpServer({ context: ctx, accessLog: 'off' });
  base = (await server.listen(0, '127.0.0.1')).url;
});
afterAll(async () => {
  await server.shutdown();
  await closeContext(ctx);
  rmSync(dir, { recursive: true, force: true });
});

describe('tm feeds', () => {
  it('creates a feed whose URL tm serve answers without a key, lists it without the token, revokes it', { timeout: 60_000 }, async () => {
    const created = await tm('feeds', 'create', '--office', 'US', '--name', 'Docket', '--json');
    expect(created.exitCode, created.stderr).toBe(0);
    const feed = JSON.parse(created.stdout) as { id: string; token: string; url: string };
    expect(feed.url).toBe(`/v1/deadlines.ics?token=${feed.token}`);

    const res = await fetch(`${base}${feed.url}`);
    expect(res.status).toBe(200);
    expect(await res.text()).toMatch(/BEGIN:VCALENDAR[\s\S]*BEGIN:VEVENT/);

    const listed = await tm('feeds', 'list');
    expect(listed.exitCode).toBe(0);
    expect(listed.stdout).toContain(feed.id);
    expect(listed.stdout).not.toContain(feed.token);

    const revoked = await tm('feeds', 'revoke', feed.id, '--json');
    expect(revoked.exitCode).toBe(0);
    expect(JSON.parse(revoked.stdout)).toMatchObject({ id: feed.id, status: 'revoked' });
    expect((await fetch(`${base}${feed.url}`)).status).toBe(401);
  });

  it('refuses a bad filter in one line with a non-zero exit, saving nothing', async () => {
    const bad = await tm('feeds', 'create', '--urgency', 'soonish');
    expect(bad.exitCode).not.toBe(0);
    expect(bad.stderr.trim().split('\n')[0]).toMatch(/urgency/);
    const list = JSON.parse((await tm('feeds', 'list', '--json')).stdout) as { data: { status: string }[] };
    expect(list.data.every((d) => d.status === 'revoked')).toBe(true);
  });
});
