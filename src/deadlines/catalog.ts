// Loads the deadline rule catalog and the office closure tables from data/ once per process.
// The package root comes from data-files, so the same code works from src/ and dist/src/.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
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

const readJsonFiles = (dir: string): { file: string; json: unknown }[] =>
  existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => f.endsWith('.json'))
        .sort()
        .map((file) => ({ file, json: JSON.parse(readFileSync(join(dir, file), 'utf8')) as unknown }))
    : [];

export const loadCatalog = (root: string = packageRoot()): Catalog => {
  const offices = new Map<string, OfficeRuleSet>();
  const rules = new Map<string, DeadlineRule>();
  for (const { file, json } of readJsonFiles(join(root, 'data', 'deadline-rules'))) {
    const parsed = OfficeRuleSet.safeParse(json);
    if (!parsed.success) throw new Error(`data/deadline-rules/${file}: ${parsed.error.message}`);
    offices.set(parsed.data.office_code, parsed.data);
    for (const rule of parsed.data.rules) {
      if (rules.has(rule.rule_id)) throw new Error(`data/deadline-rules/${file}: duplicate rule_id ${rule.rule_id}`);
      rules.set(rule.rule_id, rule);
    }
  }
  const closures = new Map<string, ClosureTable>();
  for (const { file, json } of readJsonFiles(join(root, 'data', 'closures'))) {
    const parsed = ClosureTable.safeParse(json);
    if (!parsed.success) throw new Error(`data/closures/${file}: ${parsed.error.message}`);
    closures.set(parsed.data.office_code, parsed.data);
  }
  const holidays = new Map<string, HolidayTable>();
  for (const { file, json } of readJsonFiles(join(root, 'data', 'closures', 'holidays'))) {
    const parsed = HolidayTable.safeParse(json);
    if (!parsed.success) throw new Error(`data/closures/holidays/${file}: ${parsed.error.message}`);
    holidays.set(parsed.data.office_code, parsed.data);
  }
  return { offices, closures, holidays, rules };
};

let cached: Catalog | null = null;

/** The process-wide catalog, loaded on first use. */
export const getCatalog = (): Catalog => (cached ??= loadCatalog());
