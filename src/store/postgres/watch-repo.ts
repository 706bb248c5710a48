// Watches and alerts on PostgreSQL, scoped by organization, and the reads evaluation makes: the
// active watches, the eligible change events after a cursor, and one transaction per page that
// writes the alerts, moves the cursors and writes the alerts' ledger and monitor events. The
// unique (watch, event) pair makes a repeated or concurrent run write nothing twice: a page's
// side writes cover only the alerts it actually inserted.
import type { AlertSideWrites } from '../ledger-repo.js';
import type { AlertFilter, AlertRow, ChangeEvent, NewAlert, NewWatch, WatchRepo, WatchRow } from '../watch-repo.js';
import { writeSideWrites } from './ledger-writer.js';
import type { PgClient, PgDb } from './pg.js';

const WATCH_COLUMNS = [
  'id', 'org_id', 'name', 'watch_type', 'query', 'matching', 'trigger_events', 'delivery_mode', 'customer_reference', 'metadata',
  'status', 'monitor_id', 'cursor', 'created_at', 'updated_at',
] as const;
const UPDATABLE = new Set(['name', 'watch_type', 'query', 'matching', 'trigger_events', 'delivery_mode', 'customer_reference', 'metadata', 'status', 'cursor', 'updated_at']);
const ALERT_COLUMNS = ['id', 'org_id', 'watch_id', 'event_id', 'event_seq', 'trademark_id', 'event_type', 'body', 'created_at'] as const;

/** Inserts watches on the caller's client (inside its transaction): all or none. */
export const insertWatches = async (c: PgClient, rows: readonly NewWatch[]): Promise<void> => {
  if (rows.length === 0) return;
  const types = WATCH_COLUMNS.map((col) => (col === 'cursor' ? 'bigint[]' : 'text[]'));
  await c.query(
    `INSERT INTO watches (${WATCH_COLUMNS.join(', ')}) SELECT * FROM unnest(${types.map((t, i) => `$${i + 1}::${t}`).join(', ')})`,
    WATCH_COLUMNS.map((col) => rows.map((r) => r[col])),
  );
};

