// Daily usage counters and the per-organization request log. Writes are buffered in memory and
// flushed in one short transaction (every 100 ms or 200 entries), off the request path, so
// metering never costs a commit per request (nor does a key's `last_used_at`). A flush never waits for another writer (a running
// ingest): the buffer is kept and tried again later. Every read tries a flush first, so a reader
// sees its own requests whenever no other writer holds the lock.
import { BUSY, tryWrite, writeTransaction, type Db } from './sqlite.js';
import type { RequestLogRow, UsageCountRow, UsageRepo } from '../usage-repo.js';

const FLUSH_MS = 100;
/** A flush that found another writer holding the lock tries again this much later. */
const RETRY_MS = 250;
const FLUSH_ENTRIES = 200;

export const createUsageRepo = (db: Db): UsageRepo => {
  const bump = db.prepare(
    `INSERT INTO usage_daily (org_id, livemode, day, tier, meter, count) VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (org_id, livemode, day, tier, meter) DO UPDATE SET count = count + excluded.count`,
  );
  const insertLog = db.prepare(
    `INSERT INTO request_log (id, org_id, livemode, key_id, method, path, operation, status, error_type, duration_ms, at)
     VALUES (@id, @org_id, @livemode, @key_id, @method, @path, @operation, @status, @error_type, @duration_ms, @at)`,
  );
  const countsSince = db.prepare<[string, number, string], UsageCountRow>(
    'SELECT day, tier, meter, SUM(count) AS count FROM usage_daily WHERE org_id = ? AND livemode = ? AND day >= ? GROUP BY day, tier, meter ORDER BY day',
  );
  const dayTotal = db.prepare<[string, string, string], { n: number | null }>(
    'SELECT SUM(count) AS n FROM usage_daily WHERE org_id = ? AND day = ? AND tier = ?',
  );
  const logPage = db.prepare<[string, number, number, number], RequestLogRow & { seq: number }>(
    'SELECT * FROM request_log WHERE org_id = ? AND livemode = ? AND seq < ? ORDER BY seq DESC LIMIT ?',
  );
  const pruneLogs = db.prepare('DELETE FROM request_log WHERE at < ?');
  const touchKey = db.prepare('UPDATE api_keys SET last_used_at = ? WHERE id = ?');
  const logById = db.prepare<[string, number, string], RequestLogRow & { seq: number }>(
    'SELECT * FROM request_log WHERE org_id = ? AND livemode = ? AND id = ?',
  );

  const pendingUsage = new Map<string, number>();
  const pendingLogs: RequestLogRow[] = [];
  const pendingTouches = new Map<string, string>();
  let timer: NodeJS.Timeout | null = null;

  const flush = writeTransaction(db, () => {
    for (const [key, n] of pendingUsage) {
      const [org, live, day, tier, meter] = key.split('\u0000') as [string, string, string, string, string];
      bump.run(org, Number(live), day, tier, meter, n);
    }
    pendingUsage.clear();
    for (const row of pendingLogs) insertLog.run(row);
    pendingLogs.length = 0;
    for (const [id, at] of pendingTouches) touchKey.run(at, id);
    pendingTouches.clear();
  });

  let soon: NodeJS.Immediate | null = null;

  const retryLater = (): void => {
    timer ??= setTimeout(flushNow, RETRY_MS);
    timer.unref();
  };

  /** Writes the buffer; with `wait` false, gives up at once (keeping it) while another writer holds the lock. */
  const write = (wait: boolean): void => {
    if (timer) clearTimeout(timer);
    if (soon) clearImmediate(soon);
    timer = null;
    soon = null;
    if (!db.open || pendingUsage.size + pendingLogs.length + pendingTouches.size === 0) return;
    if (wait) flush();
    else if (tryWrite(db, flush) === BUSY) retryLater();
  };
  const flushNow = (): void => write(false);

  const schedule = (): void => {
    // A full buffer is written right after the current request, not inside it.
    if (pendingLogs.length + pendingUsage.size >= FLUSH_ENTRIES) {
      soon ??= setImmediate(flushNow);
      return;
    }
    if (!timer) {
      timer = setTimeout(flushNow, FLUSH_MS);
      timer.unref();
    }
  };

  return {
    count(orgId: string, livemode: boolean, day: string, tier: string, meter: string, n = 1): void {
      const key = [orgId, livemode ? 1 : 0, day, tier, meter].join('\u0000');
      pendingUsage.set(key, (pendingUsage.get(key) ?? 0) + n);
      schedule();
    },
    log(row: RequestLogRow): void {
      pendingLogs.push(row);
      schedule();
    },
    /** Records a key's use (`last_used_at`), written with the next flush. */
    touch(keyId: string, at: string): void {
      pendingTouches.set(keyId, at);
      schedule();
    },
    /** Tries to write the buffer now without waiting (before a read that should see it). */
    tryFlush: flushNow,
    /** Writes everything buffered, waiting for another writer if need be (at shutdown). */
    flush: async () => write(true),
    /** Today's stored calls of an organization in a daily tier, live and test together (the cap is shared). */
    async dayTotal(orgId: string, day: string, tier: string): Promise<number> {
      flushNow();
      return dayTotal.get(orgId, day, tier)?.n ?? 0;
    },
    async countsSince(orgId: string, livemode: boolean, day: string): Promise<UsageCountRow[]> {
      flushNow();
      return countsSince.all(orgId, livemode ? 1 : 0, day);
    },
    /** Newest first, strictly before `beforeSeq`. */
    async logs(orgId: string, livemode: boolean, beforeSeq: number, limit: number): Promise<(RequestLogRow & { seq: number })[]> {
      flushNow();
      return logPage.all(orgId, livemode ? 1 : 0, beforeSeq, limit);
    },
    /** Deletes request-log entries written before `before`; returns how many. */
    async pruneLogs(before: string): Promise<number> {
      flushNow();
      return pruneLogs.run(before).changes;
    },
    async logById(orgId: string, livemode: boolean, id: string): Promise<(RequestLogRow & { seq: number }) | null> {
      flushNow();
      return logById.get(orgId, livemode ? 1 : 0, id) ?? null;
    },
  };
};

