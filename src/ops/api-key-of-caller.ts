// Looks up one of the calling organization's keys by id; another organization's key, or a key of
// the other mode, is "not found" so that no request can learn of keys outside its organization.
import { normalizeScopes } from '../auth/authenticate.js';
import type { Context } from '../context.js';
import { idPrefix } from '../core/ids.js';
import { TmError } from '../errors.js';
import type { ApiKeyRow } from '../store/auth-repo.js';
import { callerOrg } from './account-context.js';

export const keyOfCaller = async (ctx: Context, id: string): Promise<ApiKeyRow> => {
  const org = callerOrg(ctx);
  if (idPrefix(id) !== 'key_') {
    throw new TmError('id_type_mismatch', `'${id}' is not an API key id; key ids start with key_.`, { param: 'id' });
  }
  const row = await ctx.store.auth.getKey(id);
  if (!row || row.org_id !== org.id || (row.livemode === 1) !== org.livemode) {
    throw new TmError('not_found', `No API key ${id} in this organization.`, { param: 'id' });
  }
  return row;
};

/**
 * A key the calling key may change or revoke: one of its organization's keys holding no scope the
 * caller lacks, so that `api-keys:manage` alone cannot extend or take over a broader key (issue 11).
 * Local callers (the CLI, no credential) may change any key.
 */
export const keyCallerMayChange = async (ctx: Context, id: string): Promise<ApiKeyRow> => {
  const row = await keyOfCaller(ctx, id);
  const granted = ctx.credential?.scopes;
  const beyond = granted ? normalizeScopes(JSON.parse(row.scopes) as string[]).filter((s) => !granted.includes(s)) : [];
  if (beyond.length) {
    throw new TmError('forbidden', `API key ${id} holds ${beyond.join(', ')}, which the calling key lacks, so it cannot change that key.`, {
      param: 'id',
      suggestion: 'Use a key holding every scope of the key to change, or tm keys on the server.',
    });
  }
  return row;
};
