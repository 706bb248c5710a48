// Paths and settings, resolved as flag > TM_* environment > default (docs/architecture.md "Storage").
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { fixedClock, systemClock, type Clock } from './core/clock.js';

export interface Config {
  home: string;
  dbPath: string;
  clock: Clock;
  /** Domain used in calendar UIDs and absolute URLs. */
  serviceDomain: string;
  /** Webhook targets on private and loopback addresses (`--allow-private-webhooks`, TM_ALLOW_PRIVATE_WEBHOOKS=1). */
  allowPrivateWebhooks: boolean;
}

export interface ConfigOverrides {
  db?: string;
  home?: string;
  now?: string;
}

const dataHome = (env: NodeJS.ProcessEnv): string =>
  env.XDG_DATA_HOME ? join(env.XDG_DATA_HOME, 'tm') : join(homedir(), '.local', 'share', 'tm');

export const loadConfig = (overrides: ConfigOverrides = {}, env: NodeJS.ProcessEnv = process.env): Config => {
  const home = resolve(overrides.home ?? env.TM_HOME ?? dataHome(env));
  const db = overrides.db ?? env.TM_DB ?? join(home, 'tm.db');
  // SQLite's in-memory name is not a path (a read of reference lists with no store uses it).
  const dbPath = db === ':memory:' ? db : resolve(db);
  const now = overrides.now ?? env.TM_NOW;
  return {
    home,
    dbPath,
    clock: now ? fixedClock(now) : systemClock,
    serviceDomain: env.TM_DOMAIN ?? 'tm.local',
    allowPrivateWebhooks: env.TM_ALLOW_PRIVATE_WEBHOOKS === '1' || env.TM_ALLOW_PRIVATE_WEBHOOKS === 'true',
  };
};
