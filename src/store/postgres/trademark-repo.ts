// Trademark rows on PostgreSQL: the same upsert rule as SQLite (change detection by content hash,
// stale records skipped, one change event per changed mark, one sequence number per write), one
// transaction per batch under the store's write lock, new rows and side rows sent with COPY.
// A bulk load into an empty table drops the secondary indexes and defers the party counts, and
// does both once at its end; the loader holds a session advisory lock meanwhile, so a writer
// starting later can tell an interrupted load (lock free, indexes missing) from a running one.
import { canonicalNumber } from '../../core/ids.js';
import { diffRecords, serializeRecord } from '../../core/diff.js';
import { resolveRepresentatives } from '../../core/representatives.js';
import type { TrademarkRecord } from '../../core/schemas/trademark.js';
import type { ChangeHooks, TrademarkFilter, TrademarkRepo, UpsertOutcome } from '../trademark-repo.js';
import { batchResolver, type PendingOwner } from './entity-resolver.js';
import { projectChanges } from './ledger-writer.js';
import { SECONDARY_INDEXES } from './migrations/001-core.js';
import { countParties, writePrefixes } from './migrations/040-party-lookup.js';
import { DEFER_PARTY_COUNTS } from './migrations/070-bulk-load.js';
import { coalescer } from './coalesce.js';
import { createPgIrCandidates } from './ir-candidates.js';
import { copyTypedRows, indexName, type CopyType, type PgClient, type PgDb } from './pg.js';
import type { RequestTrip } from './request-trip.js';
import { CREATED_PAYLOAD, ledgerEvent, upsertStep } from '../upsert-rule.js';
import { TRADEMARK_ORDER_SQL } from '../trademark-repo.js';

const COLUMNS = [
  'id', 'office_code', 'application_number', 'app_key', 'registration_number', 'reg_key', 'mark_text', 'status_primary', 'status_stage',
  'filing_date', 'registration_date', 'expiry_date', 'publication_date', 'register_type', 'source_date', 'content_hash', 'record', 'seq',
  'created_at', 'updated_at',
];
/** A trademarks column's type for binary COPY: text but the sequence number. */
const typeOf = (column: string): CopyType => (column === 'seq' ? 'int8' : 'text');
const TYPES = COLUMNS.map(typeOf);
/** The columns an update writes (all but created_at), sent by COPY to a temporary table and applied by one UPDATE. */
const UPDATED = [...COLUMNS.slice(0, -2), 'updated_at'];
const UPDATED_TYPES = UPDATED.map(typeOf);
const TEXT4: readonly CopyType[] = ['text', 'text', 'text', 'text'];
const EVENT_TYPES: readonly CopyType[] = ['text', 'text', 'text', 'text', 'text', 'text', 'int4'];
const UPDATE_FROM = `UPDATE trademarks t SET ${UPDATED.slice(1).map((c) => `${c} = u.${c}`).join(', ')} FROM trademark_updates u WHERE t.id = u.id`;
/** Reads of at most this many ids are coalesced with others; larger ones go alone. */
const FEW = 8;
/** One batch at the server at a time, so the next goes out beside the next rate-limit take (request-trip.ts). */
const DETAIL_BATCH = { max: 64, inFlight: 1 };
/** The bulk load's session advisory lock (also the bulk_load lease, src/store/postgres/lease.ts). */
export const BULK_LOCK = 7_401_226;

interface Sides {
  classes: [string, number][];
  owners: PendingOwner[];
  reps: [string, string, string, string | null][];
  citations: [string, string, string, string, string, string][];
}

