// Credentials on /mcp (spec §5.4, §5.5): a Bearer API key (the HTTP API's keys) or an OAuth 2.1
// JWT. Failures carry the three MCP 401 messages; the organization always comes from the credential.
import { authenticateApiKey, normalizeScopes, resolveLimits, type Principal } from '../auth/index.js';
import type { Context } from '../context.js';
import { TmError } from '../errors.js';
import { planOf } from '../auth/plans.js';
import type { CredentialKind } from './caller.js';
import { looksLikeJwt, UNAUTHORIZED, type JwtVerifier } from './oauth.js';

export interface Authenticated {
  principal: Principal;
  kind: CredentialKind;
}

const unauthorized = (detail: string): TmError =>
  new TmError('unauthorized', detail, {
    suggestion:
      'Send `Authorization: Bearer <API key>` (tm keys create) or an OAuth access token; the WWW-Authenticate header points to the authorization metadata.',
  });

const fromJwt = async (ctx: Context, verify: JwtVerifier | null, token: string): Promise<Authenticated> => {
  if (!verify) throw unauthorized(UNAUTHORIZED.invalid);
  const claims = await verify(token);
  const org = await ctx.store.auth.getOrg(claims.orgId);
  // A token naming an organization this service does not hold cannot act for anyone.
  if (!org) throw unauthorized(UNAUTHORIZED.invalid);
  return {
    kind: 'oauth',
    principal: {
      org: { id: org.id, name: org.name, livemode: true, features: planOf(org.plan).features },
      scopes: normalizeScopes(claims.scopes),
      keyId: `oauth:${claims.sub}`,
      livemode: true,
      limits: resolveLimits(org.limits),
    },
  };
};

/** Verifies the `Authorization` header of one /mcp request. */
export const authenticateMcp = async (
  ctx: Context,
  header: string | null,
  verify: JwtVerifier | null,
): Promise<Authenticated> => {
  if (!header?.trim()) throw unauthorized(UNAUTHORIZED.missing);
  const m = /^\s*Bearer\s+(\S+)\s*$/i.exec(header);
  if (!m) throw unauthorized(UNAUTHORIZED.invalid);
  const token = m[1]!;
  const jwt = looksLikeJwt(token);
  try {
    return jwt ? await fromJwt(ctx, verify, token) : { kind: 'api_key', principal: await authenticateApiKey(ctx, header) };
  } catch (err) {
    if (!(err instanceof TmError) || err.type !== 'unauthorized') throw err;
    // Only the three messages of spec §5.4; a key's own reasons (revoked, expired) stay private.
    throw unauthorized(jwt && err.message === UNAUTHORIZED.noOrg ? UNAUTHORIZED.noOrg : UNAUTHORIZED.invalid);
  }
};
