// The calling organization of an account operation: HTTP and MCP set it from the credential;
// without one (a local CLI call) the operation refuses rather than guess an organization.
import type { Context, OrgRef } from '../context.js';
import { TmError } from '../errors.js';

export const callerOrg = (ctx: Context): OrgRef => {
  if (!ctx.org) {
    throw new TmError('unauthorized', 'This operation acts for the organization of an API key.', {
      suggestion: 'Call it over HTTP or MCP with an API key; locally use tm orgs / tm keys.',
    });
  }
  return ctx.org;
};
