// Migrations owned in version ranges arrive out of order: a lower version landing after a higher
// one was applied must still be applied, also on a store from before versions were recorded.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/store/sqlite.js';
import { MIGRATIONS } from '../../src/store/migrations/index.js';

const dir = mkdtempSync(join(tmpdir(), 'tm-migrate-'));
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const tables = (path: string): string[] => {
  const db = openDatabase(path);
  const names = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all() as string[];
  db.close();
  return names;
};

describe('migrations', () => {
  it('records every version it applies', () => {
    const db = openDatabase(join(dir, 'a.db'));
    expect(db.prepare('SELECT version FROM schema_migrations ORDER BY version').pluck().all()).toEqual(MIGRATIONS.map((m) => m.version).sort((a, b) => a - b));
    db.close();
  });

  it('applies a lower version missed by a store whose user_version is already past it', () => {
    const path = join(dir, 'b.db');
    const db = openDatabase(path);
    // The shape a store had when user_version alone decided: assignments (30) there, screenings (25) not.
    db.exec('DROP TABLE screening_decisions; DROP TABLE screenings; DROP TABLE schema_migrations');
    db.pragma('user_version = 31');
    db.close();
    expect(tables(path)).toEqual(expect.arrayContaining(['screenings', 'screening_decisions', 'assignments']));
  });
});
