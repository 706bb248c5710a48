// Maintenance entry point: writes data/closures/holidays/<office>.json from date-holidays for every
// office closure table. Run `npm run build && node dist/src/deadlines/build-holiday-tables.js`.
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { packageRoot } from '../data-files.js';
import { loadCatalog } from './catalog.js';
import { buildHolidayTable } from './holiday-table.js';

const root = packageRoot();
const version = (createRequire(import.meta.url)('date-holidays/package.json') as { version: string }).version;
const out = join(root, 'data', 'closures', 'holidays');
mkdirSync(out, { recursive: true });
for (const closures of loadCatalog(root).closures.values()) {
  const table = buildHolidayTable(closures, version);
  if (!table) continue;
  writeFileSync(join(out, `${closures.office_code.toLowerCase()}.json`), `${JSON.stringify(table, null, 1)}\n`);
  process.stderr.write(`${closures.office_code}: ${Object.keys(table.days).length} years\n`);
}
