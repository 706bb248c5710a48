// `tm webhooks create|list|update|test|rotate|deliveries|redeliver` through the real CLI (execa on
// bin/tm.js) against a real receiver that verifies every post with the official `standardwebhooks`
// package: the secret shown once, a rotation that signs with both secrets, the attempt log,
// redelivery under the same webhook-id, and bad input as one readable line with a non-zero exit.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeContext, createContext } from '../../src/context.js';
import { recordEvent } from '../../src/monitor/ledger.js';
import { LOCAL_ORG } from '../../src/monitor/org.js';
import { tmCli } from '../helpers/tm-processes.js';
import { startReceiver, type Receiver } from '../helpers/webhook-receiver.js';
import { storeLocation } from '../helpers/test-backend.js';

const dir = mkdtempSync(join(tmpdir(), 'tm-cli-webhooks-'));
const db = storeLocation(dir);
// The real clock: the receiver checks each signed timestamp against its own. Loopback is private.
const tm = tmCli({ TM_DB: db, TM_ALLOW_PRIVATE_WEBHOOKS: '1' });
let rx: Receiver;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- CLI JSON is checked field by field below
const json = (stdout: string): Record<string, any> => JSON.parse(stdout) as Record<string, any>;

beforeAll(async () => {
  rx = await startReceiver();
});
afterAll(async () => {
  await rx.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('tm webhooks', () => {
  it('creates, lists, updates, tests, rotates, lists attempts and redelivers', { timeout: 120_000 }, async () => {
    const created = await tm('webhooks', 'create', '--url', rx.url, '--event', 'alert.created', '--json');
    expect(created.exitCode).toBe(0);
    const endpoint = json(created.stdout);
    expect(endpoint).toMatchObject({ object: 'webhook_endpoint', url: rx.url, enabled_events: ['alert.created'], enabled: true });
    expect(endpoint.secret).toMatch(/^whsec_/);
    const id = endpoint.id as string;

    const listed = await tm('webhooks', 'list', '--json');
    expect(json(listed.stdout).data.map((e: { id: string }) => e.id)).toEqual([id]);
    expect(listed.stdout).not.toContain(endpoint.secret);

    const updated = json((await tm('webhooks', 'update', id, '--event', 'alert.created', '--event', 'trademark.status_changed', '--description', 'docketing', '--json')).stdout);
    expect(updated).toMatchObject({ enabled_events: ['alert.created', 'trademark.status_changed'], description: 'docketing' });

    rx.secrets = [endpoint.secret];
    const tested = await tm('webhooks', 'test', id, '--json');
    expect(tested.exitCode).toBe(0);
    expect(json(tested.stdout)).toMatchObject({ object: 'webhook_test', success: true, response_status: 204 });
    expect(rx.received).toHaveLength(1);
    expect(rx.received[0]!.verified).toBe(true);
    expect(JSON.parse(rx.received[0]!.body)).toMatchObject({ type: 'webhook.test' });

    // Rotation: during the overlap each post carries two v1 signatures, one per secret.
    const rotated = json((await tm('webhooks', 'rotate', id, '--json')).stdout);
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(rotated.secret).not.toBe(endpoint.secret);
    expect(rotated.rotation_ends_at).not.toBeNull();
    rx.secrets = [rotated.secret];
    expect(json((await tm('webhooks', 'test', id, '--json')).stdout).success).toBe(true);
    const second = rx.received[1]!;
    expect(String(second.headers['webhook-signature']).split(' ')).toHaveLength(2);
    for (const secret of [endpoint.secret, rotated.secret]) {
      expect(() => new Webhook(secret).verify(second.body, second.headers as Record<string, string>)).not.toThrow();
    }

    const attempts = await tm('webhooks', 'deliveries', id, '--json');
    expect(json(attempts.stdout).data.map((a: { status: string; response_code: number }) => [a.status, a.response_code])).toEqual([['succeeded', 204], ['succeeded', 204]]);

    // A real event through `tm deliver --once`, then redelivered under the same webhook-id.
    const ctx = createContext({ db });
    const event = (await recordEvent(ctx.store, { orgId: LOCAL_ORG, type: 'alert.created', trademarkId: null, portfolios: [], at: new Date().toISOString(), data: () => ({ alert_id: 'alr_cli' }) }))!;
    await closeContext(ctx);
    expect((await tm('deliver', '--once')).exitCode).toBe(0);
    expect((await tm('webhooks', 'redeliver', id, '--event', event.id, '--json')).exitCode).toBe(0);
    expect((await tm('deliver', '--once')).exitCode).toBe(0);
    const posts = rx.received.filter((r) => r.headers['webhook-id'] === event.id);
    expect(posts).toHaveLength(2);
    expect(posts.every((r) => r.verified)).toBe(true);
  });

  it('refuses bad input with one readable line and a non-zero exit', { timeout: 120_000 }, async () => {
    const badType = await tm('webhooks', 'create', '--url', rx.url, '--event', 'trademark.updated');
    expect(badType.exitCode).toBe(2);
    expect(badType.stderr.trim().split('\n')).toHaveLength(1);
    expect(badType.stderr).toContain('alert.created, trademark.status_changed, office_action.issued');

    const metadata = await tm('webhooks', 'create', '--url', 'http://169.254.169.254/latest', '--event', 'alert.created');
    expect(metadata.exitCode).toBe(2);
    expect(metadata.stderr).toMatch(/link-local|metadata/);

    const missing = await tm('webhooks', 'test', 'wh_000000000000000000000000');
    expect(missing.exitCode).toBe(3);
    const wrongPrefix = await tm('webhooks', 'deliveries', 'ptf_123');
    expect(wrongPrefix.exitCode).toBe(2);
    expect(wrongPrefix.stderr).not.toMatch(/\n\s+at /); // no stack trace
  });
});
