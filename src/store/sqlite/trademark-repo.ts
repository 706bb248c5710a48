// Trademark rows: reads by id and number, filtered scans, and (trademark-writes.ts, imported on
// the first write) batched upserts with change detection. Each upsert batch is one transaction, so a
// failed batch leaves no trace; the store's ledger projection (hooks.projection) runs inside it,
// so the outbox commits with the change.
import { canonicalNumber } from '../../core/ids.js';
import type { TrademarkRecord } from '../../core/schemas/trademark.js';
import { parseRecord } from './records/record-codec.js';
import type { LedgerWriter } from './ledger-writer.js';
import { TRADEMARK_ORDER_SQL } from '../trademark-repo.js';
import type { Db } from './sqlite.js';
import type { TrademarkWrites } from './trademark-writes.js';
import type { ChangeHooks, TrademarkFilter, TrademarkOrder, TrademarkRepo } from '../trademark-repo.js';

const placeholders = (n: number): string => Array.from({ length: n }, () => '?').join(',');

/**
 * The `OFFICE:number` lookups: two, each on both columns of its index (an OR over the two keys
 * made SQLite use only office_code, scanning the whole office); an application number wins over a
 * registration one. test/unit/lookup-plan.test.ts checks their query plans.
 */
export const BY_APP_KEY = 'SELECT id FROM trademarks WHERE office_code = ? AND app_key = ? LIMIT 1';
export const BY_REG_KEY = 'SELECT id FROM trademarks WHERE office_code = ? AND reg_key = ? LIMIT 1';

/**
 * The WHERE clause of a filter over `trademarks t`. `inIdOrder` (a scan paging by id) keeps the
 * office, status and filing-date terms off their indexes (`+column`): a page of 1,000 ids is then a
 * range of the primary key, where an index on a common value (one office, the live marks) would
 * read and sort every matching row again for each page. test/unit/lookup-plan.test.ts checks both.
 */
export const trademarkWhere = (f: TrademarkFilter, inIdOrder = false): { sql: string; params: unknown[] } => {
  const plain = inIdOrder ? '+' : '';
  const parts: string[] = [];
  const params: unknown[] = [];
  const inList = (column: string, values: readonly unknown[] | undefined) => {
    if (!values || values.length === 0) return;
    parts.push(`${column} IN (${placeholders(values.length)})`);
    params.push(...values);
  };
  inList(`${plain}t.office_code`, f.offices);
  inList('t.id', f.ids);
  inList(`${plain}t.status_primary`, f.statusPrimary);
  inList('t.app_key', f.applicationNumbers);
  inList('t.reg_key', f.registrationNumbers);
  // A mark matches when one of its side rows (classes, owners, representatives) holds one of the values.
  const inSide = (table: string, column: string, values: readonly unknown[] | undefined): void => {
    if (!values?.length) return;
    parts.push(`t.id IN (SELECT trademark_id FROM ${table} WHERE ${column} IN (${placeholders(values.length)}))`);
    params.push(...values);
  };
  inSide('trademark_classes', 'nice_class', f.niceClasses);
  inSide('trademark_owners', 'owner_id', f.ownerIds);
  inSide('trademark_representatives', 'party_id', f.representativeIds);
  inSide('trademark_owners', 'entity_id', f.entityIds);
  if (f.portfolioId) {
    parts.push('t.id IN (SELECT trademark_id FROM portfolio_members WHERE portfolio_id = ?)');
    params.push(f.portfolioId);
  }
  if (f.filingDateGte) {
    parts.push(`${plain}t.filing_date >= ?`);
    params.push(f.filingDateGte);
  }
  if (f.filingDateLte) {
    parts.push(`${plain}t.filing_date <= ?`);
    params.push(f.filingDateLte);
  }
  return { sql: parts.length ? `WHERE ${parts.join(' AND ')}` : '', params };
};

