// Reads started beside the rate-limit check (issue 25). On a store that counts limits in the
// database (PostgreSQL, shared by every node), admitting a call is a round trip; a GET of a
// read-only operation starts its read while that take is at the server instead of after it, so
// the request waits for one round trip, not two. The read's answer is used only once the take has
// admitted the call and the scope and plan checks have passed, in the order the pipeline always
// made them: a refused call answers what it answered before, and its read is dropped. Only reads
// of the registry (scope trademarks:read) start early: they have no effects and read nothing an
// admission writes (usage, `/v1/usage` and the request log would miss the call itself), so nothing
// a client sees changes. A caller near its limit gets no early reads (a
// refused call would have cost a read): only while the organization's last admission on this node
// left at least a tenth of every window and cap (and 100 calls), and never before the first.
import type { Admission } from '../auth/index.js';
import type { OpDefinition } from '../ops/define-op.js';

/** Organizations and tiers kept; past it the notes start again (the first request after is sequential). */
const NOTED_MAX = 10_000;
const MIN_HEADROOM = 100;

/** Operations whose read may start before admission: read-only registry reads. */
export const readsEarly = (op: OpDefinition): boolean => op.readOnly === true && op.scope === 'trademarks:read';

export interface EarlyReads {
  /** True when a read of this organization and tier may start before its take returns. */
  allowed(orgId: string, tier: string): boolean;
  /** The admission a take just gave: how far from its limits the organization is. */
  note(orgId: string, tier: string, admission: Admission): void;
}

export const createEarlyReads = (): EarlyReads => {
  const far = new Map<string, boolean>();
  const key = (orgId: string, tier: string): string => `${orgId}\u0000${tier}`;
  return {
    allowed: (orgId, tier) => far.get(key(orgId, tier)) === true,
    note(orgId, tier, admission) {
      if (far.size >= NOTED_MAX) far.clear();
      far.set(key(orgId, tier), admission.policies.every((p) => p.remaining >= Math.max(MIN_HEADROOM, p.limit / 10)));
    },
  };
};
