// Query parameters renamed to one name per concept (issue 26 point 11, docs/http.md "Deprecated
// parameter names"): an operation's `http.earlier` maps an earlier name to its current key. The
// earlier name still works; the answer says so in a `Deprecation` header (RFC 9745) and names the
// parameters in `TM-Deprecated-Parameters`, so a client's logs show what to change.
import { TmError } from '../errors.js';
import type { OpDefinition } from '../ops/define-op.js';

/** RFC 9745: the date the earlier names were deprecated (2026-11-27), as `@` epoch seconds. */
export const DEPRECATED_SINCE = '@1795737600';

export interface Renamed {
  /** The query with every earlier name replaced by the current one. */
  query: [string, string][];
  /** `earlier=current` for each earlier name the request used. */
  used: string[];
}

/** Renames earlier query parameters; one given under both names is a 400 `conflicting_params`. */
export const currentQueryNames = (op: OpDefinition, query: [string, string][]): Renamed => {
  const earlier = op.http?.earlier;
  if (!earlier) return { query, used: [] };
  const used = new Set<string>();
  const renamed = query.map(([key, value]): [string, string] => {
    const current = earlier[key];
    if (current === undefined) return [key, value];
    if (query.some(([k]) => k === current)) {
      throw new TmError('conflicting_params', `${key} is the earlier name of ${current}; pass only ${current}.`, { param: current });
    }
    used.add(`${key}=${current}`);
    return [current, value];
  });
  return { query: renamed, used: [...used] };
};

/** The headers that tell a client it used earlier parameter names; none when it did not. */
export const deprecationHeaders = (used: readonly string[]): Record<string, string> =>
  used.length === 0 ? {} : { Deprecation: DEPRECATED_SINCE, 'TM-Deprecated-Parameters': used.join(', ') };