export const createPgWatchRepo = (db: PgDb): WatchRepo => ({
  async get(orgId, id) {
    return (await db.query<WatchRow>('SELECT * FROM watches WHERE id = $1 AND org_id = $2', [id, orgId]))[0] ?? null;
  },
  async list(orgId, offset, limit) {
    return db.query<WatchRow>('SELECT * FROM watches WHERE org_id = $1 ORDER BY created_at, id LIMIT $2 OFFSET $3', [orgId, limit, offset]);
  },
  async count(orgId) {
    return Number((await db.query<{ n: number }>('SELECT COUNT(*) AS n FROM watches WHERE org_id = $1', [orgId]))[0]!.n);
  },
  async create(rows) {
    await db.tx((c) => insertWatches(c, rows));
  },
  async update(orgId, id, fields) {
    const keys = Object.keys(fields).filter((k) => UPDATABLE.has(k)) as (keyof typeof fields)[];
    if (keys.length === 0) return;
    await db.tx(async (c) => {
      await c.query(
        `UPDATE watches SET ${keys.map((k, i) => `${k} = $${i + 1}`).join(', ')} WHERE id = $${keys.length + 1} AND org_id = $${keys.length + 2}`,
        [...keys.map((k) => fields[k] ?? null), id, orgId],
      );
    });
  },
  async delete(orgId, id) {
    return db.tx(async (c) => ((await c.query('DELETE FROM watches WHERE id = $1 AND org_id = $2', [id, orgId])).rowCount ?? 0) > 0);
  },
  async headSeq() {
    return Number((await db.query<{ seq: number | null }>('SELECT MAX(seq) AS seq FROM events'))[0]!.seq ?? 0);
  },
  async seqAt(at) {
    return Number((await db.query<{ seq: number | null }>('SELECT MAX(seq) AS seq FROM events WHERE occurred_at < $1', [at]))[0]!.seq ?? 0);
  },
  async active() {
    return db.query<WatchRow>("SELECT * FROM watches WHERE status = 'active' ORDER BY id");
  },
  async eventsAfter(after, upTo, limit) {
    return db.query<ChangeEvent>(
      'SELECT seq, id, trademark_id, type, payload, occurred_at, source_date FROM events WHERE seq > $1 AND seq <= $2 AND watch_eligible = 1 ORDER BY seq LIMIT $3',
      [after, upTo, limit],
    );
  },
  async commitPage(entries, upTo: number, at: string, sideWrites?: (inserted: NewAlert[]) => AlertSideWrites): Promise<NewAlert[]> {
    return db.tx(async (c) => {
      const all: NewAlert[] = [];
      for (const e of entries) {
        const inserted = new Set<string>();
        if (e.alerts.length > 0) {
          const rows = await c.query<{ id: string }>(
            `INSERT INTO alerts (${ALERT_COLUMNS.join(', ')})
             SELECT ${ALERT_COLUMNS.join(', ')} FROM unnest(${ALERT_COLUMNS.map((col, i) => `$${i + 1}::${col === 'event_seq' ? 'bigint[]' : 'text[]'}`).join(', ')})
             WITH ORDINALITY AS u (${ALERT_COLUMNS.join(', ')}, n) ORDER BY n
             ON CONFLICT (watch_id, event_id) DO NOTHING RETURNING id`,
            ALERT_COLUMNS.map((col) => e.alerts.map((a) => a[col])),
          );
          for (const r of rows.rows) inserted.add(r.id);
        }
        const fresh = e.alerts.filter((a) => inserted.has(a.id));
        await c.query(
          `UPDATE watches SET cursor = GREATEST(cursor, $1), evaluated_count = evaluated_count + $2, alert_count = alert_count + $3,
             last_evaluated_seq = $1, last_evaluated_at = $4, last_error = NULL WHERE id = $5`,
          [upTo, e.evaluated, fresh.length, at, e.watchId],
        );
        all.push(...fresh);
      }
      if (sideWrites) await writeSideWrites(c, sideWrites(all));
      return all;
    });
  },
  async recordError(watchId, message, at) {
    await db.tx(async (c) => {
      await c.query('UPDATE watches SET last_error = $1, last_error_at = $2 WHERE id = $3', [message, at, watchId]);
    });
  },
  async alert(orgId, id) {
    return (await db.query<AlertRow>('SELECT * FROM alerts WHERE id = $1 AND org_id = $2', [id, orgId]))[0] ?? null;
  },
  async lastAlert(watchId) {
    return (await db.query<AlertRow>('SELECT * FROM alerts WHERE watch_id = $1 ORDER BY seq DESC LIMIT 1', [watchId]))[0] ?? null;
  },
  async alertFor(watchId, trademarkId) {
    return (await db.query<AlertRow>('SELECT * FROM alerts WHERE watch_id = $1 AND trademark_id = $2 ORDER BY seq DESC LIMIT 1', [watchId, trademarkId]))[0] ?? null;
  },
  async alerts(orgId: string, f: AlertFilter, limit: number): Promise<AlertRow[]> {
    const params: unknown[] = [orgId];
    const parts = ['org_id = $1'];
    const add = (clause: (n: string) => string, value?: unknown): void => {
      if (value !== undefined) params.push(value);
      parts.push(clause(`$${params.length}`));
    };
    if (f.watchId) add((n) => `watch_id = ${n}`, f.watchId);
    if (f.eventTypes?.length) add((n) => `event_type = ANY(${n})`, f.eventTypes);
    if (f.createdGte) add((n) => `created_at >= ${n}`, f.createdGte);
    if (f.createdLte) add((n) => `created_at <= ${n}`, f.createdLte);
    if (f.acknowledged !== undefined) add(() => (f.acknowledged ? 'acknowledged_at IS NOT NULL' : 'acknowledged_at IS NULL'));
    if (f.afterSeq !== undefined) add((n) => `seq < ${n}`, f.afterSeq);
    params.push(limit);
    return db.query<AlertRow>(`SELECT * FROM alerts WHERE ${parts.join(' AND ')} ORDER BY seq DESC LIMIT $${params.length}`, params);
  },
  async acknowledge(orgId, id, at) {
    await db.tx(async (c) => {
      await c.query('UPDATE alerts SET acknowledged_at = $1 WHERE id = $2 AND org_id = $3', [at, id, orgId]);
    });
  },
});
