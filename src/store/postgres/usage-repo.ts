// Daily usage counters, the request log and keys' last use on PostgreSQL. As on SQLite, writes are
// buffered in memory and flushed in one statement (every 100 ms or 200 entries), off the
// request path. A flush takes no store write lock (its upserts commute with an ingest's writes),
// so it never waits for one; a flush that fails (server gone) keeps its rows and tries again later.
// Every read waits for the flush it starts, so a reader sees its own requests.
import type { RequestLogRow, UsageCountRow, UsageRepo } from '../usage-repo.js';
import type { PgDb } from './pg.js';

const FLUSH_MS = 100;
const RETRY_MS = 250;
const FLUSH_ENTRIES = 200;
const LOG_COLUMNS = ['id', 'org_id', 'livemode', 'key_id', 'method', 'path', 'operation', 'status', 'error_type', 'duration_ms', 'at'] as const;
const LOG_TYPES = ['text', 'text', 'int', 'text', 'text', 'text', 'text', 'int', 'text', 'int', 'text'] as const;
/**
 * A whole flush as one prepared statement, one array per column: the usage counts ($1-$6), the
 * keys' last use ($7-$8) and the log rows in the order they were made ($9 on; their seq follows
 * it). One statement is one transaction, so a flush is still all or nothing; it costs one round
 * trip where BEGIN, one statement per part and COMMIT cost four or more (issue 25: every node
 * flushes every 100 ms under load). Each usage key and key id is in a buffer once, so no row is
 * touched twice by one statement.
 */
const FLUSH = `WITH counted AS (
    INSERT INTO usage_daily (org_id, livemode, day, tier, meter, count)
    SELECT * FROM unnest($1::text[], $2::int[], $3::text[], $4::text[], $5::text[], $6::bigint[])
    ON CONFLICT (org_id, livemode, day, tier, meter) DO UPDATE SET count = usage_daily.count + excluded.count
  ), touched AS (
    UPDATE api_keys SET last_used_at = t.at FROM unnest($7::text[], $8::text[]) AS t(id, at) WHERE api_keys.id = t.id
  )
  INSERT INTO request_log (${LOG_COLUMNS.join(', ')})
  SELECT ${LOG_COLUMNS.join(', ')} FROM unnest(${LOG_TYPES.map((t, i) => `$${i + 9}::${t}[]`).join(', ')}) WITH ORDINALITY AS r(${LOG_COLUMNS.join(', ')}, n) ORDER BY n`;

interface Buffer {
  usage: Map<string, number>;
  logs: RequestLogRow[];
  touches: Map<string, string>;
}

const emptyBuffer = (): Buffer => ({ usage: new Map(), logs: [], touches: new Map() });
const size = (b: Buffer): number => b.usage.size + b.logs.length + b.touches.size;
const mode = (livemode: boolean): number => (livemode ? 1 : 0);

const flushParams = (b: Buffer): unknown[] => {
  const usage = [...b.usage].map(([key, n]) => [...key.split('\u0000'), n]);
  const column = <T>(rows: T[][], i: number): T[] => rows.map((r) => r[i]!);
  return [
    ...[0, 1, 2, 3, 4, 5].map((i) => column(usage, i)),
    [...b.touches.keys()],
    [...b.touches.values()],
    ...LOG_COLUMNS.map((k) => b.logs.map((r) => r[k])),
  ];
};

export const createPgUsageRepo = (db: PgDb): UsageRepo => {
  let pending = emptyBuffer();
  let timer: NodeJS.Timeout | null = null;
  let soon: NodeJS.Immediate | null = null;
  // Flushes run one after another, so request-log rows keep their order.
  let chain: Promise<unknown> = Promise.resolve();

  /** Puts back rows a failed flush took, before anything buffered since (counts add up). */
  const restore = (b: Buffer): void => {
    for (const [k, n] of pending.usage) b.usage.set(k, (b.usage.get(k) ?? 0) + n);
    b.logs.push(...pending.logs);
    for (const [k, at] of pending.touches) b.touches.set(k, at);
    pending = b;
  };

  /** Writes the buffer; resolves to the error that kept it from being written, if any. */
  const write = (): Promise<unknown> => {
    if (timer) clearTimeout(timer);
    if (soon) clearImmediate(soon);
    timer = null;
    soon = null;
    if (db.pool.ending || size(pending) === 0) return chain.then(() => null);
    const batch = pending;
    pending = emptyBuffer();
    const done = chain.then(() =>
      db.query(FLUSH, flushParams(batch), { prepared: true }).then(
        () => null,
        (err: unknown) => {
          restore(batch);
          if (!db.pool.ending) {
            timer ??= setTimeout(() => void write(), RETRY_MS);
            timer.unref();
          }
          return err;
        },
      ),
    );
    chain = done;
    return done;
  };

  const schedule = (): void => {
    if (pending.logs.length + pending.usage.size >= FLUSH_ENTRIES) {
      soon ??= setImmediate(() => void write());
      return;
    }
    if (!timer) {
      timer = setTimeout(() => void write(), FLUSH_MS);
      timer.unref();
    }
  };

  return {
    count(orgId, livemode, day, tier, meter, n = 1) {
      const key = [orgId, mode(livemode), day, tier, meter].join('\u0000');
      pending.usage.set(key, (pending.usage.get(key) ?? 0) + n);
      schedule();
    },
    log(row) {
      pending.logs.push(row);
      schedule();
    },
    touch(keyId, at) {
      pending.touches.set(keyId, at);
      schedule();
    },
    tryFlush: () => void write(),
    async flush() {
      const err = await write();
      if (err) throw err;
    },
    async dayTotal(orgId, day, tier) {
      await write();
      const rows = await db.query<{ n: number | null }>('SELECT SUM(count) AS n FROM usage_daily WHERE org_id = $1 AND day = $2 AND tier = $3', [orgId, day, tier]);
      return Number(rows[0]?.n ?? 0);
    },
    async countsSince(orgId, livemode, day) {
      await write();
      const rows = await db.query<UsageCountRow>(
        'SELECT day, tier, meter, SUM(count) AS count FROM usage_daily WHERE org_id = $1 AND livemode = $2 AND day >= $3 GROUP BY day, tier, meter ORDER BY day, tier, meter',
        [orgId, mode(livemode), day],
      );
      return rows.map((r) => ({ ...r, count: Number(r.count) }));
    },
    async logs(orgId, livemode, beforeSeq, limit) {
      await write();
      return db.query<RequestLogRow & { seq: number }>(
        'SELECT * FROM request_log WHERE org_id = $1 AND livemode = $2 AND seq < $3 ORDER BY seq DESC LIMIT $4',
        [orgId, mode(livemode), beforeSeq, limit],
      );
    },
    async pruneLogs(before) {
      await write();
      return Number((await db.query<{ n: number }>('WITH d AS (DELETE FROM request_log WHERE at < $1 RETURNING 1) SELECT COUNT(*) AS n FROM d', [before]))[0]!.n);
    },
    async logById(orgId, livemode, id) {
      await write();
      return (await db.query<RequestLogRow & { seq: number }>('SELECT * FROM request_log WHERE org_id = $1 AND livemode = $2 AND id = $3', [orgId, mode(livemode), id]))[0] ?? null;
    },
  };
};
