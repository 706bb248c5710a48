// Looks up one of the calling organization's keys by id; another organization's key, or a key of
// the other mode, is "not found" so that no request can learn of keys outside its organization.
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
