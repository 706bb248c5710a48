// Loads the deadline rule catalog and the office closure tables from data/ once per process.
// The package root comes from data-files, so the same code works from src/ and dist/src/.
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from '../data-files.js';
import { ClosureTable, OfficeRuleSet, type DeadlineRule } from './catalog-schema.js';
import { HolidayTable } from './holiday-table.js';

export interface Catalog {
  offices: Map<string, OfficeRuleSet>;
  closures: Map<string, ClosureTable>;
  /** Precomputed public holidays of each office's default place (data/closures/holidays). */
  holidays: Map<string, HolidayTable>;
  rules: Map<string, DeadlineRule>;
}

/** The catalog's source folders under data/, each with the schema its files must meet. */
const SOURCES = [
  { dir: 'deadline-rules', schema: OfficeRuleSet },
  { dir: 'closures', schema: ClosureTable },
  { dir: join('closures', 'holidays'), schema: HolidayTable },
] as const;

/** The validated files of each source folder, in file-name order: what the packed catalog keeps. */
type Validated = [OfficeRuleSet[], ClosureTable[], HolidayTable[]];

const sourceFiles = (root: string, dir: string): string[] =>
  existsSync(join(root, 'data', dir)) ? readdirSync(join(root, 'data', dir)).filter((f) => f.endsWith('.json')).sort() : [];

const validate = (root: string): Validated =>
  SOURCES.map(({ dir, schema }) =>
    sourceFiles(root, dir).map((file) => {
      const parsed = schema.safeParse(JSON.parse(readFileSync(join(root, 'data', dir, file), 'utf8')));
      if (!parsed.success) throw new Error(`data/${dir}/${file}: ${parsed.error.message}`);
      return parsed.data;
    }),
  ) as Validated;

const fromValidated = ([ruleSets, closureTables, holidayTables]: Validated): Catalog => {
  const offices = new Map<string, OfficeRuleSet>();
  const rules = new Map<string, DeadlineRule>();
  for (const set of ruleSets) {
    offices.set(set.office_code, set);
    for (const rule of set.rules) {
      if (rules.has(rule.rule_id)) throw new Error(`data/deadline-rules: duplicate rule_id ${rule.rule_id} (${set.office_code})`);
      rules.set(rule.rule_id, rule);
    }
  }
  return {
    offices,
    closures: new Map(closureTables.map((t) => [t.office_code, t])),
    holidays: new Map(holidayTables.map((t) => [t.office_code, t])),
    rules,
  };
};

export const loadCatalog = (root: string = packageRoot()): Catalog => fromValidated(validate(root));

// The packed catalog (data/deadline-catalog.json, written by `npm run build`): the files as the
// schemas return them, defaults filled in, so a process reads them without validating them again:
// that was a fifth of `tm show` (issue 26.12). It is used only when every source file is the one it
// was packed from (same names and sizes, none newer than it), and only by built code: the
// TypeScript sources (tests) may hold a schema the build has not packed with.
const PACKED = ['data', 'deadline-catalog.json'] as const;

/** The source files' names and sizes, and the newest modification time among them. */
const fingerprint = (root: string): { files: string[]; newest: number } => {
  const files: string[] = [];
  let newest = 0;
  for (const { dir } of SOURCES) {
    for (const file of sourceFiles(root, dir)) {
      const st = statSync(join(root, 'data', dir, file));
      files.push(`${dir}/${file}:${st.size}`);
      newest = Math.max(newest, st.mtimeMs);
    }
  }
  return { files, newest };
};

export const packCatalog = (root: string = packageRoot()): void => {
  writeFileSync(join(root, ...PACKED), JSON.stringify({ files: fingerprint(root).files, catalog: validate(root) }));
};

const packedCatalog = (root: string): Catalog | null => {
  const path = join(root, ...PACKED);
  if (import.meta.url.endsWith('.ts') || !existsSync(path)) return null;
  const { files, newest } = fingerprint(root);
  if (newest > statSync(path).mtimeMs) return null;
  const packed = JSON.parse(readFileSync(path, 'utf8')) as { files: string[]; catalog: Validated };
  return packed.files.join('\n') === files.join('\n') ? fromValidated(packed.catalog) : null;
};

let cached: Catalog | null = null;

/** The process-wide catalog, loaded on first use. */
/** The catalog under `root`: the packed one when it matches its sources, else validated from them. */
export const catalogAt = (root: string): Catalog => packedCatalog(root) ?? loadCatalog(root);

export const getCatalog = (): Catalog => (cached ??= catalogAt(packageRoot()));
