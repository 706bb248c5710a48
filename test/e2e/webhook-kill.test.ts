// Crash safety of delivery with a real `tm serve`: the server is killed with SIGKILL while its
// deliveries hang at the receiver, then started again. Every event reaches the receiver (which
// verifies with the official library) at least once, the interrupted ones with the same webhook-id.
// Attempt numbers are honest (issue 30): a claimed attempt is in the log before its POST, a killed
// one is marked `interrupted` on recovery, and the re-post is the same attempt on the same step of
// the retry schedule.
import Database from 'better-sqlite3';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { closeContext, createContext } from '../../src/context.js';
import { recordEvent } from '../../src/monitor/ledger.js';
import { LOCAL_ORG } from '../../src/monitor/org.js';
import { createWebhook } from '../../src/ops/webhooks/create-webhook.js';
import { startReceiver } from '../helpers/webhook-receiver.js';

const dir = mkdtempSync(join(tmpdir(), 'tm-kill-'));
const db = join(dir, 'tm.db');
const EVENTS = 20;
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const serve = async (store = db): Promise<ChildProcess> => {
  const child = spawn(process.execPath, ['bin/tm.js', 'serve', '--port', '0', '--workers', '1', '--access-log', 'off', '--allow-private-webhooks'], {
    env: { ...process.env, TM_DB: store },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('listening on')) resolve();
    });
    child.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`tm serve exited ${code}: ${out}`)));
  });
  return child;
};

const exited = (child: ChildProcess): Promise<NodeJS.Signals | null> =>
  child.exitCode !== null || child.signalCode !== null ? Promise.resolve(child.signalCode) : new Promise((resolve) => child.once('exit', (_code, signal) => resolve(signal)));

describe('delivery survives SIGKILL', () => {
  it('re-posts interrupted deliveries with the same webhook-id after a restart; no event is lost', { timeout: 180_000 }, async () => {
    const rx = await startReceiver();
    const ctx = createContext({ db });
    ctx.config.allowPrivateWebhooks = true;
    const ids: string[] = [];
    try {
      const ep = await createWebhook.run(ctx, createWebhook.input.parse({ url: rx.url, enabled_events: ['alert.created'] }));
      rx.secrets = [ep.secret];
      for (let i = 0; i < EVENTS; i++) {
        const at = new Date().toISOString();
        ids.push((await recordEvent(ctx.store, { orgId: LOCAL_ORG, type: 'alert.created', trademarkId: null, portfolios: [], at, data: () => ({ alert_id: `alr_${i}` }) }))!.id);
      }
    } finally {
      await closeContext(ctx);
    }

    rx.mode = 'hang';
    const first = await serve();
    await rx.waitFor(1);
    await new Promise((r) => setTimeout(r, 300)); // let the worker put several deliveries in flight
    first.kill('SIGKILL');
    expect(await exited(first)).toBe('SIGKILL');
    const interrupted = [...new Set(rx.received.map((r) => String(r.headers['webhook-id'])))];
    expect(interrupted.length).toBeGreaterThan(0);

    rx.mode = 'ok';
    const second = await serve();
    try {
      const deadline = Date.now() + 60_000;
      const delivered = (): Set<string> => new Set(rx.received.filter((r) => r.verified && r.headers['webhook-id']).map((r) => String(r.headers['webhook-id'])));
      while (delivered().size < EVENTS && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
      expect([...delivered()].sort()).toEqual([...ids].sort());
      // The interrupted ones came again, under the same ids, and verified.
      for (const id of interrupted) {
        expect(rx.received.filter((r) => r.headers['webhook-id'] === id).length).toBeGreaterThanOrEqual(2);
      }
    } finally {
      second.kill('SIGTERM');
      await exited(second);
      await rx.close();
    }
  });

  it('records the claimed attempt before the POST; a kill marks it interrupted, uncounted, and the re-post is the same attempt', { timeout: 180_000 }, async () => {
    const store = join(dir, 'attempts.db');
    const rx = await startReceiver();
    const ctx = createContext({ db: store });
    ctx.config.allowPrivateWebhooks = true;
    try {
      const ep = await createWebhook.run(ctx, createWebhook.input.parse({ url: rx.url, enabled_events: ['alert.created'] }));
      rx.secrets = [ep.secret];
      for (let i = 0; i < 6; i++) {
        await recordEvent(ctx.store, { orgId: LOCAL_ORG, type: 'alert.created', trademarkId: null, portfolios: [], at: new Date().toISOString(), data: () => ({ alert_id: `alr_${i}` }) });
      }
    } finally {
      await closeContext(ctx);
    }
    const read = new Database(store, { readonly: true });
    type Attempt = { delivery_id: string; event_id: string; attempt: number; status: string; response_code: number | null; error: string | null; at: string };
    const attemptsOf = (eventId: string): Attempt[] => read.prepare('SELECT * FROM webhook_attempts WHERE event_id = ? ORDER BY seq').all(eventId) as Attempt[];
    const delivery = (eventId: string) => read.prepare('SELECT attempts, state, next_attempt_at FROM webhook_deliveries WHERE event_id = ?').get(eventId) as { attempts: number; state: string; next_attempt_at: string };

    rx.mode = 'hang';
    const first = await serve(store);
    await rx.waitFor(1);
    await new Promise((r) => setTimeout(r, 300));
    const posted = [...new Set(rx.received.map((r) => String(r.headers['webhook-id'])))];
    // Every request the receiver holds was claimed, and logged as attempt 1, before it was sent.
    for (const id of posted) expect(attemptsOf(id)).toMatchObject([{ attempt: 1, status: 'in_flight', response_code: null }]);
    first.kill('SIGKILL');
    expect(await exited(first)).toBe('SIGKILL');

    rx.mode = 'fail500';
    const second = await serve(store);
    try {
      const deadline = Date.now() + 60_000;
      const reposted = (): boolean => posted.every((id) => rx.received.filter((r) => r.headers['webhook-id'] === id).length >= 2);
      while (!reposted() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      expect(reposted()).toBe(true);
    } finally {
      second.kill('SIGTERM');
      await exited(second);
      await rx.close();
    }
    try {
      for (const id of posted) {
        const [killed, again, ...later] = attemptsOf(id);
        expect(killed).toMatchObject({ attempt: 1, status: 'interrupted', response_code: null, error: expect.stringMatching(/^interrupted: the delivering process .* stopped during the attempt$/) });
        // The re-post is attempt 1 again, by header and in the log; it failed (500) and counts.
        expect(again).toMatchObject({ attempt: 1, status: 'failed', response_code: 500 });
        expect(rx.received.filter((r) => r.headers['webhook-id'] === id).map((r) => r.headers['webhook-attempt']).slice(0, 2)).toEqual(['1', '1']);
        const d = delivery(id);
        expect(d.attempts).toBe(1 + later.length);
        // Its retry waits the first step of the schedule (5 s ± 10 %), not the second (5 min).
        const retryAfter = (later.length ? Date.parse(later[0]!.at) : Date.parse(d.next_attempt_at)) - Date.parse(again!.at);
        expect(retryAfter).toBeGreaterThanOrEqual(4_400);
        expect(retryAfter).toBeLessThan(later.length ? 30_000 : 5_600);
      }
    } finally {
      read.close();
    }
  });
});
