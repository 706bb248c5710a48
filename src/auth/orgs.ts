// Organizations: creation, lookup and the public organization object.
import { randomId } from '../core/ids.js';
import type { Context } from '../context.js';
import { TmError } from '../errors.js';
import type { OrgRow } from '../store/auth-repo.js';
import { mergeOverrides, resolveLimits } from './limits.js';
import { planOf, type Plan } from './plans.js';
import type { Organization, OrgLimitOverrides } from './schemas.js';

/** The public organization; its payload version is the one its events are recorded with (ledger). */
export const toOrganization = async (ctx: Context, row: OrgRow, livemode: boolean, requestId: string | null): Promise<Organization> => ({
  id: row.id,
  object: 'organization',
  name: row.name,
  created_at: row.created_at,
  livemode,
  limits: resolveLimits(row.limits),
  plan: planOf(row.plan),
  payload_version: await ctx.store.ledger.payloadVersion(row.id),
  request_id: requestId,
});

export const createOrganization = async (ctx: Context, name: string, limits: OrgLimitOverrides = {}): Promise<OrgRow> => {
  const row: OrgRow = {
    id: randomId('org_'),
    name: name.trim(),
    limits: JSON.stringify(limits),
    created_at: ctx.clock.now().toISOString(),
  };
  if (!row.name) throw new TmError('validation_error', 'An organization needs a name.', { param: 'name' });
  await ctx.store.auth.createOrg(row);
  return row;
};

export const requireOrg = async (ctx: Context, id: string): Promise<OrgRow> => {
  const row = await ctx.store.auth.getOrg(id);
  if (!row) throw new TmError('not_found', `No organization ${id}.`, { param: 'org', suggestion: 'List organizations with tm orgs list.' });
  return row;
};

export const updateOrgLimits = async (ctx: Context, id: string, next: OrgLimitOverrides): Promise<OrgRow> => {
  const row = await requireOrg(ctx, id);
  const limits = JSON.stringify(mergeOverrides(row.limits, next));
  await ctx.store.auth.setOrgLimits(id, limits);
  return { ...row, limits };
};

export const updateOrgPlan = async (ctx: Context, id: string, plan: Plan): Promise<OrgRow> => {
  const row = await requireOrg(ctx, id);
  const stored = JSON.stringify(plan);
  await ctx.store.auth.setOrgPlan(id, stored);
  return { ...row, plan: stored };
};

/** Spec §9.2: the payload version (1 or 2) an organization's new events carry; stored events keep theirs. */
export const updatePayloadVersion = async (ctx: Context, id: string, version: number): Promise<OrgRow> => {
  const row = await requireOrg(ctx, id);
  await ctx.store.ledger.setPayloadVersion(id, version);
  return row;
};
