// The store: one object per concern (trademarks, events, offices, …), each async and batch-shaped
// so that a second backend can implement the same surface. All SQL lives below this folder.
import { createAssignmentRepo } from './assignment-repo.js';
import { createAuthRepo } from './auth-repo.js';
import { createDocumentRepo } from './document-repo.js';
import { createEntityRepo } from './entity-repo.js';
import { createEventRepo } from './event-repo.js';
import { createLedgerRepo } from './ledger-repo.js';
import { createMonitorRepo } from './monitor-repo.js';
import { createOfficeRepo } from './office-repo.js';
import { createPartyRepo } from './party-repo.js';
import { createPortfolioRepo } from './portfolio-repo.js';
import { createProceedingRepo } from './proceeding-repo.js';
import { createWatchRepo } from './watch-repo.js';
import { createScreeningRepo } from './screening-repo.js';
import { deferCheckpoints, startCheckpointer } from './checkpointer.js';
import { openDatabase, type Db } from './sqlite.js';
import { createTrademarkRepo, type ChangeHooks } from './trademark-repo.js';
import { createWebhookRepo } from './webhook-repo.js';

/** `hooks.withinChanges` joins every change-writing transaction (createContext passes the ledger projector). */
export const openStore = (path: string, hooks: ChangeHooks = {}) => {
  const db: Db = openDatabase(path);
  return {
    path,
    trademarks: createTrademarkRepo(db, hooks),
    events: createEventRepo(db),
    offices: createOfficeRepo(db),
    auth: createAuthRepo(db),
    parties: createPartyRepo(db),
    assignments: createAssignmentRepo(db),
    proceedings: createProceedingRepo(db),
    entities: createEntityRepo(db),
    documents: createDocumentRepo(db),
    portfolios: createPortfolioRepo(db),
    screenings: createScreeningRepo(db),
    ledger: createLedgerRepo(db),
    webhooks: createWebhookRepo(db),
    watches: createWatchRepo(db),
    monitors: createMonitorRepo(db),
    /** A serving process's commits never copy the WAL back (store/checkpointer.ts); some other writer must. */
    deferCheckpoints: () => deferCheckpoints(db),
    /** Defers this connection's checkpoints to a thread of this process, until `stop()`. */
    startCheckpointer: () => startCheckpointer(db, path),
    /** A cheap round trip, for readiness probes. */
    async ping(): Promise<void> {
      db.prepare('SELECT 1').get();
    },
    async close(): Promise<void> {
      if (db.open) db.close();
    },
    /** For other repos created beside this one (search index tables, auth); never for ops or surfaces. */
    db,
  };
};

export type Store = ReturnType<typeof openStore>;
