// The server-side request forgery guard for webhook targets (docs/webhooks.md). Cloud metadata,
// link-local, unspecified and multicast addresses are always refused; private and loopback ones
// unless the server runs with --allow-private-webhooks. Checked when an endpoint is saved (by
// name) and again on every connection (by resolved address), so DNS cannot swap in a private host.
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';

const always = new BlockList();
always.addSubnet('169.254.0.0', 16, 'ipv4'); // link-local, including 169.254.169.254 metadata
always.addSubnet('0.0.0.0', 8, 'ipv4');
always.addSubnet('224.0.0.0', 4, 'ipv4');
always.addSubnet('240.0.0.0', 4, 'ipv4');
always.addAddress('100.100.100.200', 'ipv4'); // Alibaba Cloud metadata
always.addSubnet('fe80::', 10, 'ipv6');
always.addSubnet('ff00::', 8, 'ipv6');
always.addAddress('::', 'ipv6');
always.addAddress('fd00:ec2::254', 'ipv6'); // AWS metadata over IPv6

const privateNets = new BlockList();
privateNets.addSubnet('10.0.0.0', 8, 'ipv4');
privateNets.addSubnet('172.16.0.0', 12, 'ipv4');
privateNets.addSubnet('192.168.0.0', 16, 'ipv4');
privateNets.addSubnet('127.0.0.0', 8, 'ipv4');
privateNets.addSubnet('100.64.0.0', 10, 'ipv4');
privateNets.addSubnet('fc00::', 7, 'ipv6');
privateNets.addAddress('::1', 'ipv6');

const METADATA_HOSTS = new Set(['metadata.google.internal', 'metadata', 'instance-data']);

/** Why an address may not be a webhook target, or null when it may. */
export const refusal = (address: string, allowPrivate: boolean): string | null => {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  const ip = mapped ?? address;
  const family = isIP(ip) === 6 ? 'ipv6' : 'ipv4';
  if (always.check(ip, family)) return `${address} is a link-local, metadata or reserved address`;
  if (!allowPrivate && privateNets.check(ip, family)) return `${address} is a private or loopback address (allowed only with --allow-private-webhooks)`;
  return null;
};

/** Checks a URL's scheme and host as written; literal addresses are checked too. */
export const urlRefusal = (raw: string, allowPrivate: boolean): string | null => {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return `'${raw}' is not an absolute URL`;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return `${url.protocol} URLs cannot receive webhooks; use https (or http)`;
  if (url.username || url.password) return 'a webhook URL may not carry credentials';
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (METADATA_HOSTS.has(host)) return `${host} is a cloud metadata host`;
  if (isIP(host)) return refusal(host, allowPrivate);
  if (!allowPrivate && (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.internal'))) {
    return `${host} is a local name (allowed only with --allow-private-webhooks)`;
  }
  return null;
};

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** A `lookup` for undici's connector that refuses forbidden resolved addresses. */
export const guardedLookup = (allowPrivate: boolean) =>
  (hostname: string, options: object, callback: LookupCallback): void => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, []);
      const list = addresses as LookupAddress[];
      const bad = list.map((a) => refusal(a.address, allowPrivate)).find((r) => r !== null);
      if (bad) return callback(Object.assign(new Error(`refused: ${bad}`), { code: 'ESSRF' }), []);
      const wantsAll = (options as { all?: boolean }).all === true;
      return wantsAll ? callback(null, list) : callback(null, list[0]!.address, list[0]!.family);
    });
  };
