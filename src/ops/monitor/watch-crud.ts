// Watch operations: create (one, or 1 to 100 in bulk, validated whole), list, get, update (only the
// fields sent change; a re-save with current keys leaves legacy matching), delete, pause and resume.
import { z } from 'zod';
import { listEnvelope } from '../../core/schemas/envelope.js';
import { randomId } from '../../core/ids.js';
import type { Context } from '../../context.js';
import { TmError } from '../../errors.js';
import { checkPrefix, notFound, ownerOrg } from '../../monitor/org.js';
import type { WatchQuery } from '../../monitor/watch-query.js';
import { checkWatchBody, Deprecations, toWatch, Watch, WATCH_QUOTA, WatchBody, type CheckedWatch } from '../../monitor/watch-schemas.js';
import type { WatchRow } from '../../store/watch-repo.js';
import { defineOp } from '../define-op.js';
import { cursorPosition, listPage, pagingInput } from '../paging.js';
import { resolveTrademark } from '../resolve-id.js';
import { requirePortfolio } from './portfolio-crud.js';

const WatchId = z.string().min(1).describe('Watch id (wat_…)');
const WatchResponse = Watch.extend({ deprecations: Deprecations, request_id: z.string().nullable() });

export const requireWatch = async (ctx: Context, id: string, param = 'id'): Promise<WatchRow> => {
  checkPrefix(id, 'wat_', 'watch', param);
  const row = await ctx.store.watches.get(ownerOrg(ctx), id);
  if (!row) throw notFound('watch', id, param);
  return row;
};

/** Resolves the ids a query names: marks to tm_ ids (OFFICE:number accepted), the portfolio to one of the caller's. */
export const resolveQueryIds = async (ctx: Context, query: WatchQuery, prefix = ''): Promise<WatchQuery> => {
  const f = query.filters;
  if (!f) return query;
  const out = { ...f };
  if (f.trademarkIds) {
    out.trademarkIds = [];
    for (const [i, ref] of f.trademarkIds.entries()) {
      const param = `${prefix}query.filters.trademarkIds.${i}`;
      try {
        out.trademarkIds.push((await resolveTrademark(ctx, ref, param)).id);
      } catch (err) {
        if (err instanceof TmError && err.type === 'not_found') throw new TmError('validation_error', `${param}: no trademark ${ref}.`, { param });
        throw err;
      }
    }
    out.trademarkIds = [...new Set(out.trademarkIds)];
  }
  if (f.portfolioId) out.portfolioId = (await requirePortfolio(ctx, f.portfolioId, `${prefix}query.filters.portfolioId`)).id;
  return { ...query, filters: out };
};

const checkQuota = async (ctx: Context, adding: number): Promise<void> => {
  const held = await ctx.store.watches.count(ownerOrg(ctx));
  if (held + adding > WATCH_QUOTA) {
    throw new TmError('conflict', `The organization holds ${held} watches; ${adding} more would pass its quota of ${WATCH_QUOTA}.`, {
      suggestion: 'Delete or merge watches you no longer need.',
    });
  }
};

/** Checks a body and builds its row (not yet stored); the cursor starts at the newest change. */
export const prepareWatch = async (ctx: Context, body: WatchBody, prefix = '', monitorId: string | null = null): Promise<{ row: WatchRow; checked: CheckedWatch }> => {
  const checked = checkWatchBody(body, prefix);
  const query = await resolveQueryIds(ctx, checked.query, prefix);
  const at = ctx.clock.now().toISOString();
  const row: WatchRow = {
    id: randomId('wat_'), org_id: ownerOrg(ctx), name: body.name, watch_type: checked.type, query: JSON.stringify(query),
    matching: JSON.stringify(checked.matching), trigger_events: JSON.stringify(checked.triggers), delivery_mode: checked.deliveryMode,
    customer_reference: body.customer_reference ?? null, metadata: checked.metadata, status: 'active', monitor_id: monitorId,
    cursor: await ctx.store.watches.headSeq(), evaluated_count: 0, alert_count: 0, last_evaluated_seq: null, last_evaluated_at: null,
    last_error: null, last_error_at: null, created_at: at, updated_at: at,
  };
  return { row, checked: { ...checked, query } };
};

