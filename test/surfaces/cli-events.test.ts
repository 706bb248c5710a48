// `tm events` on a real store: lists the local organization's ledger, filters by type, refuses a
// bad type naming the allowed set, and --follow prints an event recorded while it waits.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeContext, createContext } from '../../src/context.js';
import { LOCAL_ORG } from '../../src/monitor/org.js';
import { recordEvent } from '../../src/monitor/ledger.js';
import { tmCli, tmSpawn } from '../helpers/tm-processes.js';
import { storeLocation } from '../helpers/test-backend.js';

const dir = mkdtempSync(join(tmpdir(), 'tm-cli-events-'));
const db = storeLocation(dir);
const env = { TM_DB: db, TM_NOW: '2026-11-22T12:00:00.000Z' };
const tm = tmCli(env);

const record = async (type: 'alert.created' | 'trademark.status_changed', orgId = LOCAL_ORG): Promise<string> => {
  const ctx = createContext({ db, now: env.TM_NOW });
  try {
    return (await recordEvent(ctx.store, { orgId, type, trademarkId: 'tm_abc', portfolios: [], at: env.TM_NOW, data: () => ({ trademark_id: 'tm_abc' }) }))!.id;
  } finally {
    await closeContext(ctx);
  }
};

beforeAll(async () => {
  await record('alert.created');
  await record('trademark.status_changed');
  await record('alert.created', 'org_other');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('tm events', () => {
  it('lists the local organization ledger, one line per event, and filters by type', async () => {
    const all = await tm('events');
    expect(all.exitCode).toBe(0);
    expect(all.stdout.split('\n')).toHaveLength(2);
    const only = await tm('events', '--type', 'trademark.status_changed', '--json');
    const lines = only.stdout.split('\n').map((l) => JSON.parse(l) as { type: string; payload_version: number });
    expect(lines).toEqual([expect.objectContaining({ type: 'trademark.status_changed', payload_version: 2 })]);
  });

  it('refuses an unknown type with the allowed set', async () => {
    const r = await tm('events', '--type', 'trademark.updated');
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/alert\.created.*trademark\.status_changed.*office_action\.issued/);
  });

  it('--follow prints events recorded after it started', async () => {
    const child = tmSpawn(env, 'events', '--follow', '--interval', '100', '--json');
    const seen: string[] = [];
    let added: string | null = null;
    await new Promise<void>((resolve) => {
      child.stdout!.on('data', (chunk: Buffer) => {
        seen.push(...chunk.toString().trim().split('\n'));
        if (seen.length === 2 && !added) void record('alert.created').then((id) => (added = id));
        if (added && seen.some((l) => l.includes(added!))) resolve();
      });
    });
    child.kill('SIGINT');
    const r = await child;
    expect(r.exitCode).toBe(0);
    expect(seen).toHaveLength(3);
  });
});
