// The write side of the SQLite trademark repository: batched upserts with change detection, the
// side rows (classes, owners, representatives, citations, name prefixes) and the bulk load's
// indexes. Imported and made on a store's first write (trademark-repo.ts): a command that only
// reads (`tm show`, `tm search`) loads none of this and prepares none of these statements, nor
// the ledger writer's (issue 26.12).
import { canonicalNumber } from '../../core/ids.js';
import { diffRecords, serializeRecord, type StoredForm } from '../../core/diff.js';
import { resolveRepresentatives } from '../../core/representatives.js';
import { partyNamePrefixes } from '../../core/name-prefixes.js';
import type { TrademarkRecord } from '../../core/schemas/trademark.js';
import { entityResolver } from './entity-repo.js';
import { SECONDARY_INDEXES } from './migrations/001-core.js';
import { createLeases } from './lease.js';
import { encodeRecord, parseRecord } from './records/record-codec.js';
import type { LedgerWriter } from './ledger-writer.js';
import { CREATED_PAYLOAD, ledgerEvent, upsertStep } from '../upsert-rule.js';
import { createIndexes, dropIndexes, hasIndexes, loadPragmas, writeTransaction, type Db } from './sqlite.js';
import type { ChangeHooks, TrademarkRepo, UpsertOutcome } from '../trademark-repo.js';

/**
 * What a bulk load drops and builds once at its end: the trademarks' secondary indexes, the
 * representatives' party index, and the party ranking by marks, which the count triggers
 * (migration 050) would otherwise move once for every owner and representative row stored.
 */
const BULK_INDEXES: readonly string[] = [
  ...SECONDARY_INDEXES,
  'CREATE INDEX IF NOT EXISTS trademark_representatives_party ON trademark_representatives (party_id)',
  'CREATE INDEX IF NOT EXISTS party_stats_by_marks ON party_stats (kind, marks DESC, party_id)',
];

export type TrademarkWrites = Pick<TrademarkRepo, 'beginLoad' | 'restoreIndexes' | 'upsert'>;

