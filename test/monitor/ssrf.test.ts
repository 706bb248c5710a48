// The webhook SSRF guard (issue 30, point 2): every block of the IANA special-purpose registries is
// refused unless private webhooks are allowed, link-local, metadata and reserved ones always; the
// IPv4 address inside NAT64, 6to4, SIIT, IPv4-mapped and IPv4-compatible forms is judged; URLs are
// checked when saved, and each delivery checks the resolved and the connected address. No traffic
// leaves loopback: refused targets are never connected to, and the receiver listens on 127.0.0.1.
import ipaddr from 'ipaddr.js';
import type { LookupAddress } from 'node:dns';
import { buildConnector } from 'undici';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Context } from '../../src/context.js';
import { recordEvent } from '../../src/monitor/ledger.js';
import { allSpecialBlocks } from '../../src/monitor/special-addresses.js';
import { guardedConnector, refusal, urlRefusal, type Lookup } from '../../src/monitor/ssrf.js';
import { createWebhook } from '../../src/ops/webhooks/create-webhook.js';
import { deliverOnce } from '../../src/ops/webhooks/delivery-service.js';
import { listDeliveries } from '../../src/ops/webhooks/list-deliveries.js';
import { tempContext, type TempContext } from '../helpers/factory.js';
import { sqlRun } from '../helpers/raw-sql.js';
import { startReceiver, type Receiver } from '../helpers/webhook-receiver.js';

const ORG = { id: 'org_ssrf', name: 'S', livemode: true };

const ends = (cidr: string): string[] => {
  const [net] = ipaddr.parseCIDR(cidr);
  const kind = net.kind() === 'ipv4' ? ipaddr.IPv4 : ipaddr.IPv6;
  return [kind.networkAddressFromCIDR(cidr).toString(), kind.broadcastAddressFromCIDR(cidr).toString()];
};

/** The IPv6 forms that carry an IPv4 address, as the guard must decode them. */
const wrapped = (v4: string): Record<string, string> => {
  const [a, b, c, d] = ipaddr.IPv4.parse(v4).octets.map((o) => o.toString(16).padStart(2, '0'));
  const hi = `${a}${b}`;
  const lo = `${c}${d}`;
  return {
    nat64: `64:ff9b::${hi}:${lo}`,
    'nat64-local': `64:ff9b:1::${hi}:${lo}`,
    '6to4': `2002:${hi}:${lo}::1`,
    mapped: `::ffff:${hi}:${lo}`,
    siit: `::ffff:0:${hi}:${lo}`,
    compatible: `::${hi}:${lo}`,
  };
};

const PUBLIC = ['8.8.8.8', '1.1.1.1', '93.184.215.14', '2606:4700:4700::1111', '2a00:1450:4001:82a::200e'];

describe('the special-purpose table', () => {
  const blocks = allSpecialBlocks();

  it('holds both registries: 198.18.0.0/15, the TEST-NETs, 192.0.0.0/24, 64:ff9b::/96 among them', () => {
    const names = new Set(blocks.map((b) => b.block));
    for (const b of ['198.18.0.0/15', '192.0.2.0/24', '198.51.100.0/24', '203.0.113.0/24', '192.0.0.0/24', '100.64.0.0/10', '2001:db8::/32', '3fff::/20', 'fc00::/7', '64:ff9b:1::/48']) {
      expect(names).toContain(b);
    }
    expect(blocks.length).toBeGreaterThan(45);
  });

  it.each(blocks.map((b) => [b.block, b.name, b.always] as const))('refuses the first and last address of %s (%s)', (block, _name, always) => {
    for (const address of ends(block)) {
      // An IPv6 form's first address carries 0.0.0.0, which is refused always.
      expect(refusal(address, false), address).toMatch(/never a webhook target|allowed only with --allow-private-webhooks/);
      if (always) expect(refusal(address, true), address).toMatch(/link-local, metadata or reserved/);
    }
  });

  it('allows public addresses, and refuses every special IPv4 block inside each IPv6 form', () => {
    for (const address of PUBLIC) expect(refusal(address, false), address).toBeNull();
    for (const b of blocks.filter((x) => x.range[0].kind() === 'ipv4')) {
      for (const v4 of ends(b.block)) {
        for (const [form, address] of Object.entries(wrapped(v4))) {
          expect(refusal(address, false), `${b.block} as ${form}: ${address}`).not.toBeNull();
          if (b.always) expect(refusal(address, true), `${b.block} as ${form} with private allowed`).toMatch(/never a webhook target/);
        }
      }
    }
  });

  it('judges a wrapper by the address inside: a public IPv4 through NAT64, 6to4 or IPv4-mapped passes', () => {
    for (const [form, address] of Object.entries(wrapped('8.8.8.8'))) {
      if (form.startsWith('nat64-local')) expect(refusal(address, false), form).toMatch(/64:ff9b:1::\/48/);
      else expect(refusal(address, false), `${form}: ${address}`).toBeNull();
    }
  });

  it('checks URLs as written: the blocks of issue 30, and 169.254.169.254 in any dress, even with private allowed', () => {
    for (const url of ['http://198.18.0.1/', 'http://198.19.255.254/', 'http://192.0.2.10/', 'http://198.51.100.7/', 'http://203.0.113.9/', 'http://192.0.0.1/', 'http://[2001:db8::1]/']) {
      expect(urlRefusal(url, false), url).toMatch(/special-purpose address/);
    }
    for (const url of ['http://[64:ff9b::a9fe:a9fe]/', 'http://[64:ff9b::169.254.169.254]/', 'http://[::a9fe:a9fe]/', 'http://[::ffff:169.254.169.254]/', 'http://[::ffff:0:a9fe:a9fe]/', 'http://[2002:a9fe:a9fe::1]/', 'http://0xa9fea9fe/']) {
      expect(urlRefusal(url, true), url).toMatch(/never a webhook target/);
    }
    expect(urlRefusal('http://[64:ff9b::a9fe:a9fe]/', true)).toContain('carries 169.254.169.254');
    expect(urlRefusal('http://[fe80::1%25eth0]/', true)).toMatch(/not an absolute URL/); // WHATWG URLs take no zone id
    expect(urlRefusal('https://[64:ff9b::808:808]/hook', false)).toBeNull();
    expect(urlRefusal('http://127.0.0.1:9/', true)).toBeNull();
    expect(urlRefusal('http://[::1]:9/', true)).toBeNull();
  });
});

