// API key material (spec §5.1): `tmk_live_…` or `tmk_test_…` followed by 32 random base64url
// characters. The `tmk_` prefix keeps keys distinct from `tm_` trademark ids. Only the SHA-256
// of a key is stored; the key itself is shown once, when it is created.
import { createHash, randomBytes } from 'node:crypto';
import { randomId } from '../core/ids.js';
import type { Context } from '../context.js';
import type { ApiKeyRow } from '../store/auth-repo.js';
import { TmError } from '../errors.js';
import { ApiKey, SCOPES, type ScopeName } from './schemas.js';
import type { z } from 'zod';

export const KEY_PATTERN = /^tmk_(live|test)_[A-Za-z0-9_-]{32}$/;

export const hashKey = (key: string): string => createHash('sha256').update(key).digest('hex');

export const keyStatus = (row: Pick<ApiKeyRow, 'revoked_at' | 'expires_at'>, now: string): ApiKey['status'] =>
  row.revoked_at ? 'revoked' : row.expires_at && row.expires_at <= now ? 'expired' : 'active';

export const toApiKey = (row: ApiKeyRow, now: string): ApiKey => ({
  id: row.id,
  object: 'api_key',
  name: row.name,
  hint: row.hint,
  livemode: row.livemode === 1,
  scopes: (JSON.parse(row.scopes) as string[]).filter((s): s is z.infer<typeof ScopeName> => (SCOPES as readonly string[]).includes(s)),
  created_at: row.created_at,
  expires_at: row.expires_at,
  revoked_at: row.revoked_at,
  last_used_at: row.last_used_at,
  status: keyStatus(row, now),
});

export interface NewKey {
  orgId: string;
  scopes: readonly z.infer<typeof ScopeName>[];
  livemode: boolean;
  name?: string | null;
  /** ISO timestamp after which the key stops working. */
  expiresAt?: string | null;
}

/** Creates a key and returns it with its one-time secret. */
export const issueApiKey = async (ctx: Context, spec: NewKey): Promise<{ key: ApiKey; secret: string }> => {
  const org = await ctx.store.auth.getOrg(spec.orgId);
  if (!org) throw new TmError('not_found', `No organization ${spec.orgId}.`, { param: 'org' });
  const now = ctx.clock.now().toISOString();
  if (spec.expiresAt && spec.expiresAt <= now) {
    throw new TmError('validation_error', `Expiry ${spec.expiresAt} is not in the future.`, { param: 'expires_at' });
  }
  const secret = `tmk_${spec.livemode ? 'live' : 'test'}_${randomBytes(24).toString('base64url')}`;
  const row = {
    id: randomId('key_'),
    org_id: org.id,
    name: spec.name ?? null,
    hash: hashKey(secret),
    hint: `${secret.slice(0, 9)}…${secret.slice(-4)}`,
    livemode: spec.livemode ? 1 : 0,
    scopes: JSON.stringify([...new Set(spec.scopes)]),
    created_at: now,
    expires_at: spec.expiresAt ?? null,
  };
  await ctx.store.auth.createKey(row);
  return { key: toApiKey({ ...row, revoked_at: null, last_used_at: null }, now), secret };
};

/** `--expires` / `expires_at`: an ISO timestamp, a date (that day 00:00 UTC), or a duration such as `90d` or `12h`. */
export const parseExpiry = (value: string | undefined, now: Date): string | null => {
  if (value === undefined || value === '') return null;
  const rel = /^(\d+)([dh])$/.exec(value.trim());
  if (rel) return new Date(now.getTime() + Number(rel[1]) * (rel[2] === 'd' ? 86_400_000 : 3_600_000)).toISOString();
  const at = Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(at)) {
    throw new TmError('validation_error', `expires: '${value}' is neither a date, a timestamp nor a duration like 90d.`, { param: 'expires_at' });
  }
  return new Date(at).toISOString();
};
