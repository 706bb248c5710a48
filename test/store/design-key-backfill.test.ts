// Migration 091 (issue 29 point 10): a store whose marks were stored before design keys existed
// gets them from the stored records on its next open, telling its progress, and `--design-code`
// search then finds those marks. Runs on either backend (TM_TEST_BACKEND).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, expect, it } from 'vitest';
import { tmCli } from '../helpers/tm-processes.js';
import { admin } from '../helpers/pg.js';
import { releaseLocation, storeLocation, TEST_BACKEND } from '../helpers/test-backend.js';

const FIGURATIVE = join(import.meta.dirname, '../../fixtures/euipo/figurative-2020/Trademark2020_validation-sample.json');
const dir = mkdtempSync(join(tmpdir(), 'tm-design-backfill-'));
const location = storeLocation(dir);
const tm = tmCli({ TM_DB: location, TM_NOW: '2026-11-22T12:00:00.000Z' });

/** Puts the store back to before migration 091: no design keys, 091 not recorded. */
const forgetDesignKeys = async (): Promise<void> => {
  const sql = 'DELETE FROM design_keys; DELETE FROM schema_migrations WHERE version = 91;';
  if (TEST_BACKEND === 'sqlite') {
    const db = new Database(location);
    db.exec(sql);
    db.close();
  } else await admin((c) => c.query(sql), location);
};

afterAll(async () => {
  await releaseLocation(location);
  rmSync(dir, { recursive: true, force: true });
});

it('backfills emptied design keys on open, and design-code search finds the marks again', async () => {
  expect((await tm('ingest', FIGURATIVE)).exitCode).toBe(0);
  const before = JSON.parse((await tm('search', '--design-code', '26.11.01', '--json')).stdout).data as { application_number: string }[];
  expect(before.length).toBeGreaterThan(0);

  await forgetDesignKeys();
  const r = await tm('search', '--design-code', '26.11.01', '--json');
  expect(r.exitCode).toBe(0);
  if (TEST_BACKEND === 'sqlite') expect(r.stderr).toMatch(/migration 091: design codes of \d+ trademarks filed/);
  const after = JSON.parse(r.stdout).data as { application_number: string }[];
  expect(after.map((h) => h.application_number)).toEqual(before.map((h) => h.application_number));
}, 60_000);
