// The store backends every contract suite runs on: SQLite always, PostgreSQL when TM_TEST_PG names
// a server (each open makes its own random database and drops it on close).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openPostgresStore } from '../../src/store/postgres/store.js';
import { openSqliteStore } from '../../src/store/sqlite/store.js';
import type { Store } from '../../src/store/store.js';
import type { ChangeHooks } from '../../src/store/trademark-repo.js';
import { createTestDatabase, PG_ENABLED } from './pg.js';

export interface Backend {
  name: 'sqlite' | 'postgres';
  /** `hooks` as createContext passes them (the ledger projection), or none as a tool opens a store. */
  open(hooks?: ChangeHooks): Promise<{ store: Store; close(): Promise<void> }>;
}

export const BACKENDS: Backend[] = [
  {
    name: 'sqlite',
    open: async (hooks) => {
      const dir = mkdtempSync(join(tmpdir(), 'tm-contract-'));
      const store = openSqliteStore(join(dir, 'tm.db'), hooks);
      return { store, close: async () => (await store.close(), rmSync(dir, { recursive: true, force: true })) };
    },
  },
  ...(PG_ENABLED
    ? [{
        name: 'postgres' as const,
        open: async (hooks?: ChangeHooks) => {
          const db = await createTestDatabase();
          const store = openPostgresStore(db.url, hooks);
          return { store, close: async () => (await store.close(), await db.drop()) };
        },
      }]
    : []),
];
