// Maintenance entry point: rewrites data/special-addresses/ipv4.json and ipv6.json from the IANA
// special-purpose registries' CSV files (data/special-addresses/sources.json); local.json is kept.
// Run `npm run build && node dist/src/monitor/build-special-addresses.js` where iana.org is reachable.
import { writeFileSync } from 'node:fs';
import { packagePath } from '../data-files.js';
import { parseCsv } from './csv.js';

const REGISTRIES = [
  { file: 'ipv4.json', name: 'IANA IPv4 Special-Purpose Address Registry', url: 'https://www.iana.org/assignments/iana-ipv4-special-registry/iana-ipv4-special-registry-1.csv' },
  { file: 'ipv6.json', name: 'IANA IPv6 Special-Purpose Address Registry', url: 'https://www.iana.org/assignments/iana-ipv6-special-registry/iana-ipv6-special-registry-1.csv' },
];

/** `[RFC6890], Section 2.1` → `RFC 6890, Section 2.1`; footnote marks such as `[1]` go. */
const tidy = (cell: string): string =>
  cell.replace(/\[(RFC)(\d+)\]/g, '$1 $2').replace(/\s*\[\d+\]/g, '').replace(/\s*\n\s*/g, '; ').trim();

for (const r of REGISTRIES) {
  const res = await fetch(r.url);
  if (!res.ok) throw new Error(`${r.url}: HTTP ${res.status}`);
  const [header, ...rows] = parseCsv(await res.text(), r.url).filter((row) => row.some(Boolean));
  const col = (name: string): number => {
    const i = header!.findIndex((h) => h.trim() === name);
    if (i < 0) throw new Error(`${r.url}: no '${name}' column`);
    return i;
  };
  const [block, name, rfc, reachable] = [col('Address Block'), col('Name'), col('RFC'), col('Globally Reachable')];
  // One row may list several blocks ("192.0.0.170/32, 192.0.0.171/32").
  const entries = rows.flatMap((row) =>
    row[block]!.split(',').map((b) => ({ block: tidy(b), name: tidy(row[name]!), rfc: tidy(row[rfc]!), globally_reachable: /^True/.test(row[reachable]!.trim()) })),
  );
  writeFileSync(packagePath('data', 'special-addresses', r.file), `${JSON.stringify({ registry: r.name, source: r.url, entries }, null, 2)}\n`);
  process.stderr.write(`${r.file}: ${entries.length} blocks\n`);
}
