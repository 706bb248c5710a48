// Who casts an office-coverage vote, and which office it is for: the organization of the API key
// (HTTP, MCP), or on the machine holding the store the one named with --org; and an office code
// that is real but not yet one of the production offices.
import { requireOrg } from '../../auth/orgs.js';
import type { Context } from '../../context.js';
import { TmError } from '../../errors.js';
import { offices, resolveOfficeFilter, st3Codes } from '../reference/data.js';

export const voter = async (ctx: Context, org: string | undefined): Promise<{ id: string; livemode: boolean }> => {
  if (ctx.org) {
    if (org && org !== ctx.org.id) throw new TmError('forbidden', `A key of ${ctx.org.id} cannot vote for ${org}.`, { param: 'org' });
    return { id: ctx.org.id, livemode: ctx.org.livemode };
  }
  if (!org) throw new TmError('validation_error', 'org: name the organization that votes (tm orgs list).', { param: 'org', suggestion: 'Pass --org org_…' });
  await requireOrg(ctx, org);
  return { id: org, livemode: true };
};

export const officeName = (code: string): string | null => offices().find((o) => o.code === code)?.name ?? st3Codes().get(code) ?? null;

/** A known office code that tm does not cover yet; a production office is a 400 naming it. */
export const uncoveredOffice = (value: string, param = 'office'): string => {
  const code = resolveOfficeFilter(value, param)!;
  if (offices().some((o) => o.code === code)) {
    throw new TmError('validation_error', `${param}: ${code} (${officeName(code)}) is already covered; votes are for offices to be added.`, { param });
  }
  return code;
};
