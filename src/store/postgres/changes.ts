// Change notices between the `tm serve` nodes that share a PostgreSQL store (issue 25): triggers
// (migration 66) send `NOTIFY tm_changes, '<topic>'` when cached rows change, whoever changes them
// (a node, `tm orgs limits`, psql), and every node listens on one dedicated connection of its own,
// opened at the first cache read. A cache keeps rows only while that connection is listening: when
// it drops, every subscriber is told to drop everything (notices may have been missed) and reads
// go to the database until it listens again, reconnecting with a growing pause.
import type pg from 'pg';
import { driver } from './pg.js';

export const CHANGES_CHANNEL = 'tm_changes';
/** Topics the triggers send: `auth` when an organization's limits, plan or name, or an API key, change. */
export type ChangeTopic = 'auth';

/** The application_name of the listening session (operators and tests can find it in pg_stat_activity). */
export const LISTENER_NAME = 'tm-listen';

const RETRY_MIN_MS = 100;
const RETRY_MAX_MS = 5_000;

export interface PgChanges {
  /** Whether cached rows may be kept now (the listener is connected and listening); starts it on first use. */
  listening(): boolean;
  /** Calls `drop` on every notice of the topic and whenever the listener stops listening. */
  subscribe(topic: ChangeTopic, drop: () => void): void;
  close(): Promise<void>;
}

export const createPgChanges = (url: string): PgChanges => {
  const subscribers = new Map<ChangeTopic, (() => void)[]>();
  const dropAll = (): void => subscribers.forEach((fns) => fns.forEach((f) => f()));
  let client: pg.Client | null = null;
  let live = false;
  let started = false;
  let closed = false;
  let retryMs = RETRY_MIN_MS;
  let timer: NodeJS.Timeout | null = null;

  const lost = (c: pg.Client): void => {
    if (client !== c) return;
    client = null;
    live = false;
    dropAll();
    c.end().catch(() => undefined);
    if (closed) return;
    timer = setTimeout(connect, retryMs);
    timer.unref();
    retryMs = Math.min(RETRY_MAX_MS, retryMs * 2);
  };

  const connect = (): void => {
    timer = null;
    const { Client } = driver();
    const c = new Client({ connectionString: url, application_name: LISTENER_NAME, keepAlive: true });
    client = c;
    c.on('error', () => lost(c));
    c.on('end', () => lost(c));
    c.on('notification', (n) => {
      if (n.channel !== CHANGES_CHANNEL) return;
      for (const f of subscribers.get(n.payload as ChangeTopic) ?? []) f();
    });
    c.connect()
      .then(() => c.query(`LISTEN ${CHANGES_CHANNEL}`))
      .then(() => {
        if (client !== c) return;
        // Rows read before this point may have changed unannounced: start from nothing.
        dropAll();
        live = true;
        retryMs = RETRY_MIN_MS;
      })
      .catch(() => lost(c));
  };

  return {
    listening() {
      if (!started && !closed) {
        started = true;
        connect();
      }
      return live;
    },
    subscribe(topic, drop) {
      subscribers.set(topic, [...(subscribers.get(topic) ?? []), drop]);
    },
    async close() {
      closed = true;
      live = false;
      if (timer) clearTimeout(timer);
      const c = client;
      client = null;
      await c?.end().catch(() => undefined);
    },
  };
};
