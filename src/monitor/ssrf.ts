// The server-side request forgery guard for webhook targets (docs/webhooks.md, docs/operations.md).
// Every address in the IANA special-purpose registries (special-addresses.ts) is refused unless
// the server runs with --allow-private-webhooks; link-local, metadata, unspecified, multicast and
// reserved ones always. IPv6 forms that carry an IPv4 address are judged by that address. A URL is
// checked when it is saved (by name, and by address when it is one), and every delivery again:
// each address a name resolves to before connecting, then the address the socket is connected to.
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import type { Socket } from 'node:net';
import type { buildConnector } from 'undici';
import { parseAddress, specialBlocks, type Match } from './special-addresses.js';

const METADATA_HOSTS = new Set(['metadata.google.internal', 'metadata', 'instance-data']);

const describe = (m: Match): string => `${m.block.block}, ${m.block.name}, ${m.block.rfc}`;

/** Why an address may not be a webhook target, or null when it may. */
export const refusal = (address: string, allowPrivate: boolean): string | null => {
  const parsed = parseAddress(address);
  if (!parsed) return `${address} is not an IP address`;
  const matches = specialBlocks(parsed);
  const always = matches.find((m) => m.block.always);
  const hit = always ?? (allowPrivate ? undefined : matches[0]);
  if (!hit) return null;
  const what = hit.via ? `${address} carries ${hit.via}, which` : address;
  return always
    ? `${what} is a link-local, metadata or reserved address (${describe(hit)}); it is never a webhook target`
    : `${what} is a special-purpose address (${describe(hit)}); allowed only with --allow-private-webhooks`;
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
  if (parseAddress(host)) return refusal(host, allowPrivate);
  if (!allowPrivate && (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.internal'))) {
    return `${host} is a local name (allowed only with --allow-private-webhooks)`;
  }
  return null;
};

const refused = (reason: string): NodeJS.ErrnoException => Object.assign(new Error(`refused: ${reason}`), { code: 'ESSRF' });

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;
export type Lookup = (hostname: string, options: object, callback: LookupCallback) => void;

/**
 * A `lookup` for undici's connector that refuses a name when any address it resolves to is
 * forbidden. `resolve` is the system resolver; tests pass one that answers like a rebinding DNS.
 */
export const guardedLookup = (allowPrivate: boolean, resolve: Lookup = dnsLookup as unknown as Lookup) =>
  (hostname: string, options: object, callback: LookupCallback): void => {
    resolve(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, []);
      const list = addresses as LookupAddress[];
      const bad = list.map((a) => refusal(a.address, allowPrivate)).find((r) => r !== null);
      if (bad) return callback(refused(bad), []);
      const wantsAll = (options as { all?: boolean }).all === true;
      return wantsAll ? callback(null, list) : callback(null, list[0]!.address, list[0]!.family);
    });
  };

/**
 * Wraps undici's connector so that a socket is handed on only when the address it is connected
 * to may be a target: whatever the name said and however it was resolved, the peer is checked.
 */
export const guardedConnector = (connect: buildConnector.connector, allowPrivate: boolean): buildConnector.connector =>
  ((options, callback) =>
    connect(options, (err, socket) => {
      if (err) return callback(err, null);
      const peer = (socket as Socket).remoteAddress ?? '';
      const reason = refusal(peer, allowPrivate);
      if (reason === null) return callback(null, socket!);
      socket!.destroy();
      return callback(refused(reason), null);
    })) as buildConnector.connector;
