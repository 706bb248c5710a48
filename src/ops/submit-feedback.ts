// submit_feedback: report a problem, optionally about one request by its request_id (`POST /v1/feedback`).
import { z } from 'zod';
import { randomId } from '../core/ids.js';
import { TmError } from '../errors.js';
import { callerOrg } from './account-context.js';
import { defineOp } from './define-op.js';

export const submitFeedback = defineOp({
  name: 'submit_feedback',
  summary: 'Report a problem, e.g. a wrong record or a failed request',
  description:
    "Stores a report for the service's operators. Give `request_id` (from a response's Request-Id header or body) to point at one request of your organization; it must be in your request log.",
  scope: 'trademarks:read',
  meter: 'account',
  readOnly: false,
  http: { method: 'POST', path: '/v1/feedback' },
  input: z.strictObject({
    message: z.string().trim().min(1).max(5000).describe('What went wrong'),
    request_id: z.string().regex(/^req_/, 'a request id starts with req_').optional(),
    category: z.enum(['data_quality', 'bug', 'search_relevance', 'other']).default('other'),
  }),
  output: z.object({
    id: z.string(),
    object: z.literal('feedback'),
    about_request_id: z.string().nullable().describe('The request this report is about'),
    category: z.string(),
    created_at: z.string(),
    livemode: z.boolean(),
    request_id: z.string().nullable(),
  }),
  run: async (ctx, input) => {
    const org = callerOrg(ctx);
    if (input.request_id && !(await ctx.store.auth.usage.logById(org.id, org.livemode, input.request_id))) {
      throw new TmError('not_found', `No request ${input.request_id} in this organization's log.`, { param: 'request_id' });
    }
    const row = {
      id: randomId('fb_'),
      org_id: org.id,
      livemode: org.livemode ? 1 : 0,
      request_id: input.request_id ?? null,
      category: input.category,
      message: input.message,
      created_at: ctx.clock.now().toISOString(),
    };
    await ctx.store.auth.addFeedback(row);
    return {
      id: row.id,
      object: 'feedback' as const,
      about_request_id: row.request_id,
      category: row.category,
      created_at: row.created_at,
      livemode: org.livemode,
      request_id: ctx.requestId,
    };
  },
});
