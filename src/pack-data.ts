// `npm run build` step: writes the data files a process reads in a packed form instead of parsing,
// computing or validating their sources on every start (issue 26.12): the conceptual table for
// binary search (search/conceptual-table.ts; the glosses and the Apertium entries each in a file of
// their own), the reference marks' forms
// (search/reference-commonness.ts) and the validated deadline catalog (deadlines/catalog.ts). They
// are derived from the sources in data/ on every build and not committed (.gitignore); each
// reader checks that its packed file matches its source and falls back to the source when not.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { packCatalog } from './deadlines/catalog.js';
import { CONCEPTUAL_TABLES, packedTablePath, packSource } from './search/conceptual-table.js';
import { packedFormsPath, packForms } from './search/reference-commonness.js';

export const packData = (): void => {
  for (const name of CONCEPTUAL_TABLES) writeFileSync(packedTablePath(name), packSource(name));
  writeFileSync(packedFormsPath(), packForms());
  packCatalog();
};

if (process.argv[1] === fileURLToPath(import.meta.url)) packData();
