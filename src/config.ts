// Paths and settings, resolved as flag > TM_* environment > default (docs/architecture.md "Storage").
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { fixedClock, systemClock, type Clock } from './core/clock.js';
import { isPostgresUrl } from './store/location.js';

export interface Config {
  home: string;
  dbPath: string;
  /** A streaming standby for searches and lists (`--read-url`, TM_DB_READ; docs/scaling.md); null for none. */
  readDbPath: string | null;
  /** Past this replay lag the standby is not read (TM_DB_READ_MAX_LAG_MS, default 30,000: spec §4.2's "typically under 30 seconds"). */
  readMaxLagMs: number;
  clock: Clock;
  /** Domain used in calendar UIDs and absolute URLs. */
  serviceDomain: string;
  /** Webhook targets on private and loopback addresses (`--allow-private-webhooks`, TM_ALLOW_PRIVATE_WEBHOOKS=1). */
  allowPrivateWebhooks: boolean;
  /** A search's time budget (TM_REQUEST_BUDGET_MS, default 5,000 ms): past it, 503 or partial results. */
  requestBudgetMs: number;
  /**
   * How long a claimed webhook delivery stays leased (TM_WEBHOOK_LEASE_MS); by default the connect
   * and response timeouts plus 30 s. Another node re-posts a delivery whose lease ran out, so a
   * lease shorter than the slowest attempt can send it twice; tests shorten it to see a takeover.
   */
  webhookLeaseMs?: number;
}

export interface ConfigOverrides {
  db?: string;
  readDb?: string;
  home?: string;
  now?: string;
  requestBudgetMs?: number;
}

const DEFAULT_REQUEST_BUDGET_MS = 5_000;
const DEFAULT_READ_MAX_LAG_MS = 30_000;

const millisecondsOf = (name: string, raw: string | undefined, fallback: number): number => {
  if (raw === undefined) return fallback;
  const ms = Number(raw);
  if (!Number.isInteger(ms) || ms < 0) throw new RangeError(`${name} must be a whole number of milliseconds, not '${raw}'`);
  return ms;
};

const leaseOf = (raw: string | undefined): number | undefined => {
  if (raw === undefined || raw === '') return undefined;
  const ms = Number(raw);
  if (!Number.isInteger(ms) || ms < 100) throw new RangeError(`TM_WEBHOOK_LEASE_MS must be a whole number of milliseconds, at least 100, not '${raw}'`);
  return ms;
};

const dataHome = (env: NodeJS.ProcessEnv): string =>
  env.XDG_DATA_HOME ? join(env.XDG_DATA_HOME, 'tm') : join(homedir(), '.local', 'share', 'tm');

export const loadConfig = (overrides: ConfigOverrides = {}, env: NodeJS.ProcessEnv = process.env): Config => {
  const home = resolve(overrides.home ?? env.TM_HOME ?? dataHome(env));
  const db = overrides.db ?? env.TM_DB ?? join(home, 'tm.db');
  // SQLite's in-memory name is not a path (a read of reference lists with no store uses it), nor is a PostgreSQL URL.
  const dbPath = db === ':memory:' || isPostgresUrl(db) ? db : resolve(db);
  const now = overrides.now ?? env.TM_NOW;
  const readDb = overrides.readDb ?? env.TM_DB_READ;
  return {
    home,
    dbPath,
    readDbPath: readDb ? readDb : null,
    readMaxLagMs: millisecondsOf('TM_DB_READ_MAX_LAG_MS', env.TM_DB_READ_MAX_LAG_MS, DEFAULT_READ_MAX_LAG_MS),
    clock: now ? fixedClock(now) : systemClock,
    serviceDomain: env.TM_DOMAIN ?? 'tm.local',
    allowPrivateWebhooks: env.TM_ALLOW_PRIVATE_WEBHOOKS === '1' || env.TM_ALLOW_PRIVATE_WEBHOOKS === 'true',
    requestBudgetMs: overrides.requestBudgetMs ?? millisecondsOf('TM_REQUEST_BUDGET_MS', env.TM_REQUEST_BUDGET_MS, DEFAULT_REQUEST_BUDGET_MS),
    webhookLeaseMs: leaseOf(env.TM_WEBHOOK_LEASE_MS),
  };
};