export const createWatches = async (ctx: Context, bodies: WatchBody[], prefix: (i: number) => string) => {
  const prepared = [];
  for (const [i, body] of bodies.entries()) prepared.push(await prepareWatch(ctx, body, prefix(i)));
  await checkQuota(ctx, prepared.length);
  await ctx.store.watches.create(prepared.map((p) => p.row));
  return prepared;
};

export const tmWatchesCreate = defineOp({
  name: 'tm_watches_create',
  mcpTool: true,
  summary: 'Create a watch',
  description:
    'Saves a watch that raises an alert when an ingested change matches it. `watch_type` names the field `query` needs: mark (filters.trademarkIds), portfolio (filters.portfolioId), owner (filters.ownerId), class (filters.niceClasses) or similarity (q).',
  scope: 'portfolios:manage',
  meter: 'monitoring',
  readOnly: false,
  http: { method: 'POST', path: '/v1/watches' },
  cli: { command: 'watches create' },
  input: WatchBody,
  output: WatchResponse,
  run: async (ctx, input) => {
    const [p] = await createWatches(ctx, [input], () => '');
    return { ...toWatch(p!.row), deprecations: p!.checked.deprecations, request_id: ctx.requestId };
  },
});

export const bulkCreateWatches = defineOp({
  name: 'bulk_create_watches',
  summary: 'Create 1 to 100 watches at once (all or none)',
  scope: 'portfolios:manage',
  meter: 'monitoring',
  readOnly: false,
  http: { method: 'POST', path: '/v1/watches/bulk' },
  cli: { command: 'watches bulk' },
  input: z.strictObject({ watches: z.array(WatchBody).min(1).max(100) }),
  output: z.object({ object: z.literal('list'), data: z.array(Watch), deprecations: Deprecations, request_id: z.string().nullable() }),
  run: async (ctx, input) => {
    const prepared = await createWatches(ctx, input.watches, (i) => `watches.${i}.`);
    const deprecations = prepared.flatMap((p, i) => p.checked.deprecations.map((d) => ({ ...d, parameter: `watches.${i}.${d.parameter}` })));
    return { object: 'list' as const, data: prepared.map((p) => toWatch(p.row)), deprecations, request_id: ctx.requestId };
  },
});

export const listWatches = defineOp({
  name: 'list_watches',
  summary: "List the organization's watches",
  scope: 'trademarks:read',
  meter: 'monitoring',
  readOnly: true,
  http: { method: 'GET', path: '/v1/watches' },
  cli: { command: 'watches list' },
  input: z.strictObject({ ...pagingInput }),
  output: listEnvelope(Watch),
  run: async (ctx, input) => {
    const binding = { op: 'list_watches', org: ownerOrg(ctx) };
    const offset = await cursorPosition(ctx, input.cursor, binding);
    const rows = await ctx.store.watches.list(ownerOrg(ctx), offset, input.limit + 1);
    return listPage(ctx, rows.map(toWatch), input.limit, () => offset + input.limit, binding);
  },
});

export const getWatch = defineOp({
  name: 'get_watch',
  summary: 'Get one watch',
  scope: 'trademarks:read',
  meter: 'monitoring',
  readOnly: true,
  http: { method: 'GET', path: '/v1/watches/{id}' },
  cli: { command: 'watches show <id>' },
  input: z.strictObject({ id: WatchId }),
  output: Watch.extend({ request_id: z.string().nullable() }),
  run: async (ctx, input) => ({ ...toWatch(await requireWatch(ctx, input.id)), request_id: ctx.requestId }),
});