/** `byId` reads a stored record (the repository's own statement); `ledgerWriter` is asked for on the first change projected. */
export const createTrademarkWrites = (db: Db, hooks: ChangeHooks, ledgerWriter: () => LedgerWriter, byId: { get(id: string): Buffer | string | undefined }): TrademarkWrites => {
  const leases = createLeases(db);
  const anyRow = db.prepare('SELECT 1 FROM trademarks LIMIT 1').pluck();
  // One lookup per batch; the stored record is read only when the hash differs and it is not stale.
  const selectHashes = db.prepare<[string], { id: string; content_hash: string; source_date: string | null }>(
    'SELECT id, content_hash, source_date FROM trademarks WHERE id IN (SELECT value FROM json_each(?))',
  );
  const insertRow = db.prepare(
    `INSERT INTO trademarks (id, office_code, application_number, app_key, registration_number, reg_key, mark_text,
       status_primary, status_stage, filing_date, registration_date, expiry_date, publication_date, register_type, source_date,
       content_hash, record, seq, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const updateRow = db.prepare(
    `UPDATE trademarks SET office_code = ?, application_number = ?, app_key = ?, registration_number = ?, reg_key = ?,
       mark_text = ?, status_primary = ?, status_stage = ?, filing_date = ?, registration_date = ?, expiry_date = ?,
       publication_date = ?, register_type = ?, source_date = ?, content_hash = ?, record = ?, seq = ?, updated_at = ?
     WHERE id = ?`,
  );
  const deleteClasses = db.prepare('DELETE FROM trademark_classes WHERE trademark_id = ?');
  const insertClass = db.prepare('INSERT OR IGNORE INTO trademark_classes (trademark_id, nice_class) VALUES (?, ?)');
  const deleteOwners = db.prepare('DELETE FROM trademark_owners WHERE trademark_id = ?');
  const entities = entityResolver(db);
  const insertOwner = db.prepare(
    'INSERT OR IGNORE INTO trademark_owners (trademark_id, owner_id, entity_id, name) VALUES (?, ?, ?, ?)',
  );
  const deleteReps = db.prepare('DELETE FROM trademark_representatives WHERE trademark_id = ?');
  const insertRep = db.prepare('INSERT OR IGNORE INTO trademark_representatives (trademark_id, party_id, name, firm_id) VALUES (?, ?, ?, ?)');
  // The name index of owners, attorneys and firms (migration 050); their counts are kept by triggers.
  const insertPrefix = db.prepare('INSERT OR IGNORE INTO party_name_prefixes (prefix, party_id) VALUES (?, ?)');
  const deleteCitations = db.prepare("DELETE FROM trademark_citations WHERE trademark_id = ? AND relation = 'prior_registration'");
  const insertCitation = db.prepare(
    "INSERT OR IGNORE INTO trademark_citations (trademark_id, relation, office_code, number, number_type, source) VALUES (?, 'prior_registration', ?, ?, 'registration', ?)",
  );
  const insertEvent = db.prepare(
    'INSERT INTO events (id, trademark_id, type, payload, occurred_at, source_date, watch_eligible) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  const maxSeq = db.prepare<[], { seq: number | null }>('SELECT MAX(seq) AS seq FROM trademarks');
  /** The indexed columns of a row, in the order both write statements take them. */
  const columns = (r: TrademarkRecord, stored: StoredForm, seq: number) => [
    r.office_code, r.application_number, canonicalNumber(r.application_number), r.registration_number,
    r.registration_number ? canonicalNumber(r.registration_number) : null, r.mark_text, r.status.primary, r.status.stage,
    r.filing_date, r.registration_date, r.expiry_date, r.publication_date, r.register?.type?.toLowerCase() ?? null, r.source_date,
    stored.hash, stored.packed ?? encodeRecord(stored.json), seq,
  ];

  /**
   * During a load: the (party, name) pairs whose name prefixes a committed batch of it wrote. Names
   * repeat across a load's marks (an attorney on thousands), and the prefix rows are the same each
   * time, so each pair is written once a load; `pending` holds the running batch's until it commits.
   */
  let prefixed: Set<string> | null = null;
  let pending = new Set<string>();
  const writePrefixes = (partyId: string, name: string): void => {
    const pair = `${partyId}\u0000${name}`;
    if (prefixed?.has(pair) || pending.has(pair)) return;
    for (const p of partyNamePrefixes(partyId, name)) insertPrefix.run(p, partyId);
    pending.add(pair);
  };

  const writeSides = (r: TrademarkRecord, isNew: boolean, at: string): void => {
    if (!isNew) {
      deleteClasses.run(r.id);
      deleteOwners.run(r.id);
      deleteReps.run(r.id);
      deleteCitations.run(r.id);
    }
    for (const c of r.classifications) if (c.nice_class !== null) insertClass.run(r.id, c.nice_class);
    for (const o of r.owners) {
      insertOwner.run(r.id, o.owner_id, entities.of(o, r.id, at), o.name);
      writePrefixes(o.owner_id, o.name);
    }
    for (const l of resolveRepresentatives(r.attorneys)) {
      insertRep.run(r.id, l.party_id, l.name, l.firm_id);
      writePrefixes(l.party_id, l.name);
    }
    for (const p of r.prior_registrations ?? []) insertCitation.run(r.id, p.office_code, canonicalNumber(p.registration_number), r.source_format);
  };

  const upsertBatch = writeTransaction(db, (records: TrademarkRecord[], occurredAt: string, watchEligible: (r: TrademarkRecord) => boolean): UpsertOutcome => {
    const outcome: UpsertOutcome = { inserted: 0, updated: 0, unchanged: 0, stale: 0, events: [] };
    pending = new Set();
    let seq = (maxSeq.get()?.seq ?? 0) + 1;
    const known = new Map(selectHashes.all(JSON.stringify(records.map((r) => r.id))).map((row) => [row.id, row]));
    for (const r of records) {
      const stored = serializeRecord(r);
      const existing = known.get(r.id);
      if (!existing) {
        insertRow.run(r.id, ...columns(r, stored, seq++), occurredAt, occurredAt);
        writeSides(r, true, occurredAt);
        known.set(r.id, { id: r.id, content_hash: stored.hash, source_date: r.source_date });
        outcome.inserted++;
        // A new mark is a change only on a watch-eligible run; a backfill stores no creation events.
        if (watchEligible(r)) {
          const event = ledgerEvent(r, occurredAt);
          insertEvent.run(event.id, r.id, event.type, CREATED_PAYLOAD, occurredAt, r.source_date, 1);
          outcome.events.push(event);
        }
        continue;
      }
      const step = upsertStep(existing, stored.hash, r.source_date);
      if (step !== 'update') {
        outcome[step]++;
        continue;
      }
      const change = diffRecords(parseRecord<TrademarkRecord>(byId.get(r.id)!), r);
      updateRow.run(...columns(r, stored, seq++), occurredAt, r.id);
      writeSides(r, false, occurredAt);
      known.set(r.id, { id: r.id, content_hash: stored.hash, source_date: r.source_date });
      outcome.updated++;
      if (!change) continue;
      const event = ledgerEvent(r, occurredAt, change);
      insertEvent.run(event.id, r.id, event.type, JSON.stringify(change), occurredAt, r.source_date, watchEligible(r) ? 1 : 0);
      outcome.events.push(event);
    }
    if (outcome.events.length > 0 && hooks.projection) ledgerWriter().project(hooks.projection);
    return outcome;
  });

  return {
    /**
     * Brackets a run of upserts (one ingest). Into an empty table it is a bulk load: the secondary
     * indexes are dropped and built once by finish(), which also runs if the load fails.
     */
    async beginLoad(): Promise<{ bulk: boolean; finish(): Promise<void> }> {
      const restore = loadPragmas(db);
      prefixed = new Set();
      // The lease tells a writer starting meanwhile that the dropped indexes are this load's, not an interrupted one's.
      const bulk = writeTransaction(db, () => {
        if (anyRow.get() !== undefined || !leases.claim('bulk_load')) return false;
        dropIndexes(db, BULK_INDEXES);
        return true;
      })();
      return {
        bulk,
        async finish() {
          prefixed = null;
          if (bulk) {
            writeTransaction(db, () => {
              createIndexes(db, BULK_INDEXES);
              leases.release('bulk_load');
            })();
          }
          restore();
        },
      };
    },
    /**
     * At a writer's start: builds the indexes that an interrupted bulk load left dropped (readers
     * never do; they scan until then). Returns whether it built them.
     */
    async restoreIndexes(): Promise<boolean> {
      if (hasIndexes(db, BULK_INDEXES) || leases.holder('bulk_load') !== null) return false;
      createIndexes(db, BULK_INDEXES);
      return true;
    },
    /**
     * `watchEligible` says whether a record's changes may raise watch alerts (spec §6.1: not on a
     * backfill); without it nothing is eligible, so direct loads (tests, tools) never alert.
     */
    async upsert(records: TrademarkRecord[], occurredAt: string, watchEligible: (r: TrademarkRecord) => boolean = () => false): Promise<UpsertOutcome> {
      const outcome = upsertBatch(records, occurredAt, watchEligible);
      for (const pair of pending) prefixed?.add(pair);
      return outcome;
    },
  };
};
