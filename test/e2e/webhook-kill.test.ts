// Crash safety of delivery with a real `tm serve`: the server is killed with SIGKILL while its
// deliveries hang at the receiver, then started again. Every event reaches the receiver (which
// verifies with the official library) at least once, the interrupted ones with the same webhook-id.
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

const serve = async (): Promise<ChildProcess> => {
  const child = spawn(process.execPath, ['bin/tm.js', 'serve', '--port', '0', '--workers', '1', '--access-log', 'off', '--allow-private-webhooks'], {
    env: { ...process.env, TM_DB: db },
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
        ids.push(recordEvent(ctx.store, { orgId: LOCAL_ORG, type: 'alert.created', trademarkId: null, portfolios: [], at, data: () => ({ alert_id: `alr_${i}` }) })!.id);
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
});
