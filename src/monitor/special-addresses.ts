// The special-purpose address table of the webhook SSRF guard, from the IANA IPv4 and IPv6
// Special-Purpose Address Registries shipped in data/special-addresses/ (with their provenance
// and licence). It answers one question: which registered blocks contain an address, after
// decoding the IPv4 address that NAT64, 6to4, SIIT, IPv4-mapped and IPv4-compatible forms carry.
import ipaddr from 'ipaddr.js';
import { z } from 'zod';
import { readPackageJson } from '../data-files.js';

const Entry = z.object({ block: z.string(), name: z.string(), rfc: z.string() });
const Registry = z.object({ entries: z.array(Entry) });
const Local = z.object({
  extra: z.array(Entry),
  always: z.object({ blocks: z.array(z.string()) }),
  embedding: z.object({ forms: z.array(Entry.extend({ ipv4_at_bit: z.number().int(), own_entry: z.boolean() })) }),
});

type Address = ipaddr.IPv4 | ipaddr.IPv6;

export interface SpecialBlock {
  block: string;
  name: string;
  rfc: string;
  /** Refused even with --allow-private-webhooks (link-local, metadata, unspecified, multicast, reserved). */
  always: boolean;
  range: [Address, number];
}

/** A registered block an address falls in; `via` is the IPv4 address read from an IPv6 form. */
export interface Match {
  block: SpecialBlock;
  via: string | null;
}

interface Table {
  v4: SpecialBlock[];
  v6: SpecialBlock[];
  forms: { range: [ipaddr.IPv6, number]; at: number }[];
  /** Where ::/96 ends: :: and ::1 are judged as themselves. */
  compatible: [ipaddr.IPv6, number];
}

let table: Table | undefined;

const load = (): Table => {
  if (table) return table;
  const local = Local.parse(readPackageJson('data', 'special-addresses', 'local.json'));
  const always = local.always.blocks.map((b) => ipaddr.parseCIDR(b));
  const inAlways = (range: [Address, number]): boolean =>
    always.some(([net, bits]) => net.kind() === range[0].kind() && bits <= range[1] && range[0].match(net, bits));
  const blocks = (entries: z.infer<typeof Entry>[]): SpecialBlock[] =>
    entries.flatMap((e) => {
      const range = ipaddr.parseCIDR(e.block);
      return [{ ...e, always: inAlways(range), range }];
    });
  const registry = (file: string) => Registry.parse(readPackageJson('data', 'special-addresses', file)).entries;
  const all = [...blocks(registry('ipv4.json')), ...blocks(registry('ipv6.json')), ...blocks(local.extra)];
  const v6 = (cidr: string): [ipaddr.IPv6, number] => ipaddr.IPv6.parseCIDR(cidr);
  const key = ([net, bits]: [Address, number]): string => `${net.toString()}/${bits}`;
  const judgedInside = new Set(local.embedding.forms.filter((f) => !f.own_entry).map((f) => key(v6(f.block))));
  table = {
    v4: all.filter((b) => b.range[0].kind() === 'ipv4'),
    // Most wrapper forms are judged by the IPv4 address inside them, not by their own registry entry.
    v6: all.filter((b) => b.range[0].kind() === 'ipv6' && !judgedInside.has(key(b.range))),
    forms: local.embedding.forms.map((f) => ({ range: v6(f.block), at: f.ipv4_at_bit })),
    compatible: v6('::/127'),
  };
  return table;
};

const ipv4At = (bytes: number[], bit: number): ipaddr.IPv4 => new ipaddr.IPv4(bytes.slice(bit / 8, bit / 8 + 4));

/** The IPv4 addresses an IPv6 address carries, in every form the table names. */
const embedded = (a: ipaddr.IPv6, t: Table): ipaddr.IPv4[] => {
  const bytes = a.toByteArray();
  const out: ipaddr.IPv4[] = [];
  for (const f of t.forms) {
    if (!a.match(...f.range)) continue;
    if (f.at === 96 && a.match(...t.compatible)) continue;
    out.push(ipv4At(bytes, f.at));
  }
  return out;
};

/** Parses an address as written in a URL host or returned by DNS or a socket; null when it is none. */
export const parseAddress = (text: string): Address | null => {
  const bare = text.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  return ipaddr.isValid(bare) ? ipaddr.parse(bare) : null;
};

const within = (address: Address, blocks: SpecialBlock[], via: string | null): Match[] =>
  blocks.filter((b) => address.match(...b.range)).map((block) => ({ block, via }));

/**
 * Every special-purpose block an address is in, directly or through the IPv4 address it carries;
 * the most specific first (192.0.0.8 is the "IPv4 dummy address" before it is in 192.0.0.0/24).
 */
export const specialBlocks = (address: Address): Match[] => {
  const t = load();
  const matches =
    address.kind() === 'ipv4'
      ? within(address, t.v4, null)
      : [...within(address, t.v6, null), ...embedded(address as ipaddr.IPv6, t).flatMap((v4) => within(v4, t.v4, v4.toString()))];
  return matches.sort((a, b) => b.block.range[1] - a.block.range[1]);
};

/** Every block of the table, for tests and docs. */
export const allSpecialBlocks = (): readonly SpecialBlock[] => [...load().v4, ...load().v6];