export const tmWatchesUpdate = defineOp({
  name: 'tm_watches_update',
  mcpTool: true,
  summary: 'Update a watch (only the fields sent change)',
  description: 'Changes the fields sent; the rest keep their values. Sending `query` re-saves the watch\'s matching.',
  scope: 'portfolios:manage',
  meter: 'monitoring',
  readOnly: false,
  http: { method: 'PATCH', path: '/v1/watches/{id}' },
  cli: { command: 'watches update <id>' },
  input: WatchBody.partial().extend({ id: WatchId }).strict(),
  output: WatchResponse,
  run: async (ctx, input) => {
    const row = await requireWatch(ctx, input.id);
    const current = toWatch(row);
    const { id: _id, ...fields } = input;
    const body: WatchBody = {
      name: fields.name ?? current.name,
      watch_type: fields.watch_type ?? current.watch_type,
      query: fields.query ?? current.query,
      trigger_events: fields.trigger_events ?? current.trigger_events,
      delivery_mode: fields.delivery_mode ?? current.delivery_mode,
      customer_reference: fields.customer_reference === undefined ? current.customer_reference : fields.customer_reference,
      metadata: fields.metadata ?? current.metadata,
    };
    const { row: next, checked } = await prepareWatch(ctx, body);
    const fieldsToStore = {
      name: next.name, watch_type: next.watch_type, query: next.query, matching: next.matching, trigger_events: next.trigger_events,
      delivery_mode: next.delivery_mode, customer_reference: next.customer_reference, metadata: next.metadata, updated_at: next.updated_at,
    };
    await ctx.store.watches.update(row.org_id, row.id, fieldsToStore);
    const updated = { ...row, ...fieldsToStore };
    return { ...toWatch(updated), deprecations: checked.deprecations, request_id: ctx.requestId };
  },
});

export const tmWatchesDelete = defineOp({
  name: 'tm_watches_delete',
  mcpTool: true,
  summary: 'Delete a watch (its alerts stay readable)',
  scope: 'portfolios:manage',
  meter: 'monitoring',
  readOnly: false,
  http: { method: 'DELETE', path: '/v1/watches/{id}' },
  cli: { command: 'watches delete <id>' },
  input: z.strictObject({ id: WatchId }),
  output: z.object({ id: z.string(), object: z.literal('watch'), deleted: z.literal(true), request_id: z.string().nullable() }),
  run: async (ctx, input) => {
    const row = await requireWatch(ctx, input.id);
    await ctx.store.watches.delete(row.org_id, row.id);
    return { id: row.id, object: 'watch' as const, deleted: true as const, request_id: ctx.requestId };
  },
});

const setStatus = (name: string, status: 'active' | 'paused', summary: string) =>
  defineOp({
    name,
    mcpTool: true,
    summary,
    description: status === 'active' ? 'Resumes a paused watch. Changes ingested while it was paused raise no alerts; it evaluates from the next change on.' : 'Pauses a watch: no alerts until resumed.',
    scope: 'portfolios:manage',
    meter: 'monitoring',
    readOnly: false,
    // Setting a status again changes nothing, and the other tool sets it back: not destructive.
    mcp: { idempotent: true },
    http: { method: 'POST', path: `/v1/watches/{id}/${status === 'active' ? 'resume' : 'pause'}` },
    cli: { command: `watches ${status === 'active' ? 'resume' : 'pause'} <id>` },
    input: z.strictObject({ id: WatchId }),
    output: Watch.extend({ request_id: z.string().nullable() }),
    run: async (ctx, input) => {
      const row = await requireWatch(ctx, input.id);
      const at = ctx.clock.now().toISOString();
      const fields = status === 'active' && row.status === 'paused' ? { status, updated_at: at, cursor: await ctx.store.watches.headSeq() } : { status, updated_at: at };
      await ctx.store.watches.update(row.org_id, row.id, fields);
      return { ...toWatch({ ...row, ...fields }), request_id: ctx.requestId };
    },
  });

export const pauseWatch = setStatus('pause_watch', 'paused', 'Pause a watch');
export const resumeWatch = setStatus('resume_watch', 'active', 'Resume a paused watch');
