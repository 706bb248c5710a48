// When a read may start beside its rate-limit take (src/http/early-read.ts): never before this
// node has seen an admission for the organization and tier, and only while every window and cap
// it reported keeps a tenth of its limit (at least 100 calls).
import { describe, expect, it } from 'vitest';
import { createEarlyReads } from '../../src/http/early-read.js';

const admission = (...policies: [limit: number, remaining: number][]) => ({
  policies: policies.map(([limit, remaining]) => ({ limit, window: 60, remaining, reset: 30 })),
});

describe('early reads', () => {
  it('waits for a first admission, then follows how far the organization is from its limits', () => {
    const early = createEarlyReads();
    expect(early.allowed('org_a', 'reads')).toBe(false);
    early.note('org_a', 'reads', admission([10_000, 5_000], [1_000_000, 900_000]));
    expect(early.allowed('org_a', 'reads')).toBe(true);
    // Another tier or organization knows nothing yet.
    expect(early.allowed('org_a', 'search')).toBe(false);
    expect(early.allowed('org_b', 'reads')).toBe(false);
    // Near the window's limit, or the day's cap: reads wait for their take again.
    early.note('org_a', 'reads', admission([10_000, 999], [1_000_000, 900_000]));
    expect(early.allowed('org_a', 'reads')).toBe(false);
    early.note('org_a', 'reads', admission([10_000, 5_000], [1_000_000, 99_999]));
    expect(early.allowed('org_a', 'reads')).toBe(false);
    // A small limit never leaves the 100 calls of headroom.
    early.note('org_c', 'reads', admission([60, 60]));
    expect(early.allowed('org_c', 'reads')).toBe(false);
  });
});
