// Watches and alerts, scoped by organization, and the reads evaluation makes: the active watches,
// the eligible change events after a cursor, and one transaction that writes a watch's alerts and
// moves its cursor (the unique (watch, event) pair makes a repeated run write nothing twice).
import { writeTransaction, type Db } from './sqlite.js';
import type { AlertSideWrites } from '../ledger-repo.js';
import type { LedgerWriter } from './ledger-writer.js';
import type { AlertFilter, AlertRow, ChangeEvent, NewAlert, NewWatch, WatchRepo, WatchRow } from '../watch-repo.js';

const WATCH_COLUMNS = [
  'id', 'org_id', 'name', 'watch_type', 'query', 'matching', 'trigger_events', 'delivery_mode', 'customer_reference', 'metadata',
  'status', 'monitor_id', 'cursor', 'created_at', 'updated_at',
] as const;

/** Inserts watches (all or none inside the caller's transaction); the monitor repo writes its item watches with it. */
export const watchInserter = (db: Db): ((rows: readonly NewWatch[]) => void) => {
  const insert = db.prepare(`INSERT INTO watches (${WATCH_COLUMNS.join(', ')}) VALUES (${WATCH_COLUMNS.map(() => '?').join(', ')})`);
  return (rows) => {
    for (const r of rows) insert.run(...WATCH_COLUMNS.map((c) => r[c]));
  };
};