export const createTrademarkRepo = (db: Db, hooks: ChangeHooks, ledgerWriter: () => LedgerWriter): TrademarkRepo => {
  const byId = db.prepare<[string], Buffer | string>('SELECT record FROM trademarks WHERE id = ?').pluck();
  const byAppKey = db.prepare<[string, string], string>(BY_APP_KEY).pluck();
  const byRegKey = db.prepare<[string, string], string>(BY_REG_KEY).pluck();

  // The write side, imported and made on the first write: a read neither loads its modules
  // (record diffs, representatives, the upsert rule) nor prepares its statements.
  let writes: Promise<TrademarkWrites> | undefined;
  const writer = (): Promise<TrademarkWrites> => (writes ??= import('./trademark-writes.js').then((m) => m.createTrademarkWrites(db, hooks, ledgerWriter, byId)));

  return {
    recordPacker: new URL('./records/record-codec.js', import.meta.url).href,
    beginLoad: async () => (await writer()).beginLoad(),
    restoreIndexes: async () => (await writer()).restoreIndexes(),
    upsert: async (records, occurredAt, watchEligible) => (await writer()).upsert(records, occurredAt, watchEligible),
    async get(ids: readonly string[]): Promise<Map<string, TrademarkRecord>> {
      const found = new Map<string, TrademarkRecord>();
      for (const id of ids) {
        const stored = byId.get(id);
        if (stored !== undefined) found.set(id, parseRecord<TrademarkRecord>(stored));
      }
      return found;
    },
    /** Resolves an office number (application or registration) to a trademark id. */
    async findId(officeCode: string, number: string): Promise<string | null> {
      const key = canonicalNumber(number);
      const office = officeCode.toUpperCase();
      return byAppKey.get(office, key) ?? byRegKey.get(office, key) ?? null;
    },
    async list(filter: TrademarkFilter, order: TrademarkOrder, limit: number, offset: number): Promise<TrademarkRecord[]> {
      const w = trademarkWhere(filter);
      const rows = db
        .prepare(`SELECT record FROM trademarks t ${w.sql} ORDER BY ${TRADEMARK_ORDER_SQL[order]} LIMIT ? OFFSET ?`)
        .all(...w.params, limit, offset) as { record: Buffer | string }[];
      return rows.map((row) => parseRecord<TrademarkRecord>(row.record));
    },
    async count(filter: TrademarkFilter): Promise<number> {
      const w = trademarkWhere(filter);
      return (db.prepare(`SELECT COUNT(*) AS n FROM trademarks t ${w.sql}`).get(...w.params) as { n: number }).n;
    },
    /** Pages through every row matching a filter in id order, a batch at a time, in constant memory. */
    async *scan(filter: TrademarkFilter, batchSize = 1000, from = ''): AsyncGenerator<TrademarkRecord[]> {
      const w = trademarkWhere(filter, true);
      const stmt = db.prepare(
        `SELECT id, record FROM trademarks t ${w.sql ? `${w.sql} AND` : 'WHERE'} t.id > ? ORDER BY t.id LIMIT ?`,
      );
      let after = from;
      for (;;) {
        const rows = stmt.all(...w.params, after, batchSize) as { id: string; record: Buffer | string }[];
        if (rows.length === 0) return;
        after = rows[rows.length - 1]!.id;
        yield rows.map((row) => parseRecord<TrademarkRecord>(row.record));
      }
    },
    /** Rows changed after a sequence number, for incremental index maintenance. */
    async changedSince(seq: number, limit: number): Promise<{ seq: number; record: TrademarkRecord }[]> {
      const rows = db
        .prepare('SELECT seq, record FROM trademarks WHERE seq > ? ORDER BY seq LIMIT ?')
        .all(seq, limit) as { seq: number; record: Buffer | string }[];
      return rows.map((row) => ({ seq: row.seq, record: parseRecord<TrademarkRecord>(row.record) }));
    },
    async stats(): Promise<{ office_code: string; status_primary: string; count: number }[]> {
      return db
        .prepare(
          'SELECT office_code, status_primary, COUNT(*) AS count FROM trademarks GROUP BY office_code, status_primary ORDER BY office_code, status_primary',
        )
        .all() as { office_code: string; status_primary: string; count: number }[];
    },
  };
};

