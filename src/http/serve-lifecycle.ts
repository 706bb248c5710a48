// What every `tm serve` process shares, whether it serves alone or as the primary of a cluster:
// the options, the startup lines and the signal handling that drains and exits 0.
import { availableParallelism } from 'node:os';
import { startWriter, type Context } from '../context.js';
import { TmError } from '../errors.js';
import type { AccessLogFormat } from './access-log.js';
import type { HttpServerOptions } from './server.js';

export interface ServeOptions {
  host?: string;
  port?: number;
  db?: string;
  /** A streaming standby for searches and lists (`--read-url`; TM_DB_READ otherwise). */
  readDb?: string;
  now?: string;
  accessLog?: AccessLogFormat;
  bodyLimit?: number;
  /** See HttpServerOptions.trustProxy. */
  trustProxy?: boolean;
  mountMcp?: HttpServerOptions['mountMcp'];
  /** Server processes; 1 serves from this process, more fork a cluster (see docs/http.md). */
  workers?: number;
  /** Run the webhook delivery worker in this (primary) process; on unless false (docs/webhooks.md). */
  deliver?: boolean;
  /** Where the startup lines go (stdout by default). */
  print?: (line: string) => void;
  /** Install SIGTERM/SIGINT handlers that exit the process (true for the CLI). */
  handleSignals?: boolean;
}

export interface RunningServer {
  url: string;
  port: number;
  context: Context;
  stop(): Promise<void>;
}

/** The default worker count: one per core this process may run on. */
export const DEFAULT_WORKERS = availableParallelism();

/** `--workers` / `TM_WORKERS`: a positive integer, or `auto` for one per core. */
export const parseWorkers = (value: string | undefined): number => {
  if (value === undefined || value.trim() === '' || value.trim() === 'auto') return DEFAULT_WORKERS;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 256) {
    throw new TmError('validation_error', `--workers must be a whole number from 1 to 256, or auto; got ${value}.`, {
      suggestion: 'Use --workers 1 to serve from one process, or --workers auto for one per core.',
    });
  }
  return n;
};

export const accessLogOf = (options: ServeOptions): AccessLogFormat =>
  options.accessLog ?? ((process.env.TM_ACCESS_LOG as AccessLogFormat | undefined) || 'combined');

export const printLine = (line: string): void => {
  process.stdout.write(`${line}\n`);
};

/** A listen failure as the error a user can act on: a port in use or not allowed; anything else as it came. */
export const listenError = (err: { code?: string; message: string }, host: string, port: number): Error => {
  const where = `${host}:${port}`;
  if (err.code === 'EADDRINUSE') {
    return new TmError('conflict', `${where} is already in use.`, { suggestion: 'Stop what listens there, or choose another --port (0 picks a free one).' });
  }
  if (err.code === 'EACCES') {
    return new TmError('forbidden', `Not allowed to listen on ${where}.`, { suggestion: 'Choose a port above 1023, or run with the rights to bind this one.' });
  }
  return err instanceof Error ? err : new Error(err.message);
};

export const urlOf = (host: string, port: number): string => `http://${host.includes(':') ? `[${host}]` : host}:${port}`;

/** At start, before answering: the writer's repairs, and one line when the search index had to catch up. */
export const caughtUp = async (context: Context, print: (line: string) => void): Promise<void> => {
  const { indexed, busy } = await startWriter(context);
  if (indexed > 0) print(`search index brought up to date: ${indexed} changed marks indexed`);
  if (busy) print('search index: another process (a running tm ingest) is bringing it up to date');
};

/** On an empty store, one line on how to create a key. */
export const firstRunHint = async (context: Context, print: (line: string) => void): Promise<void> => {
  if ((await context.store.auth.keyCount()) === 0) {
    print('No API keys yet: run `tm orgs create "<name>"`, then `tm keys create --org <org_id> --scopes trademarks:read` and send it as `Authorization: Bearer <key>`.');
  }
};

/** SIGTERM or SIGINT: say so, run `stop`, exit 0 (1 if stopping failed). */
export const onStopSignals = (print: (line: string) => void, stop: () => Promise<void>): void => {
  const onSignal = (signal: string): void => {
    print(`${signal}: draining in-flight requests, then exiting`);
    void stop().then(
      () => process.exit(0),
      (err: unknown) => {
        process.stderr.write(`shutdown failed: ${String(err)}\n`);
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => onSignal('SIGTERM'));
  process.once('SIGINT', () => onSignal('SIGINT'));
};