describe('save and delivery', () => {
  let t: TempContext;
  let rx: Receiver;
  let ctx: Context;
  const strict = (): Context => ({ ...ctx, config: { ...ctx.config, allowPrivateWebhooks: false } });
  /** A DNS that answers every name with `address`: what a rebinding attacker's resolver does. */
  const rebinding = (address: string): Lookup => (_host, _options, callback) => callback(null, [{ address, family: address.includes(':') ? 6 : 4 }] as LookupAddress[]);

  beforeEach(async () => {
    t = tempContext();
    // The real clock: the receiver refuses a signature timestamp 5 minutes from its own.
    ctx = { ...t.ctx, org: ORG, clock: { now: () => new Date() }, config: { ...t.ctx.config, allowPrivateWebhooks: true } };
    rx = await startReceiver();
  });
  afterEach(async () => {
    await rx.close();
    await t.cleanup();
  });

  const make = (c: Context, url: string) => createWebhook.run(c, createWebhook.input.parse({ url, enabled_events: ['alert.created'] }));
  const event = async () =>
    (await recordEvent(ctx.store, { orgId: ORG.id, type: 'alert.created', trademarkId: null, portfolios: [], at: ctx.clock.now().toISOString(), data: () => ({ alert_id: 'alr_1' }) }))!;
  /** An endpoint saved with a public name, pointed at the receiver's port. */
  const named = async (): Promise<string> => {
    const port = new URL(rx.url).port;
    const ep = await make(strict(), `http://hooks.example.com:${port}/hook`);
    rx.secrets = [ep.secret];
    return ep.id;
  };
  const lastError = async (id: string): Promise<string | null> => (await listDeliveries.run(ctx, listDeliveries.input.parse({ id }))).data.at(-1)!.error;

  it('refuses at save time with a validation_error naming the block', async () => {
    await expect(make(strict(), 'http://198.18.0.1/hook')).rejects.toMatchObject({ type: 'validation_error', param: 'url', message: expect.stringContaining('198.18.0.0/15, Benchmarking') });
    await expect(make(ctx, 'http://[64:ff9b::a9fe:a9fe]/')).rejects.toMatchObject({ type: 'validation_error', message: expect.stringContaining('carries 169.254.169.254') });
    await expect(make(strict(), 'http://192.0.0.8/')).rejects.toMatchObject({ message: expect.stringContaining('192.0.0.8/32, IPv4 dummy address') });
  });

  it('a name that resolves to loopback at delivery is refused before connecting; nothing reaches the receiver', async () => {
    const id = await named();
    await event();
    for (const address of ['127.0.0.1', '::ffff:7f00:1', '::1']) {
      await deliverOnce(strict(), { resolve: rebinding(address) });
      expect(await lastError(id)).toMatch(new RegExp(`^ESSRF: refused: ${address.replace(/\./g, '\\.')} (carries 127\\.0\\.0\\.1, which )?is a special-purpose address`));
      await sqlRun(ctx.store, "UPDATE webhook_deliveries SET next_attempt_at = '2000-01-01T00:00:00.000Z'");
    }
    expect(rx.received).toHaveLength(0);
  });

  it('with private targets allowed, the same name delivers to the loopback receiver', async () => {
    const id = await named();
    await event();
    await deliverOnce(ctx, { resolve: rebinding('127.0.0.1') });
    expect(await lastError(id)).toBeNull();
    expect(rx.received).toHaveLength(1);
    expect(rx.received[0]!.verified).toBe(true);
    expect(await lastError(id)).toBeNull();
  });

  it('a stored URL that hides a metadata address is refused at delivery, even with private targets allowed', async () => {
    const ep = await make(ctx, rx.url);
    await ctx.store.webhooks.updateEndpoint({ ...(await ctx.store.webhooks.getEndpoint(ORG.id, ep.id))!, url: 'http://[64:ff9b::a9fe:a9fe]/latest/meta-data' });
    await event();
    await deliverOnce(ctx);
    expect(await lastError(ep.id)).toMatch(/^refused: 64:ff9b::a9fe:a9fe carries 169\.254\.169\.254, which is a link-local/);
  });

  it('the connector checks the peer the socket reached, whatever resolved it', async () => {
    const { port } = new URL(rx.url);
    const connect = (allowPrivate: boolean) =>
      new Promise<{ error: NodeJS.ErrnoException | null }>((resolve) =>
        guardedConnector(buildConnector({}), allowPrivate)({ hostname: '127.0.0.1', host: '127.0.0.1', protocol: 'http:', port }, (error, socket) => {
          socket?.destroy();
          resolve({ error });
        }),
      );
    expect((await connect(false)).error).toMatchObject({ code: 'ESSRF', message: expect.stringMatching(/^refused: 127\.0\.0\.1 is a special-purpose address \(127\.0\.0\.0\/8, Loopback/) });
    expect((await connect(true)).error).toBeNull();
  });
});
