// A real `tm serve` HTTP server on 127.0.0.1, port 0, over a temporary store seeded by ingesting
// real office fixtures (USPTO daily XML, EUIPO JSON) plus any extra records, with two
// organizations, keys of various scopes and modes, and a fetch helper.
import { join } from 'node:path';
import { createOrganization, issueApiKey } from '../../src/auth/index.js';
import { ingestFiles } from '../../src/ingest/pipeline.js';
import type { OrgLimitOverrides } from '../../src/auth/schemas.js';
import type { TrademarkRecord } from '../../src/core/schemas/trademark.js';
import { createHttpServer, type HttpServer, type HttpServerOptions } from '../../src/http/server.js';
import { tempContext, type TempContext } from '../helpers/factory.js';

export interface HttpFixture {
  url: string;
  tmp: TempContext;
  server: HttpServer;
  orgA: { id: string; read: string; all: string; test: string; noScopes: string };
  orgB: { id: string; all: string };
  log: string[];
  call(path: string, init?: RequestInit & { key?: string | null; idem?: string }): Promise<Response>;
  close(): Promise<void>;
}

/** 11 USPTO daily-XML records and 10 EUIPO records. */
export const FIXTURES = [
  join(import.meta.dirname, '../../fixtures/uspto/daily-xml/apc180218-sample.xml'),
  join(import.meta.dirname, '../../fixtures/euipo/tm_list_size10.json'),
];

const ALL = ['trademarks:read', 'events:read', 'portfolios:manage', 'api-keys:manage', 'billing:read'] as const;

export const startHttp = async (
  records: TrademarkRecord[] = [],
  opts: { limitsA?: OrgLimitOverrides; server?: Partial<HttpServerOptions>; now?: string } = {},
): Promise<HttpFixture> => {
  const tmp = tempContext(opts.now);
  const { ctx } = tmp;
  const summary = await ingestFiles(ctx, FIXTURES);
  if (summary.failed_files.length) throw new Error(`fixture ingest failed: ${JSON.stringify(summary.failed_files)}`);
  if (records.length) await ctx.store.trademarks.upsert(records, '2026-11-01T00:00:00.000Z');
  await ctx.index.sync();
  const a = await createOrganization(ctx, 'Acme Legal', opts.limitsA ?? {});
  const b = await createOrganization(ctx, 'Beta IP');
  const key = async (orgId: string, scopes: readonly (typeof ALL)[number][], livemode = true) =>
    (await issueApiKey(ctx, { orgId, scopes, livemode })).secret;
  const orgA = {
    id: a.id,
    read: await key(a.id, ['trademarks:read']),
    all: await key(a.id, ALL),
    test: await key(a.id, ALL, false),
    noScopes: await key(a.id, []),
  };
  const orgB = { id: b.id, all: await key(b.id, ALL) };
  const log: string[] = [];
  const server = createHttpServer({ context: ctx, accessLog: 'json', accessLogWrite: (l) => log.push(l), ...opts.server });
  const { url } = await server.listen(0);
  let n = 0;
  return {
    url,
    tmp,
    server,
    orgA,
    orgB,
    log,
    call: (path, init = {}) => {
      const { key: k = orgA.all, idem, headers, ...rest } = init;
      const h = new Headers(headers);
      if (k) h.set('Authorization', `Bearer ${k}`);
      const method = (rest.method ?? 'GET').toUpperCase();
      if (method !== 'GET' && idem !== '') h.set('Idempotency-Key', idem ?? `test-${Date.now()}-${n++}`);
      if (typeof rest.body === 'string' && !h.has('Content-Type')) h.set('Content-Type', 'application/json');
      return fetch(`${url}${path}`, { ...rest, method, headers: h });
    },
    close: async () => {
      await server.shutdown();
      await tmp.cleanup();
    },
  };
};
