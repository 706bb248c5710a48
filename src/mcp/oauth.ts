// OAuth 2.1 access tokens for /mcp (spec §5.5): JWTs verified with jose against a configured JWKS,
// with aud = base URL, iss = app URL + /api/auth, exp, and a required org_id claim. Also the
// RFC 9728 protected-resource metadata and the WWW-Authenticate challenge that points to it.
import { readFileSync } from 'node:fs';
import { createLocalJWKSet, createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTVerifyGetKey } from 'jose';
import type { Clock } from '../core/clock.js';
import { TmError } from '../errors.js';

export interface OAuthSettings {
  /**
   * Public URL of this service (`--base-url`); the token audience and the PRM `resource`. Without
   * it OAuth is off and the metadata names the URL the request came to.
   */
  baseUrl?: string;
  /** URL of the sign-in app (`--app-url`); tokens are issued by `{appUrl}/api/auth`. */
  appUrl?: string;
  /** JWKS as an http(s) URL or a file path; defaults to `{appUrl}/api/auth/jwks`. */
  jwks?: string;
}

export interface OAuthPrincipal {
  sub: string;
  orgId: string;
  scopes: string[];
  expiresAt: number;
}

/** The three 401 messages of spec §5.4, as written. */
export const UNAUTHORIZED = {
  missing: 'Missing Authorization header.',
  noOrg: 'Access token missing the org_id claim (onboarding not complete).',
  invalid: 'Invalid or expired access token.',
} as const;

/** Scopes an MCP client may ask for (spec §5.3); read and search equal trademarks:read. */
export const MCP_SCOPES = ['read', 'search', 'offline_access', 'trademarks:read', 'events:read', 'billing:read'] as const;

const trimSlash = (url: string): string => url.replace(/\/+$/, '');

export const issuerOf = (appUrl: string): string => `${trimSlash(appUrl)}/api/auth`;

const keySet = (settings: OAuthSettings): JWTVerifyGetKey | null => {
  const source = settings.jwks ?? (settings.appUrl ? `${issuerOf(settings.appUrl)}/jwks` : undefined);
  if (!source) return null;
  if (/^https?:\/\//.test(source)) return createRemoteJWKSet(new URL(source));
  return createLocalJWKSet(JSON.parse(readFileSync(source, 'utf8')));
};

/** A token that is a JWT (three base64url parts); anything else is treated as an API key. */
export const looksLikeJwt = (token: string): boolean => /^[\w-]+\.[\w-]+\.[\w-]*$/.test(token);

export type JwtVerifier = (token: string) => Promise<OAuthPrincipal>;

/** Null when OAuth is not configured (no app URL and no JWKS): every JWT is then refused. */
export const createJwtVerifier = (settings: OAuthSettings, clock: Clock): JwtVerifier | null => {
  const keys = keySet(settings);
  if (!keys || !settings.appUrl || !settings.baseUrl) return null;
  const issuer = issuerOf(settings.appUrl);
  const audience = trimSlash(settings.baseUrl);
  return async (token) => {
    let payload;
    try {
      ({ payload } = await jwtVerify(token, keys, {
        audience: [audience, `${audience}/`],
        issuer,
        requiredClaims: ['exp', 'sub'],
        currentDate: clock.now(),
      }));
    } catch (err) {
      if (err instanceof joseErrors.JOSEError) throw new TmError('unauthorized', UNAUTHORIZED.invalid);
      throw err;
    }
    const orgId = payload.org_id;
    if (typeof orgId !== 'string' || orgId.length === 0) throw new TmError('unauthorized', UNAUTHORIZED.noOrg);
    return {
      sub: String(payload.sub),
      orgId,
      scopes: typeof payload.scope === 'string' ? payload.scope.split(' ').filter(Boolean) : [],
      expiresAt: payload.exp!,
    };
  };
};

export const resourceMetadataUrl = (baseUrl: string): string =>
  `${trimSlash(baseUrl)}/.well-known/oauth-protected-resource/mcp`;

/** RFC 9728 protected-resource metadata for /mcp; `baseUrl` is the configured or requested one. */
export const protectedResourceMetadata = (settings: OAuthSettings, baseUrl: string): Record<string, unknown> => ({
  resource: trimSlash(baseUrl),
  ...(settings.appUrl ? { authorization_servers: [issuerOf(settings.appUrl)] } : {}),
  scopes_supported: [...MCP_SCOPES],
  bearer_methods_supported: ['header'],
  resource_name: 'tm trademark intelligence',
  resource_documentation: `${trimSlash(baseUrl)}/v1/openapi.json`,
});

/** RFC 6750 §3: no error code when the request carried no credential at all. */
export const wwwAuthenticate = (baseUrl: string, detail: string): string => {
  const parts = [`resource_metadata="${resourceMetadataUrl(baseUrl)}"`, 'scope="read search"'];
  if (detail !== UNAUTHORIZED.missing) parts.push(`error="invalid_token"`, `error_description="${detail}"`);
  return `Bearer ${parts.join(', ')}`;
};
