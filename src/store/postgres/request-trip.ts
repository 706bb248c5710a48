// One round trip for a request's rate-limit take and its detail read (issue 25). A GET of a mark
// starts its read beside its take (src/http/early-read.ts), so both reach this node's store in
// the same turn of the event loop; sent apart they are two statements, and on this machine a
// statement's fixed cost (the socket writes and wake-ups on both sides, about 100 µs of server CPU
// under load) is most of what either costs. Here the reads and takes that arrive in one turn wait
// for its end (setImmediate) and go as one statement: the first take with every read, any other
// take alone. The take is the same call of tm_limit_take, run once whatever the reads find, so
// the limit stays exact; the reads see every commit made before the statement started, as a
// statement of their own would. A failed joint statement fails its take; its reads are sent again
// alone, so another organization's read never fails for a take that was not its own. A write's
// take never comes here: it carries its idempotency claim instead (limit-repo.ts, takeAndClaim).
// The wait for the turn's end costs a lone take about 30 µs (p50, measured against the same take
// sent at once; the p99s were the same within the machine's noise: docs/scaling.md).
import type { PgDb } from './pg.js';

export interface TakeRow {
  ok: boolean;
  over: 'window' | 'day' | 'busy' | null;
  used: string | number;
  day_used: string | number;
  admitted: string | number;
}

export const TAKE_COLUMNS = 'ok, over, used, day_used, admitted';
/** The call of tm_limit_take with its 11 parameters numbered from $`first`, for statements that put others first. */
export const takeCall = (first: number): string => `tm_limit_take(${Array.from({ length: 11 }, (_, i) => `$${first + i}`).join(', ')})`;
const TAKE_CALL = takeCall(1);
/** A take as its own statement (also the bench's, to time a take sent at once). */
export const TAKE = `SELECT ${TAKE_COLUMNS} FROM ${TAKE_CALL}`;
const READ = 'SELECT id, record FROM trademarks WHERE id = ANY($1)';
// The function is the join's preserved side: it runs once, and the reads' rows ride on its row.
const JOINT = `SELECT t.ok, t.over, t.used, t.day_used, t.admitted, r.id, r.record
  FROM ${TAKE_CALL} t LEFT JOIN LATERAL (SELECT id, record FROM trademarks WHERE id = ANY($12)) r ON true`;

interface Pending<In, Out> {
  input: In;
  resolve(out: Out): void;
  reject(err: unknown): void;
}

export interface RequestTrip {
  /** One call of tm_limit_take with these 11 parameters (limit-repo.ts), on a relaxed session. */
  take(params: readonly unknown[]): Promise<TakeRow>;
  /** Stored records of these ids, by id. */
  records(ids: readonly string[]): Promise<Map<string, string>>;
}

export const createRequestTrip = (db: PgDb): RequestTrip => {
  let takes: Pending<readonly unknown[], TakeRow>[] = [];
  let reads: Pending<readonly string[], Map<string, string>>[] = [];
  let scheduled = false;

  const readAlone = (batch: typeof reads): void => {
    if (batch.length === 0) return;
    db.query<{ id: string; record: string }>(READ, [[...new Set(batch.flatMap((r) => r.input))]], { prepared: true }).then(
      (rows) => {
        const found = new Map(rows.map((r) => [r.id, r.record]));
        for (const r of batch) r.resolve(found);
      },
      (err: unknown) => batch.forEach((r) => r.reject(err)),
    );
  };
  const takeAlone = (t: (typeof takes)[number]): void => {
    db.relaxed<TakeRow>(TAKE, t.input, { prepared: true }).then((rows) => t.resolve(rows[0]!), t.reject);
  };
  const joint = (t: (typeof takes)[number], batch: typeof reads): void => {
    const ids = [...new Set(batch.flatMap((r) => r.input))];
    db.relaxed<TakeRow & { id: string | null; record: string | null }>(JOINT, [...t.input, ids], { prepared: true }).then(
      (rows) => {
        t.resolve(rows[0]!);
        const found = new Map<string, string>();
        for (const row of rows) if (row.id !== null) found.set(row.id, row.record!);
        for (const r of batch) r.resolve(found);
      },
      (err: unknown) => {
        t.reject(err);
        readAlone(batch);
      },
    );
  };
  const flush = (): void => {
    scheduled = false;
    const [first, ...rest] = takes;
    const batch = reads;
    takes = [];
    reads = [];
    if (first && batch.length > 0) joint(first, batch);
    else if (first) takeAlone(first);
    else readAlone(batch);
    rest.forEach(takeAlone);
  };
  const schedule = (): void => {
    if (scheduled) return;
    scheduled = true;
    setImmediate(flush);
  };
  return {
    take: (params) =>
      new Promise((resolve, reject) => {
        takes.push({ input: params, resolve, reject });
        schedule();
      }),
    records: (ids) =>
      new Promise((resolve, reject) => {
        reads.push({ input: ids, resolve, reject });
        schedule();
      }),
  };
};
