import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../src/store/sqlite/migrations/index.js';
import { openDatabase } from '../../src/store/sqlite/sqlite.js';

describe('migration 004: index columns', () => {
  const dir = mkdtempSync(join(tmpdir(), 'tm-migration-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('fills publication date and register type of rows stored before it from their record JSON', () => {
    const path = join(dir, 'old.db');
    const old = new Database(path);
    for (const m of MIGRATIONS.filter((x) => x.version <= 3)) old.exec(m.sql);
    old.pragma('user_version = 3');
    const insert = old.prepare(
      `INSERT INTO trademarks (id, office_code, application_number, app_key, status_primary, status_stage, content_hash, record, created_at, updated_at, seq)
       VALUES (?, 'US', ?, ?, 'registered', 'registered', 'h', ?, 't', 't', ?)`,
    );
    insert.run('tm_a', '1', '1', JSON.stringify({ publication_date: '2020-05-05', register: { type: 'Supplemental' } }), 1);
    insert.run('tm_b', '2', '2', JSON.stringify({ publication_date: null, register: null }), 2);
    old.close();

    const db = openDatabase(path);
    const rows = db.prepare('SELECT id, publication_date, register_type FROM trademarks ORDER BY id').all();
    expect(db.pragma('user_version', { simple: true })).toBeGreaterThanOrEqual(4);
    db.close();
    expect(rows).toEqual([
      { id: 'tm_a', publication_date: '2020-05-05', register_type: 'supplemental' },
      { id: 'tm_b', publication_date: null, register_type: null },
    ]);
  });
});