/** The filter as SQL over `t` (trademarks), with numbered parameters. */
const whereClause = (f: TrademarkFilter): { sql: string; params: unknown[] } => {
  const parts: string[] = [];
  const params: unknown[] = [];
  const p = (v: unknown): string => `$${params.push(v)}`;
  const any = (column: string, values: readonly unknown[] | undefined) => {
    if (values?.length) parts.push(`${column} = ANY(${p(values)})`);
  };
  const sub = (table: string, column: string, values: readonly unknown[] | undefined) => {
    if (values?.length) parts.push(`t.id IN (SELECT trademark_id FROM ${table} WHERE ${column} = ANY(${p(values)}))`);
  };
  any('t.office_code', f.offices);
  any('t.id', f.ids);
  any('t.status_primary', f.statusPrimary);
  any('t.app_key', f.applicationNumbers);
  any('t.reg_key', f.registrationNumbers);
  sub('trademark_classes', 'nice_class', f.niceClasses);
  sub('trademark_owners', 'owner_id', f.ownerIds);
  sub('trademark_representatives', 'party_id', f.representativeIds);
  sub('trademark_owners', 'entity_id', f.entityIds);
  if (f.portfolioId) parts.push(`t.id IN (SELECT trademark_id FROM portfolio_members WHERE portfolio_id = ${p(f.portfolioId)})`);
  if (f.filingDateGte) parts.push(`t.filing_date >= ${p(f.filingDateGte)}`);
  if (f.filingDateLte) parts.push(`t.filing_date <= ${p(f.filingDateLte)}`);
  return { sql: parts.length ? `WHERE ${parts.join(' AND ')}` : '', params };
};

/** What a bulk load leaves to its end (or, after a killed one, to the next writer): the secondary
 *  indexes and every party's counts (migration 70), each built once over the whole table. */
const finishBulk = async (c: PgClient): Promise<void> => {
  await c.query("SET LOCAL maintenance_work_mem = '256MB'");
  for (const s of SECONDARY_INDEXES) await c.query(s);
  await countParties(c);
};