export const createWatchRepo = (db: Db, writer: LedgerWriter): WatchRepo => {
  const getOne = db.prepare<[string, string], WatchRow>('SELECT * FROM watches WHERE id = ? AND org_id = ?');
  const page = db.prepare<[string, number, number], WatchRow>('SELECT * FROM watches WHERE org_id = ? ORDER BY created_at, id LIMIT ? OFFSET ?');
  const countOrg = db.prepare<[string], number>('SELECT COUNT(*) FROM watches WHERE org_id = ?').pluck();
  const remove = db.prepare('DELETE FROM watches WHERE id = ? AND org_id = ?');
  const insertAll = watchInserter(db);
  const active = db.prepare<[], WatchRow>("SELECT * FROM watches WHERE status = 'active' ORDER BY id");
  const maxSeq = db.prepare<[], number | null>('SELECT MAX(seq) FROM events').pluck();
  const seqBefore = db.prepare<[string], number | null>('SELECT MAX(seq) FROM events WHERE occurred_at < ?').pluck();
  const eventsAfter = db.prepare<[number, number, number], ChangeEvent>(
    'SELECT seq, id, trademark_id, type, payload, occurred_at, source_date FROM events WHERE seq > ? AND seq <= ? AND watch_eligible = 1 ORDER BY seq LIMIT ?',
  );
  const insertAlert = db.prepare(
    `INSERT INTO alerts (id, org_id, watch_id, event_id, event_seq, trademark_id, event_type, body, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (watch_id, event_id) DO NOTHING`,
  );
  const advance = db.prepare(
    `UPDATE watches SET cursor = MAX(cursor, ?), evaluated_count = evaluated_count + ?, alert_count = alert_count + ?,
       last_evaluated_seq = ?, last_evaluated_at = ?, last_error = NULL WHERE id = ?`,
  );
  const failed = db.prepare('UPDATE watches SET last_error = ?, last_error_at = ? WHERE id = ?');
  const alertById = db.prepare<[string, string], AlertRow>('SELECT * FROM alerts WHERE id = ? AND org_id = ?');
  const lastAlert = db.prepare<[string], AlertRow>('SELECT * FROM alerts WHERE watch_id = ? ORDER BY seq DESC LIMIT 1');
  const alertFor = db.prepare<[string, string], AlertRow>('SELECT * FROM alerts WHERE watch_id = ? AND trademark_id = ? ORDER BY seq DESC LIMIT 1');
  const ack = db.prepare('UPDATE alerts SET acknowledged_at = ? WHERE id = ? AND org_id = ?');

  return {
    async get(orgId: string, id: string): Promise<WatchRow | null> {
      return getOne.get(id, orgId) ?? null;
    },
    async list(orgId: string, offset: number, limit: number): Promise<WatchRow[]> {
      return page.all(orgId, limit, offset);
    },
    async count(orgId: string): Promise<number> {
      return countOrg.get(orgId) ?? 0;
    },
    /** Inserts watches in one transaction: all or none. */
    async create(rows: NewWatch[]): Promise<void> {
      writeTransaction(db, () => insertAll(rows))();
    },
    async update(orgId: string, id: string, fields: Partial<Pick<WatchRow, 'name' | 'watch_type' | 'query' | 'matching' | 'trigger_events' | 'delivery_mode' | 'customer_reference' | 'metadata' | 'status' | 'cursor' | 'updated_at'>>): Promise<void> {
      const keys = Object.keys(fields) as (keyof typeof fields)[];
      if (keys.length === 0) return;
      db.prepare(`UPDATE watches SET ${keys.map((k) => `${k} = ?`).join(', ')} WHERE id = ? AND org_id = ?`).run(...keys.map((k) => fields[k] ?? null), id, orgId);
    },
    async delete(orgId: string, id: string): Promise<boolean> {
      return remove.run(id, orgId).changes > 0;
    },
    /** The newest change sequence number: a new watch starts after it. */
    async headSeq(): Promise<number> {
      return maxSeq.get() ?? 0;
    },
    /** The last change sequence number recorded before an instant (where a watch created then started). */
    async seqAt(at: string): Promise<number> {
      return seqBefore.get(at) ?? 0;
    },
    async active(): Promise<WatchRow[]> {
      return active.all();
    },
    /** Eligible change events in (after, upTo], oldest first. */
    async eventsAfter(after: number, upTo: number, limit: number): Promise<ChangeEvent[]> {
      return eventsAfter.all(after, upTo, limit);
    },
    /**
     * Writes one page of evaluation in one transaction: each watch's new alerts (a (watch, event)
     * pair already alerted is skipped) and its cursor moved to `upTo`, with the side writes of the
     * alerts actually inserted (their ledger and monitor events).
     */
    async commitPage(
      entries: { watchId: string; alerts: NewAlert[]; evaluated: number }[],
      upTo: number,
      at: string,
      sideWrites?: (inserted: NewAlert[]) => AlertSideWrites,
    ): Promise<NewAlert[]> {
      return writeTransaction(db, () => {
          const all: NewAlert[] = [];
          for (const e of entries) {
            const inserted = e.alerts.filter(
              (a) => insertAlert.run(a.id, a.org_id, a.watch_id, a.event_id, a.event_seq, a.trademark_id, a.event_type, a.body, a.created_at).changes > 0,
            );
            advance.run(upTo, e.evaluated, inserted.length, upTo, at, e.watchId);
            all.push(...inserted);
          }
          if (sideWrites) writer.sideWrites(sideWrites(all));
          return all;
        })();
    },
    async recordError(watchId: string, message: string, at: string): Promise<void> {
      failed.run(message, at, watchId);
    },
    async alert(orgId: string, id: string): Promise<AlertRow | null> {
      return alertById.get(id, orgId) ?? null;
    },
    async lastAlert(watchId: string): Promise<AlertRow | null> {
      return lastAlert.get(watchId) ?? null;
    },
    async alertFor(watchId: string, trademarkId: string): Promise<AlertRow | null> {
      return alertFor.get(watchId, trademarkId) ?? null;
    },
    async alerts(orgId: string, f: AlertFilter, limit: number): Promise<AlertRow[]> {
      const parts = ['org_id = ?'];
      const params: unknown[] = [orgId];
      const add = (sql: string, ...values: unknown[]): void => {
        parts.push(sql);
        params.push(...values);
      };
      if (f.watchId) add('watch_id = ?', f.watchId);
      if (f.eventTypes?.length) add(`event_type IN (${f.eventTypes.map(() => '?').join(',')})`, ...f.eventTypes);
      if (f.createdGte) add('created_at >= ?', f.createdGte);
      if (f.createdLte) add('created_at <= ?', f.createdLte);
      if (f.acknowledged !== undefined) add(f.acknowledged ? 'acknowledged_at IS NOT NULL' : 'acknowledged_at IS NULL');
      if (f.afterSeq !== undefined) add('seq < ?', f.afterSeq);
      return db.prepare(`SELECT * FROM alerts WHERE ${parts.join(' AND ')} ORDER BY seq DESC LIMIT ?`).all(...params, limit) as AlertRow[];
    },
    async acknowledge(orgId: string, id: string, at: string | null): Promise<void> {
      ack.run(at, id, orgId);
    },
  };
};

