// Plans (spec §7 `plan_upgrade_required`; issue 29.7): an organization's plan names the features
// it may use beyond search and reads. The default plan has every feature, so a local user and
// every organization made before plans existed see no change; `tm orgs plan` narrows one.
import { z } from 'zod';
import type { OrgRef } from '../context.js';
import { TmError } from '../errors.js';
import type { OpDefinition } from '../ops/define-op.js';

export const FEATURES = ['portfolios', 'watches', 'alerts', 'events', 'saved_searches'] as const;
export const Feature = z.enum(FEATURES);
export type Feature = z.infer<typeof Feature>;

/** The named plans: `full` (the default) has every feature, `search` none of them; `custom` lists its own. */
export const PLAN_NAMES = ['full', 'search', 'custom'] as const;
export const Plan = z.object({ name: z.enum(PLAN_NAMES), features: z.array(Feature) });
export type Plan = z.infer<typeof Plan>;

export const DEFAULT_PLAN: Plan = { name: 'full', features: [...FEATURES] };

/** The stored plan (JSON in orgs.plan), or the default when none was set. */
export const planOf = (stored: string | null | undefined): Plan => (stored ? Plan.parse(JSON.parse(stored)) : DEFAULT_PLAN);

/** A plan by name; `custom` takes its features, the named plans refuse a list. */
export const namedPlan = (name: Plan['name'], features: readonly Feature[] | undefined): Plan => {
  if (name === 'custom') {
    if (!features) throw new TmError('validation_error', 'features: a custom plan lists its features.', { param: 'features', suggestion: `Any of ${FEATURES.join(', ')}.` });
    return { name, features: FEATURES.filter((f) => features.includes(f)) };
  }
  if (features) throw new TmError('conflicting_params', `features: the ${name} plan has fixed features; use the custom plan to list them.`, { param: 'features' });
  return { name, features: name === 'full' ? [...FEATURES] : [] };
};

/** Each feature's routes; everything else (search, reads, deadlines, reference, account) is in every plan. */
const ROUTES: ReadonlyArray<[RegExp, Feature]> = [
  [/^\/v1\/portfolios\b/, 'portfolios'],
  [/^\/v1\/(watches|monitors)\b/, 'watches'],
  [/^\/v1\/alerts\b/, 'alerts'],
  [/^\/v1\/(events|webhooks)\b/, 'events'],
  [/^\/v1\/screenings\b/, 'saved_searches'],
];

export const featureOf = (op: OpDefinition): Feature | null => {
  const path = op.http?.path;
  return path ? (ROUTES.find(([re]) => re.test(path))?.[1] ?? null) : null;
};

/** 403 plan_upgrade_required when the operation's feature is outside the organization's plan. */
export const requireFeature = (org: OrgRef | null, op: OpDefinition): void => {
  const feature = featureOf(op);
  if (!feature || !org?.features || org.features.includes(feature)) return;
  throw new TmError('plan_upgrade_required', `${op.name} uses ${feature}, which the organization's plan does not include.`, {
    suggestion: `Ask the administrator to include ${feature}: tm orgs plan ${org.id} full (or custom --features …).`,
    extra: { feature },
  });
};
