// Default limits (spec §8) and per-organization overrides. The daily caps are this service's own
// choice (the spec reports them in `/v1/usage` without values); see docs/http.md.
import { OrgLimitOverrides, type OrgLimits } from './schemas.js';

export const DEFAULT_LIMITS: OrgLimits = {
  reads: { limit: 10_000, window_seconds: 60 },
  search: { limit: 10_000, window_seconds: 60 },
  writes: { limit: 1_000, window_seconds: 60 },
  mcp: { limit: 1_000, window_seconds: 60 },
  daily: { reads: 1_000_000, search: 1_000_000, writes: 100_000 },
};

const resolved = new Map<string, OrgLimits>();

/** The effective limits of an organization from its stored override JSON (memoized: every request asks). */
export const resolveLimits = (stored: string | null | undefined): OrgLimits => {
  const key = stored ?? '';
  let limits = resolved.get(key);
  if (!limits) {
    if (resolved.size > 1000) resolved.clear();
    limits = computeLimits(stored);
    resolved.set(key, limits);
  }
  return limits;
};

const computeLimits = (stored: string | null | undefined): OrgLimits => {
  const parsed = OrgLimitOverrides.safeParse(stored ? JSON.parse(stored) : {});
  const o = parsed.success ? parsed.data : {};
  return {
    reads: { ...DEFAULT_LIMITS.reads, ...o.reads },
    search: { ...DEFAULT_LIMITS.search, ...o.search },
    writes: { ...DEFAULT_LIMITS.writes, ...o.writes },
    mcp: { ...DEFAULT_LIMITS.mcp, ...o.mcp },
    daily: { ...DEFAULT_LIMITS.daily, ...o.daily },
  };
};

/** Merges new overrides into stored ones, for `tm orgs limits`. */
export const mergeOverrides = (stored: string | null | undefined, next: OrgLimitOverrides): OrgLimitOverrides => {
  const current = OrgLimitOverrides.parse(stored ? JSON.parse(stored) : {});
  const out: OrgLimitOverrides = { ...current };
  for (const k of ['reads', 'search', 'writes', 'mcp'] as const) {
    if (next[k]) out[k] = { ...current[k], ...next[k] };
  }
  if (next.daily) out.daily = { ...current.daily, ...next.daily };
  return out;
};
