// The packed deadline catalog (data/deadline-catalog.json, `npm run build`): the built code reads
// it instead of validating the rule, closure and holiday files on every start, it holds exactly
// what validating them gives, and a source file changed since it was packed makes it unused.
import { cpSync, mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// The built module: the TypeScript sources never read a packed catalog (their schemas may be newer than the build's).
const built = (await import(join(process.cwd(), 'dist/src/deadlines/catalog.js'))) as typeof import('../../src/deadlines/catalog.js');

const root = mkdtempSync(join(tmpdir(), 'tm-catalog-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
for (const dir of ['deadline-rules', 'closures']) cpSync(join('data', dir), join(root, 'data', dir), { recursive: true });
const packed = join(root, 'data', 'deadline-catalog.json');

describe('the packed deadline catalog', () => {
  it('holds what validating the sources gives', () => {
    built.packCatalog(root);
    const catalog = built.catalogAt(root);
    // Its holiday tables are a Map read on use (below): the same entries as a plain Map.
    expect({ ...catalog, holidays: new Map(catalog.holidays) }).toEqual(built.loadCatalog(root));
  });

  it('is what the built code reads while the sources are unchanged', () => {
    built.packCatalog(root);
    const doc = JSON.parse(readFileSync(packed, 'utf8')) as { catalog: [{ office_code: string; rules: { rule_id: string; name: string }[] }[]] };
    const us = doc.catalog[0].find((o) => o.office_code === 'US')!;
    us.rules[0]!.name = 'read from the packed file';
    writeFileSync(packed, JSON.stringify(doc));
    expect(built.catalogAt(root).rules.get(us.rules[0]!.rule_id)?.name).toBe('read from the packed file');
  });

  it('names the holiday tables by their files and reads a table when its office is first met', () => {
    built.packCatalog(root);
    const doc = JSON.parse(readFileSync(packed, 'utf8')) as { catalog: [unknown, unknown, { office_code: string; file?: string }[]] };
    expect(doc.catalog[2].length).toBeGreaterThan(10);
    expect(doc.catalog[2].every((h) => h.file === `${h.office_code.toLowerCase()}.json`)).toBe(true);
    const catalog = built.catalogAt(root);
    // The file is read when its office is first asked for, not when the catalog is opened: an
    // edit of the same size, dated before the packing, shows (as it would in any packed file).
    const fr = join(root, 'data', 'closures', 'holidays', 'fr.json');
    const original = readFileSync(fr, 'utf8');
    const { mtime } = statSync(fr);
    writeFileSync(fr, original.replace('"country": "FR"', '"country": "XX"'));
    utimesSync(fr, mtime, mtime);
    expect(catalog.holidays.get('FR')?.country).toBe('XX');
    writeFileSync(fr, original);
    utimesSync(fr, mtime, mtime);
    const fresh = built.loadCatalog(root);
    expect(catalog.holidays.get('US')).toEqual(fresh.holidays.get('US'));
    expect(new Map(built.catalogAt(root).holidays)).toEqual(fresh.holidays);
  });

  it('is not used once a source file is newer than it, or differs in size', () => {
    const file = join(root, 'data', 'deadline-rules', 'us.json');
    const fresh = built.loadCatalog(root);
    const tamper = (files: (f: string[]) => void): void => {
      const doc = JSON.parse(readFileSync(packed, 'utf8')) as { files: string[]; catalog: [{ rules: { name: string }[] }[]] };
      for (const office of doc.catalog[0]) for (const rule of office.rules) rule.name = 'read from the packed file';
      files(doc.files);
      writeFileSync(packed, JSON.stringify(doc));
    };
    built.packCatalog(root);
    tamper(() => {});
    const later = new Date(Date.now() + 60_000);
    utimesSync(file, later, later);
    expect(built.catalogAt(root)).toEqual(fresh);
    const earlier = new Date(Date.now() - 60_000);
    utimesSync(file, earlier, earlier);
    built.packCatalog(root);
    tamper((files) => (files[files.length - 1] = `${files[files.length - 1]}0`));
    expect(built.catalogAt(root)).toEqual(fresh);
  });
});