export const createPgTrademarkRepo = (db: PgDb, trip: RequestTrip, hooks: ChangeHooks = {}): TrademarkRepo => {
  /** Stored records by id, one prepared statement for any number of ids. */
  const storedRecords = async (ids: readonly string[]): Promise<Map<string, string>> => {
    const rows = await db.query<{ id: string; record: string }>('SELECT id, record FROM trademarks WHERE id = ANY($1)', [[...new Set(ids)]], { prepared: true });
    return new Map(rows.map((r) => [r.id, r.record]));
  };
  /** Detail reads (one or a few ids) that arrive while others are at the server go as one statement (coalesce.ts), with a take when one is sent. */
  const fewRecords = coalescer<readonly string[], Map<string, string>>(async (calls) => {
    const all = await trip.records(calls.flat());
    return calls.map(() => all);
  }, DETAIL_BATCH);
  /** During a load: the (party, name) pairs whose prefixes a committed batch of it wrote. */
  let prefixed: Set<string> | null = null;
  /** A bulk load is running in this process: its batches leave the party counts to its end. */
  let deferring = false;
  const columns = (r: TrademarkRecord, stored: { json: string; hash: string }, seq: number): unknown[] => [
    r.office_code, r.application_number, canonicalNumber(r.application_number), r.registration_number,
    r.registration_number ? canonicalNumber(r.registration_number) : null, r.mark_text, r.status.primary, r.status.stage,
    r.filing_date, r.registration_date, r.expiry_date, r.publication_date, r.register?.type?.toLowerCase() ?? null, r.source_date,
    stored.hash, stored.json, seq,
  ];

  const upsertBatch = async (records: TrademarkRecord[], occurredAt: string, watchEligible: (r: TrademarkRecord) => boolean): Promise<UpsertOutcome> => {
    /** The pairs this batch writes prefixes for, remembered once it commits. */
    const pairs: string[] = [];
    const outcome = await db.tx(async (c) => {
      if (deferring) await c.query(`SET LOCAL ${DEFER_PARTY_COUNTS} = 'on'`);
      const outcome: UpsertOutcome = { inserted: 0, updated: 0, unchanged: 0, stale: 0, events: [] };
      let seq = Number((await c.query<{ seq: number | null }>('SELECT MAX(seq) AS seq FROM trademarks')).rows[0]!.seq ?? 0) + 1;
      const ids = records.map((r) => r.id);
      const known = new Map(
        (await c.query<{ id: string; content_hash: string; source_date: string | null }>('SELECT id, content_hash, source_date FROM trademarks WHERE id = ANY($1)', [ids])).rows.map((row) => [row.id, row]),
      );
      /** Rows this batch inserts and rows it replaces (each written by COPY at its end), by id. */
      const fresh = new Map<string, unknown[]>();
      const updates = new Map<string, unknown[]>();
      const replaced = new Set<string>();
      const stored = new Map<string, string>();
      const sides = new Map<string, Sides>();
      const events: unknown[][] = [];
      /** The (party, name) pairs whose name prefixes the lookups read (migration 40). */
      const named: [string, string][] = [];
      const resolver = await batchResolver(c, records.flatMap((r) => r.owners), function* () {
        for (const s of sides.values()) yield* s.owners;
      });
      const forms = records.map(serializeRecord);
      const changedIds = records.filter((r, i) => known.has(r.id) && known.get(r.id)!.content_hash !== forms[i]!.hash).map((r) => r.id);
      const before = new Map(
        changedIds.length ? (await c.query<{ id: string; record: string }>('SELECT id, record FROM trademarks WHERE id = ANY($1)', [changedIds])).rows.map((row) => [row.id, row.record]) : [],
      );

      const writeSides = async (r: TrademarkRecord): Promise<void> => {
        const s: Sides = { classes: [], owners: [], reps: [], citations: [] };
        sides.set(r.id, s);
        for (const cl of r.classifications) if (cl.nice_class !== null && !s.classes.some(([, n]) => n === cl.nice_class)) s.classes.push([r.id, cl.nice_class]);
        for (const o of r.owners) {
          named.push([o.owner_id, o.name]);
          const entity = await resolver.of(o, s.owners, occurredAt);
          if (!s.owners.some((x) => x.owner_id === o.owner_id)) s.owners.push({ trademark_id: r.id, owner_id: o.owner_id, entity_id: entity, name: o.name });
        }
        for (const l of resolveRepresentatives(r.attorneys)) {
          named.push([l.party_id, l.name]);
          if (!s.reps.some((x) => x[1] === l.party_id)) s.reps.push([r.id, l.party_id, l.name, l.firm_id]);
        }
        for (const pr of r.prior_registrations ?? []) {
          const number = canonicalNumber(pr.registration_number);
          if (!s.citations.some((x) => x[2] === pr.office_code && x[3] === number)) s.citations.push([r.id, 'prior_registration', pr.office_code, number, 'registration', r.source_format]);
        }
      };

      for (const [i, r] of records.entries()) {
        const ser = forms[i]!;
        const existing = known.get(r.id);
        if (!existing) {
          fresh.set(r.id, [r.id, ...columns(r, ser, seq++), occurredAt, occurredAt]);
          stored.set(r.id, ser.json);
          await writeSides(r);
          known.set(r.id, { id: r.id, content_hash: ser.hash, source_date: r.source_date });
          outcome.inserted++;
          if (watchEligible(r)) {
            const event = ledgerEvent(r, occurredAt);
            events.push([event.id, r.id, event.type, CREATED_PAYLOAD, occurredAt, r.source_date, 1]);
            outcome.events.push(event);
          }
          continue;
        }
        const step = upsertStep(existing, ser.hash, r.source_date);
        if (step !== 'update') {
          outcome[step]++;
          continue;
        }
        const previous = stored.get(r.id) ?? before.get(r.id)!;
        const change = diffRecords(JSON.parse(previous) as TrademarkRecord, r);
        const row = fresh.get(r.id);
        if (row) {
          // Inserted earlier in this batch: the row to COPY takes the newer values.
          row.splice(1, 17, ...columns(r, ser, seq++));
          row[19] = occurredAt;
        } else {
          // A mark changed twice in one batch: the later version replaces the row to write.
          updates.set(r.id, [r.id, ...columns(r, ser, seq++), occurredAt]);
          replaced.add(r.id);
        }
        stored.set(r.id, ser.json);
        await writeSides(r);
        known.set(r.id, { id: r.id, content_hash: ser.hash, source_date: r.source_date });
        outcome.updated++;
        if (!change) continue;
        const event = ledgerEvent(r, occurredAt, change);
        events.push([event.id, r.id, event.type, JSON.stringify(change), occurredAt, r.source_date, watchEligible(r) ? 1 : 0]);
        outcome.events.push(event);
      }
      if (replaced.size > 0) {
        const gone = [...replaced];
        for (const table of ['trademark_classes', 'trademark_owners', 'trademark_representatives']) await c.query(`DELETE FROM ${table} WHERE trademark_id = ANY($1)`, [gone]);
        await c.query("DELETE FROM trademark_citations WHERE trademark_id = ANY($1) AND relation = 'prior_registration'", [gone]);
      }
      if (updates.size > 0) {
        await c.query(`CREATE TEMP TABLE trademark_updates ON COMMIT DROP AS SELECT ${UPDATED.join(', ')} FROM trademarks WITH NO DATA`);
        await copyTypedRows(c, 'trademark_updates', UPDATED, UPDATED_TYPES, [...updates.values()]);
        await c.query(UPDATE_FROM);
      }
      const all = [...sides.values()];
      await copyTypedRows(c, 'trademarks', COLUMNS, TYPES, [...fresh.values()]);
      await copyTypedRows(c, 'trademark_classes', ['trademark_id', 'nice_class'], ['text', 'int4'], all.flatMap((s) => s.classes));
      await copyTypedRows(c, 'trademark_owners', ['trademark_id', 'owner_id', 'entity_id', 'name'], TEXT4, all.flatMap((s) => s.owners.map((o) => [o.trademark_id, o.owner_id, o.entity_id, o.name])));
      await copyTypedRows(c, 'trademark_representatives', ['trademark_id', 'party_id', 'name', 'firm_id'], TEXT4, all.flatMap((s) => s.reps));
      // A citation row another relation already holds stays as it is (SQLite's INSERT OR IGNORE).
      const cites = all.flatMap((s) => s.citations);
      if (cites.length) {
        await c.query(
          `INSERT INTO trademark_citations (trademark_id, relation, office_code, number, number_type, source)
           SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[]) ON CONFLICT DO NOTHING`,
          [0, 1, 2, 3, 4, 5].map((i) => cites.map((x) => x[i])),
        );
      }
      await copyTypedRows(c, 'events', ['id', 'trademark_id', 'type', 'payload', 'occurred_at', 'source_date', 'watch_eligible'], EVENT_TYPES, events);
      // Party names repeat across a load's marks: each (party, name) pair's prefixes are written once.
      const unwritten = named.filter(([id, name]) => {
        const pair = `${id}\u0000${name}`;
        if (prefixed?.has(pair)) return false;
        pairs.push(pair);
        return true;
      });
      await writePrefixes(c, unwritten);
      await resolver.flush();
      // The ledger and its outbox commit with the changes that caused them.
      if (events.length > 0 && hooks.projection) await projectChanges(c, hooks.projection);
      return outcome;
    });
    for (const pair of pairs) prefixed?.add(pair);
    return outcome;
  };

  const present = async (): Promise<boolean> =>
    Number((await db.query<{ n: number }>('SELECT COUNT(*) AS n FROM pg_indexes WHERE schemaname = current_schema() AND indexname = ANY($1)', [SECONDARY_INDEXES.map(indexName)]))[0]!.n) ===
    SECONDARY_INDEXES.length;

  return {
    recordPacker: null,
    async beginLoad() {
      await db.ready();
      const holder = await db.pool.connect();
      let bulk = false;
      try {
        const empty = (await holder.query('SELECT 1 FROM trademarks LIMIT 1')).rowCount === 0;
        if (empty && (await holder.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1) AS ok', [BULK_LOCK])).rows[0]!.ok) {
          bulk = true;
          await db.tx(async (c) => {
            for (const s of SECONDARY_INDEXES) await c.query(`DROP INDEX IF EXISTS ${indexName(s)}`);
          });
        }
      } catch (err) {
        holder.release();
        throw err;
      }
      if (!bulk) holder.release();
      prefixed = new Set();
      deferring = bulk;
      return {
        bulk,
        async finish() {
          prefixed = null;
          deferring = false;
          if (!bulk) return;
          try {
            await db.tx(finishBulk);
          } finally {
            await holder.query('SELECT pg_advisory_unlock($1)', [BULK_LOCK]).catch(() => {});
            holder.release();
          }
        },
      };
    },
    async restoreIndexes() {
      if (await present()) return false;
      // A running load holds the lock; a killed one's session ended and let it go.
      return db.tx(async (c) => {
        if (!(await c.query<{ ok: boolean }>('SELECT pg_try_advisory_xact_lock($1) AS ok', [BULK_LOCK])).rows[0]!.ok) return false;
        await finishBulk(c);
        return true;
      });
    },
    async upsert(records, occurredAt, watchEligible = () => false) {
      return upsertBatch(records, occurredAt, watchEligible);
    },
    async get(ids) {
      const byId = ids.length === 0 ? new Map<string, string>() : ids.length <= FEW ? await fewRecords(ids) : await storedRecords(ids);
      const found = new Map<string, TrademarkRecord>();
      for (const id of ids) {
        const record = byId.get(id);
        if (record) found.set(id, JSON.parse(record) as TrademarkRecord);
      }
      return found;
    },
    irCandidates: createPgIrCandidates(db),
    async findId(officeCode, number) {
      const key = canonicalNumber(number);
      const office = officeCode.toUpperCase();
      const one = async (column: string): Promise<string | null> =>
        (await db.query<{ id: string }>(`SELECT id FROM trademarks WHERE office_code = $1 AND ${column} = $2 LIMIT 1`, [office, key]))[0]?.id ?? null;
      return (await one('app_key')) ?? (await one('reg_key'));
    },
    async list(filter, order, limit, offset) {
      const w = whereClause(filter);
      const n = w.params.length;
      const rows = await db.query<{ record: string }>(`SELECT record FROM trademarks t ${w.sql} ORDER BY ${TRADEMARK_ORDER_SQL[order]} LIMIT $${n + 1} OFFSET $${n + 2}`, [...w.params, limit, offset]);
      return rows.map((row) => JSON.parse(row.record) as TrademarkRecord);
    },
    async count(filter) {
      const w = whereClause(filter);
      return Number((await db.query<{ n: number }>(`SELECT COUNT(*) AS n FROM trademarks t ${w.sql}`, w.params))[0]!.n);
    },
    async *scan(filter, batchSize = 1000, from = '') {
      const w = whereClause(filter);
      const n = w.params.length;
      const sql = `SELECT id, record FROM trademarks t ${w.sql ? `${w.sql} AND` : 'WHERE'} t.id > $${n + 1} ORDER BY t.id LIMIT $${n + 2}`;
      let after = from;
      for (;;) {
        const rows = await db.query<{ id: string; record: string }>(sql, [...w.params, after, batchSize]);
        if (rows.length === 0) return;
        after = rows[rows.length - 1]!.id;
        yield rows.map((row) => JSON.parse(row.record) as TrademarkRecord);
      }
    },
    async changedSince(seq, limit) {
      const rows = await db.query<{ seq: number; record: string }>('SELECT seq, record FROM trademarks WHERE seq > $1 ORDER BY seq LIMIT $2', [seq, limit]);
      return rows.map((row) => ({ seq: Number(row.seq), record: JSON.parse(row.record) as TrademarkRecord }));
    },
    async stats() {
      return db.query<{ office_code: string; status_primary: string; count: number }>(
        'SELECT office_code, status_primary, COUNT(*) AS count FROM trademarks GROUP BY office_code, status_primary ORDER BY office_code, status_primary',
      );
    },
  };
};
