// `tm serve` (HTTP API with /mcp) and `tm mcp` (MCP over stdio). Both load their surface on
// demand, so other commands never pay for the HTTP or MCP stacks.
import type { Command } from 'commander';
import { existsSync } from 'node:fs';
import { loadConfig } from '../../config.js';
import { TmError } from '../../errors.js';
import { isPostgresUrl } from '../../store/location.js';
import type { GlobalOptions } from '../program.js';
import { outputMode, reportError } from '../output.js';

/**
 * A server answers agents and scripts, and an empty store answers "no conflicts" to everything:
 * so a store that does not exist (a mistyped --db or TM_HOME) is refused, naming the path,
 * unless --create asks for a new one. A database URL is not a path and is not checked here.
 */
const checkStore = (db: string | undefined, create: boolean): void => {
  const raw = db ?? process.env.TM_DB;
  if (create || raw === ':memory:' || (raw !== undefined && isPostgresUrl(raw))) return;
  const { dbPath } = loadConfig({ db });
  if (existsSync(dbPath)) return;
  throw new TmError('not_found', `no store at ${dbPath}.`, {
    param: 'db',
    suggestion: 'Create one with `tm ingest FILE`, point --db or TM_HOME at an existing one, or pass --create to start with an empty store.',
  });
};

interface ServeFlags extends GlobalOptions {
  host?: string;
  port?: string;
  workers?: string;
  accessLog?: 'combined' | 'json' | 'off';
  bodyLimit?: string;
  baseUrl?: string;
  appUrl?: string;
  jwks?: string;
  allowedHost?: string[];
  allowedOrigin?: string[];
  meterOauth?: boolean;
  trustProxy?: boolean;
  allowPrivateWebhooks?: boolean;
  deliver?: boolean;
  create?: boolean;
  readUrl?: string;
}

const collect = (value: string, previous: string[] = []): string[] => [...previous, value];

export const addServerCommands = (program: Command): void => {
  program
    .command('serve')
    .description('Serve the HTTP API of the spec, with MCP at /mcp')
    .option('--host <host>', 'interface to bind', '127.0.0.1')
    .option('--port <port>', 'port to listen on (0 picks a free one)', process.env.TM_PORT ?? '8080')
    .option('--workers <n>', 'server processes sharing the port: a number, or auto for one per core (default auto)', process.env.TM_WORKERS)
    .option('--access-log <format>', 'access log on stderr: combined, json or off', process.env.TM_ACCESS_LOG ?? 'combined')
    .option('--body-limit <bytes>', 'largest request body accepted')
    .option('--base-url <url>', 'public URL of this service (OAuth audience, allowed origin)', process.env.TM_BASE_URL)
    .option('--app-url <url>', 'sign-in app issuing OAuth tokens (issuer is <app-url>/api/auth)', process.env.TM_APP_URL)
    .option('--jwks <url-or-file>', 'JWKS for OAuth access tokens (default <app-url>/api/auth/jwks)', process.env.TM_JWKS)
    .option('--allowed-host <host>', 'extra Host accepted by /mcp (repeatable)', collect)
    .option('--allowed-origin <origin>', 'extra Origin accepted by /mcp (repeatable)', collect)
    .option('--trust-proxy', 'a reverse proxy is in front: the client is the last X-Forwarded-For address (docs/operations.md)')
    .option('--meter-oauth', 'meter and log OAuth-authenticated MCP calls (exempt by default)')
    .option('--allow-private-webhooks', 'let webhook endpoints be private or loopback addresses (local hosting, tests)')
    .option('--no-deliver', 'do not run the webhook delivery worker in this server (use tm deliver instead)')
    .option('--create', 'create the store when it does not exist (otherwise a missing store is refused)')
    .option('--read-url <url>', 'a streaming standby of the --db PostgreSQL store for searches and lists (default $TM_DB_READ; docs/scaling.md)')
    .action(async (_opts: unknown, command: Command) => {
      const o = command.optsWithGlobals<ServeFlags>();
      // Through the environment, so that cluster workers (which validate endpoint URLs) see it too.
      if (o.allowPrivateWebhooks) process.env.TM_ALLOW_PRIVATE_WEBHOOKS = '1';
      try {
        checkStore(o.db, o.create === true);
        const [{ runServe, parseWorkers }, { mcpMount }] = await Promise.all([import('../../http/serve.js'), import('../../mcp/http.js')]);
        await runServe({
          host: o.host,
          port: Number(o.port),
          workers: parseWorkers(o.workers),
          db: o.db,
          readDb: o.readUrl,
          deliver: o.deliver !== false,
          accessLog: o.accessLog,
          bodyLimit: o.bodyLimit ? Number(o.bodyLimit) : undefined,
          trustProxy: o.trustProxy === true,
          mountMcp: mcpMount({
            baseUrl: o.baseUrl,
            appUrl: o.appUrl,
            jwks: o.jwks,
            allowedHosts: o.allowedHost,
            allowedOrigins: o.allowedOrigin,
            meterOAuth: o.meterOauth === true,
          }),
        });
      } catch (err) {
        process.exitCode = reportError(err, outputMode(o));
      }
    });

  program
    .command('mcp')
    .description('Speak MCP over stdio, for desktop agents')
    .option('--key <api-key>', 'act as this API key\'s organization (default $TM_API_KEY; none: the local user)')
    .option('--toolsets <list>', 'tool groups to list, comma-separated, or all (default $TM_MCP_TOOLSETS, else trademarks,deadlines,clearance,monitoring,account; docs/mcp.md)')
    .option('--create', 'create the store when it does not exist (otherwise a missing store is refused)')
    .action(async (_opts: unknown, command: Command) => {
      const o = command.optsWithGlobals<GlobalOptions & { key?: string; toolsets?: string; create?: boolean }>();
      try {
        checkStore(o.db, o.create === true);
        const { runMcpStdio } = await import('../../mcp/stdio.js');
        await runMcpStdio({ db: o.db, key: o.key, toolsets: o.toolsets });
      } catch (err) {
        process.exitCode = reportError(err, { json: false, tty: false });
      }
    });
};
