// The numbered migrations, applied in order inside one transaction each. Add a file, add a line.
import type { Db, MigrationProgress } from '../sqlite.js';
import { sql as core } from './001-core.js';
import { sql as search } from './002-search.js';
import { sql as auth } from './003-auth.js';
import { sql as indexColumns } from './004-index-columns.js';
import { sql as cursorSecret } from './005-cursor-secret.js';
import { sql as portfolios } from './010-portfolios.js';
import { sql as watches } from './011-watches.js';
import { sql as eventsWebhooks } from './015-events-webhooks.js';
import { sql as portfolioHoldings } from './016-portfolio-holdings.js';
import { sql as monitorWebhooks } from './017-monitor-webhooks.js';
import { sql as pendingDeliveries } from './018-pending-deliveries.js';
import { sql as deliveryClaims } from './019-delivery-claims.js';
import { sql as screenings } from './025-screenings.js';
import { sql as assignments } from './030-assignments.js';
import { sql as entities } from './031-entities.js';
import { sql as representatives, backfill as representativesBackfill } from './032-representatives.js';
import { sql as coverageDocuments } from './033-coverage-documents.js';
import { sql as proceedings } from './034-proceedings.js';
import { sql as gramKeys } from './035-gram-keys.js';
import { sql as soundKeys } from './036-sound-keys.js';
import { sql as gramPostings } from './037-gram-postings.js';
import { sql as entitySignals } from './045-entity-signals.js';
import { sql as partyLookup, backfill as partyLookupBackfill } from './050-party-lookup.js';
import { sql as feedTokens } from './052-feed-tokens.js';
import { sql as attemptsInFlight } from './056-attempts-in-flight.js';
import { sql as orgPlans } from './060-org-plans.js';
import { sql as compactRecords, backfill as compactRecordsBackfill } from './064-compact-records.js';
import { sql as partyMerges } from './073-party-merges.js';
import { sql as figures } from './090-figures.js';
import { sql as designKeyBackfill, backfill as designKeyBackfillRows } from './091-design-key-backfill.js';
import { sql as packedKeys, backfill as packedKeysBackfill } from './092-packed-keys.js';
import { sql as keyRowids, backfill as keyRowidsBackfill } from './093-key-rowids.js';

/** `backfill` fills a new table from rows already stored, in the migration's transaction. */
export const MIGRATIONS: ReadonlyArray<{ version: number; name: string; sql: string; backfill?: (db: Db, progress: MigrationProgress) => void }> = [
  { version: 1, name: 'core', sql: core },
  { version: 2, name: 'search', sql: search },
  { version: 3, name: 'auth', sql: auth },
  { version: 4, name: 'index-columns', sql: indexColumns },
  { version: 5, name: 'cursor-secret', sql: cursorSecret },
  { version: 10, name: 'portfolios', sql: portfolios },
  { version: 11, name: 'watches', sql: watches },
  { version: 15, name: 'events-webhooks', sql: eventsWebhooks },
  { version: 16, name: 'portfolio-holdings', sql: portfolioHoldings },
  { version: 17, name: 'monitor-webhooks', sql: monitorWebhooks },
  { version: 18, name: 'pending-deliveries', sql: pendingDeliveries },
  { version: 19, name: 'delivery-claims', sql: deliveryClaims },
  { version: 25, name: 'screenings', sql: screenings },
  { version: 30, name: 'assignments', sql: assignments },
  { version: 31, name: 'entities', sql: entities },
  { version: 32, name: 'representatives', sql: representatives, backfill: representativesBackfill },
  { version: 33, name: 'coverage-documents', sql: coverageDocuments },
  { version: 34, name: 'proceedings', sql: proceedings },
  { version: 35, name: 'gram-keys', sql: gramKeys },
  { version: 36, name: 'sound-keys', sql: soundKeys },
  { version: 37, name: 'gram-postings', sql: gramPostings },
  { version: 45, name: 'entity-signals', sql: entitySignals },
  { version: 50, name: 'party-lookup', sql: partyLookup, backfill: partyLookupBackfill },
  { version: 52, name: 'feed-tokens', sql: feedTokens },
  { version: 56, name: 'attempts-in-flight', sql: attemptsInFlight },
  { version: 60, name: 'org-plans', sql: orgPlans },
  { version: 64, name: 'compact-records', sql: compactRecords, backfill: compactRecordsBackfill },
  { version: 73, name: 'party-merges', sql: partyMerges },
  { version: 90, name: 'figures', sql: figures },
  { version: 91, name: 'design-key-backfill', sql: designKeyBackfill, backfill: designKeyBackfillRows },
  { version: 92, name: 'packed-keys', sql: packedKeys, backfill: packedKeysBackfill },
  { version: 93, name: 'key-rowids', sql: keyRowids, backfill: keyRowidsBackfill },
];
