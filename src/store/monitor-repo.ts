// Earlier-shape monitors, scoped by organization. A monitor and its item watches are written in one
// transaction (the watches through the watch repo's synchronous insert); deleting a monitor
// deletes its watches (ON DELETE CASCADE), while their alerts stay.
import { writeTransaction, type Db } from './sqlite.js';

export interface MonitorRow {
  id: string;
  org_id: string;
  name: string;
  description: string | null;
  offices: string;
  webhook_url: string;
  webhook_secret: string | null;
  webhook_events: string;
  items: string;
  status: 'active' | 'paused' | 'error';
  created_at: string;
  updated_at: string;
}

const COLUMNS = ['id', 'org_id', 'name', 'description', 'offices', 'webhook_url', 'webhook_secret', 'webhook_events', 'items', 'status', 'created_at', 'updated_at'] as const;

export const createMonitorRepo = (db: Db) => {
  const getOne = db.prepare<[string, string], MonitorRow>('SELECT * FROM monitors WHERE id = ? AND org_id = ?');
  const insert = db.prepare(`INSERT INTO monitors (${COLUMNS.join(', ')}) VALUES (${COLUMNS.map(() => '?').join(', ')})`);
  const remove = db.prepare('DELETE FROM monitors WHERE id = ? AND org_id = ?');
  const dropWatches = db.prepare('DELETE FROM watches WHERE monitor_id = ?');
  return {
    async get(orgId: string, id: string): Promise<MonitorRow | null> {
      return getOne.get(id, orgId) ?? null;
    },
    async list(orgId: string, status: string | undefined, offset: number, limit: number): Promise<MonitorRow[]> {
      return (status
        ? db.prepare('SELECT * FROM monitors WHERE org_id = ? AND status = ? ORDER BY created_at, id LIMIT ? OFFSET ?').all(orgId, status, limit, offset)
        : db.prepare('SELECT * FROM monitors WHERE org_id = ? ORDER BY created_at, id LIMIT ? OFFSET ?').all(orgId, limit, offset)) as MonitorRow[];
    },
    /** Writes the monitor (new or replaced) and, in the same transaction, its item watches through `writeWatches`. */
    async save(row: MonitorRow, replace: boolean, writeWatches: () => void): Promise<void> {
      writeTransaction(db, () => {
        if (replace) {
          dropWatches.run(row.id);
          remove.run(row.id, row.org_id);
        }
        insert.run(...COLUMNS.map((c) => row[c]));
        writeWatches();
      })();
    },
    async setStatus(orgId: string, id: string, status: MonitorRow['status'], at: string): Promise<void> {
      db.prepare('UPDATE monitors SET status = ?, updated_at = ? WHERE id = ? AND org_id = ?').run(status, at, id, orgId);
      if (status !== 'error') db.prepare('UPDATE watches SET status = ? WHERE monitor_id = ?').run(status, id);
    },
    async delete(orgId: string, id: string): Promise<boolean> {
      return remove.run(id, orgId).changes > 0;
    },
  };
};

export type MonitorRepo = ReturnType<typeof createMonitorRepo>;
