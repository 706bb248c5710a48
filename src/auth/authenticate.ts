// Authentication and scope checks shared by HTTP and MCP (spec §5): a Bearer API key resolves to
// its organization, scopes and mode, or the request fails with 401; a missing scope is a 403.
import type { Context, OrgRef } from '../context.js';
import { TmError } from '../errors.js';
import type { Scope } from '../ops/define-op.js';
import { hashKey, KEY_PATTERN, keyStatus } from './keys.js';
import { resolveLimits } from './limits.js';
import { planOf } from './plans.js';
import { SCOPES, type OrgLimits } from './schemas.js';

export interface Principal {
  org: OrgRef;
  scopes: Scope[];
  keyId: string;
  livemode: boolean;
  limits: OrgLimits;
}

const HOW = 'Send `Authorization: Bearer <API key>`; create a key with `tm keys create --org <org id> --scopes trademarks:read`.';
/** `last_used_at` is written at most once a minute per key, so reads stay read-only. */
const TOUCH_MS = 60_000;

const unauthorized = (detail: string): TmError => new TmError('unauthorized', detail, { suggestion: HOW });
const MISSING = 'Missing Authorization header.';
const NOT_BEARER = 'Malformed Authorization header; expected the Bearer scheme.';

/** RFC 6750 §3: a request that sent no Bearer credential at all gets a challenge without an error code. */
export const sentNoBearer = (err: TmError): boolean => err.message === MISSING || err.message === NOT_BEARER;

/** Accepts an `Authorization` header value (`Bearer …`) or a bare key. */
export const authenticateApiKey = async (ctx: Context, bearer: string | null | undefined): Promise<Principal> => {
  if (!bearer || !bearer.trim()) throw unauthorized(MISSING);
  const m = /^\s*(?:(\S+)\s+)?(\S+)\s*$/.exec(bearer);
  if (!m || (m[1] !== undefined && m[1].toLowerCase() !== 'bearer')) {
    throw unauthorized(NOT_BEARER);
  }
  const token = m[2]!;
  if (!KEY_PATTERN.test(token)) throw unauthorized('Malformed API key; keys look like tmk_live_… or tmk_test_….');
  const row = await ctx.store.auth.keyByHash(hashKey(token));
  if (!row) throw unauthorized('Invalid API key.');
  const now = ctx.clock.now();
  const status = keyStatus(row, now.toISOString());
  if (status === 'revoked') throw unauthorized('This API key was revoked.');
  if (status === 'expired') throw unauthorized(`This API key expired at ${row.expires_at}.`);
  if (!row.last_used_at || now.getTime() - Date.parse(row.last_used_at) > TOUCH_MS) {
    await ctx.store.auth.touchKey(row.id, now.toISOString());
  }
  const livemode = row.livemode === 1;
  return {
    org: { id: row.org_id, name: row.org_name, livemode, features: planOf(row.org_plan).features },
    scopes: normalizeScopes(JSON.parse(row.scopes) as string[]),
    keyId: row.id,
    livemode,
    limits: resolveLimits(row.org_limits),
  };
};

/** Maps granted scope strings to the service's scopes; MCP's `read` and `search` mean `trademarks:read`. */
export const normalizeScopes = (granted: readonly string[]): Scope[] => {
  const out = new Set<Scope>();
  for (const s of granted) {
    if (s === 'read' || s === 'search') out.add('trademarks:read');
    else if ((SCOPES as readonly string[]).includes(s)) out.add(s as Scope);
  }
  return [...out];
};

export const requireScope = (principal: Pick<Principal, 'scopes'>, scope: Scope): void => {
  if (!principal.scopes.includes(scope)) {
    throw new TmError('forbidden', `This API key lacks the ${scope} scope.`, {
      suggestion: `Use a key with the ${scope} scope, or add it: PATCH /v1/organization/api-keys/{id} with a key holding api-keys:manage.`,
      extra: { required_scope: scope },
    });
  }
};

/** The per-request context: the process context narrowed to one organization and request. */
export const contextFor = (base: Context, principal: Principal | null, requestId: string | null): Context => ({
  ...base,
  org: principal?.org ?? null,
  requestId,
  credential: principal ? { keyId: principal.keyId, scopes: principal.scopes } : null,
});
