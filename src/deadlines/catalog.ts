// Loads the deadline rule catalog and the office closure tables from data/ once per process.
// The package root comes from data-files, so the same code works from src/ and dist/src/.
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
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
// TypeScript sources (tests) may hold a schema the build has not packed with. The holiday tables,
// nine tenths of it, are not copied in: a table its schema returns unchanged is named by its file
// and read on the first date of its office, as a command meets one or two offices of nineteen.
const PACKED = ['data', 'deadline-catalog.json'] as const;
const HOLIDAYS = SOURCES[2].dir;

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

/** A holiday table as packed: the table itself, or the file that holds it exactly as validated. */
type PackedHoliday = HolidayTable | { office_code: string; file: string };

interface Packed {
  files: string[];
  catalog: [OfficeRuleSet[], ClosureTable[], PackedHoliday[]];
}

export const packCatalog = (root: string = packageRoot()): void => {
  const [ruleSets, closureTables, holidayTables] = validate(root);
  const files = sourceFiles(root, HOLIDAYS);
  const holidays = holidayTables.map((table, i): PackedHoliday => {
    const raw: unknown = JSON.parse(readFileSync(join(root, 'data', HOLIDAYS, files[i]!), 'utf8'));
    return isDeepStrictEqual(raw, table) ? { office_code: table.office_code, file: files[i]! } : table;
  });
  const packed: Packed = { files: fingerprint(root).files, catalog: [ruleSets, closureTables, holidays] };
  writeFileSync(join(root, ...PACKED), JSON.stringify(packed));
};

/**
 * The holiday tables of a packed catalog: an office's file is parsed on its first `get`. Reading
 * all of them (`size`, iteration) parses the rest; the packed catalog vouches for every file.
 */
class PackedHolidays extends Map<string, HolidayTable> {
  constructor(
    private readonly root: string,
    private readonly unread: Map<string, string>,
    tables: HolidayTable[],
  ) {
    super(tables.map((t) => [t.office_code, t]));
  }

  private read(office: string): void {
    const file = this.unread.get(office);
    if (file === undefined) return;
    this.unread.delete(office);
    super.set(office, JSON.parse(readFileSync(join(this.root, 'data', HOLIDAYS, file), 'utf8')) as HolidayTable);
  }

  private readAll(): void {
    for (const office of [...this.unread.keys()]) this.read(office);
  }

  override get(office: string): HolidayTable | undefined {
    this.read(office);
    return super.get(office);
  }

  override has(office: string): boolean {
    return this.unread.has(office) || super.has(office);
  }

  override get size(): number {
    return super.size + this.unread.size;
  }

  override entries(): MapIterator<[string, HolidayTable]> {
    this.readAll();
    return super.entries();
  }

  override keys(): MapIterator<string> {
    this.readAll();
    return super.keys();
  }

  override values(): MapIterator<HolidayTable> {
    this.readAll();
    return super.values();
  }

  override forEach(fn: (value: HolidayTable, key: string, map: Map<string, HolidayTable>) => void, thisArg?: unknown): void {
    this.readAll();
    super.forEach(fn, thisArg);
  }

  override [Symbol.iterator](): MapIterator<[string, HolidayTable]> {
    return this.entries();
  }
}

const packedCatalog = (root: string): Catalog | null => {
  const path = join(root, ...PACKED);
  if (import.meta.url.endsWith('.ts') || !existsSync(path)) return null;
  const { files, newest } = fingerprint(root);
  if (newest > statSync(path).mtimeMs) return null;
  const packed = JSON.parse(readFileSync(path, 'utf8')) as Packed;
  if (packed.files.join('\n') !== files.join('\n')) return null;
  const [ruleSets, closureTables, holidays] = packed.catalog;
  const catalog = fromValidated([ruleSets, closureTables, []]);
  const unread = new Map(holidays.flatMap((h) => ('file' in h ? [[h.office_code, h.file] as const] : [])));
  const inline = holidays.filter((h): h is HolidayTable => !('file' in h));
  return { ...catalog, holidays: new PackedHolidays(root, unread, inline) };
};

let cached: Catalog | null = null;

/** The process-wide catalog, loaded on first use. */
/** The catalog under `root`: the packed one when it matches its sources, else validated from them. */
export const catalogAt = (root: string): Catalog => packedCatalog(root) ?? loadCatalog(root);

export const getCatalog = (): Catalog => (cached ??= catalogAt(packageRoot()));
