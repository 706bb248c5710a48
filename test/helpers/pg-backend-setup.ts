// Setup for every file of the `postgres` project: this worker's databases exist (copied from the
// run's template on first use) and are freshly migrated and empty before the file's first hook.
import { beforeAll, inject } from 'vitest';
import { databaseUrl } from './pg.js';
import { copyTemplate, resetDatabase } from './pg-reset.js';
import { PG_SLOTS, slotName } from './test-backend.js';

beforeAll(async () => {
  for (let slot = 0; slot < PG_SLOTS; slot++) {
    await copyTemplate(`${inject('pgRun')}_tpl`, slotName(slot));
    await resetDatabase(databaseUrl(slotName(slot)));
  }
});
