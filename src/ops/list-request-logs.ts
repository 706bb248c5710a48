// list_request_logs: the calling organization's request log, newest first (`GET /v1/logs`).
import { z } from 'zod';
import { RequestLogEntry } from '../auth/schemas.js';
import { listEnvelope } from '../core/schemas/envelope.js';
import { TmError } from '../errors.js';
import { callerOrg } from './account-context.js';
import { defineOp } from './define-op.js';
import { cursorPosition, listPage, pagingInput } from './paging.js';

export const listRequestLogs = defineOp({
  name: 'list_request_logs',
  summary: "List the organization's recent API requests",
  description:
    'The organization\'s request log, newest first: id, method, path, operation, status, error type, duration. Pass `request_id` to find one request.',
  scope: 'billing:read',
  meter: 'account',
  readOnly: true,
  http: { method: 'GET', path: '/v1/logs' },
  input: z.strictObject({
    request_id: z.string().regex(/^req_/, 'a request id starts with req_').optional().describe('Only this request'),
    ...pagingInput,
  }),
  output: listEnvelope(RequestLogEntry),
  run: async (ctx, input) => {
    const org = callerOrg(ctx);
    const usage = ctx.store.auth.usage;
    const binding = { op: 'logs', org: org.id, live: org.livemode, request_id: input.request_id ?? null };
    let rows;
    if (input.request_id) {
      const one = await usage.logById(org.id, org.livemode, input.request_id);
      if (!one) throw new TmError('not_found', `No request ${input.request_id} in this organization's log.`, { param: 'request_id' });
      rows = [one];
    } else {
      const before = input.cursor ? await cursorPosition(ctx, input.cursor, binding) : Number.MAX_SAFE_INTEGER;
      rows = await usage.logs(org.id, org.livemode, before, input.limit + 1);
    }
    const entries = rows.map((r) => ({
      seq: r.seq,
      entry: {
        id: r.id,
        object: 'request_log' as const,
        method: r.method,
        path: r.path,
        operation: r.operation,
        status: r.status,
        error_type: r.error_type,
        duration_ms: r.duration_ms,
        key_id: r.key_id,
        livemode: r.livemode === 1,
        created_at: r.at,
      },
    }));
    const page = await listPage(ctx, entries, input.limit, (last) => last.seq, binding);
    return { ...page, data: page.data.map((e) => e.entry) };
  },
});
