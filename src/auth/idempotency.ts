// Idempotency-Key for POST, PATCH and DELETE (spec §7): keys are per organization and mode and
// live 24 hours. The same key with the same request replays the stored response; a different
// request is 409 `conflict`; a key whose first request is still running is 409
// `idempotency_processing`. The key may be sent bare or as a quoted structured-field string.
import { createHash, type Hash } from 'node:crypto';
import type { Principal } from './authenticate.js';
import type { Context } from '../context.js';
import { TmError } from '../errors.js';
import type { IdempotencyClaimResult } from '../store/idempotency-repo.js';
import type { ClaimRequest } from '../store/limit-repo.js';

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** A `processing` claim older than this belongs to a request that will never finish. */
export const ABANDONED_MS = 5 * 60 * 1000;

export interface StoredResponse {
  status: number;
  body: string;
}

export const parseIdempotencyKey = (header: string | undefined): string => {
  const raw = header?.trim() ?? '';
  const key = /^"(.*)"$/.exec(raw)?.[1] ?? raw;
  if (!key) {
    throw new TmError('validation_error', 'Idempotency-Key header is missing; POST, PATCH and DELETE require one.', {
      param: 'Idempotency-Key',
      suggestion: 'Send Idempotency-Key: "<a new UUID>" and reuse it only to retry the same request.',
    });
  }
  if (key.length > 255 || !/^[\x21-\x7e]+$/.test(key)) {
    throw new TmError('validation_error', 'Idempotency-Key must be 1 to 255 visible ASCII characters.', { param: 'Idempotency-Key' });
  }
  return key;
};

/**
 * Feeds the hash exactly the bytes of JSON.stringify(value), without recursion: JSON.stringify
 * overflows the stack on a deep body, and the fingerprint must not depend on the depth check
 * having run first. The same bytes keep the fingerprints stored before this walk valid.
 */
const hashJson = (hash: Hash, value: unknown): void => {
  const stack: (string | { value: unknown })[] = [{ value }];
  while (stack.length > 0) {
    const top = stack.pop()!;
    if (typeof top === 'string') {
      hash.update(top);
      continue;
    }
    const v = top.value;
    if (v === null || typeof v !== 'object') {
      hash.update(JSON.stringify(v) ?? 'null');
      continue;
    }
    const parts: (string | { value: unknown })[] = [];
    if (Array.isArray(v)) {
      parts.push('[');
      v.forEach((item, i) => parts.push(...(i > 0 ? [','] : []), { value: item === undefined || typeof item === 'function' ? null : item }));
      parts.push(']');
    } else {
      parts.push('{');
      const entries = Object.entries(v).filter(([, item]) => item !== undefined && typeof item !== 'function' && typeof item !== 'symbol');
      entries.forEach(([k, item], i) => parts.push(`${i > 0 ? ',' : ''}${JSON.stringify(k)}:`, { value: item }));
      parts.push('}');
    }
    for (let i = parts.length - 1; i >= 0; i--) stack.push(parts[i]!);
  }
};

export const fingerprint = (method: string, path: string, body: unknown): string => {
  const hash = createHash('sha256').update(`${method} ${path}\n`);
  hashJson(hash, body);
  return hash.digest('hex');
};

export interface IdempotencyClaim {
  /** A stored response to replay instead of running the operation. */
  replay: StoredResponse | null;
  complete(res: StoredResponse): Promise<void>;
  release(): Promise<void>;
}

/** The claim of `key` for this request, now (abandoned and expired entries as the rules say). */
export const claimRequest = (ctx: Context, p: Principal, key: string, print: string): ClaimRequest => {
  const nowMs = ctx.clock.now().getTime();
  return {
    orgId: p.org.id,
    livemode: p.livemode,
    key,
    fingerprint: print,
    at: new Date(nowMs).toISOString(),
    expiredBefore: new Date(nowMs - IDEMPOTENCY_TTL_MS).toISOString(),
    // A claim still `processing` long after any request could have finished was abandoned (the
    // server stopped mid-request): the claim takes it over, so the client's retry can run.
    abandonedBefore: new Date(nowMs - ABANDONED_MS).toISOString(),
  };
};

/** What a claim's outcome means for the request: run it, replay the stored answer, or refuse (409). */
export const settleClaim = (ctx: Context, req: ClaimRequest, claim: IdempotencyClaimResult): IdempotencyClaim => {
  const repo = ctx.store.auth.idempotency;
  if (!claim.won) {
    const held = claim.held;
    if (held && held.fingerprint !== req.fingerprint) {
      throw new TmError('conflict', 'This Idempotency-Key was already used with a different request.', {
        param: 'Idempotency-Key',
        suggestion: 'Use a new key for a new request; reuse a key only to retry the identical request.',
      });
    }
    if (!held || held.state === 'processing') throw processing();
    return { replay: { status: held.status!, body: held.body! }, complete: async () => {}, release: async () => {} };
  }
  return {
    replay: null,
    complete: (res) => repo.complete(req.orgId, req.livemode, req.key, res.status, res.body),
    release: () => repo.release(req.orgId, req.livemode, req.key),
  };
};

export const claimIdempotencyKey = async (ctx: Context, p: Principal, key: string, print: string): Promise<IdempotencyClaim> => {
  const req = claimRequest(ctx, p, key, print);
  const claim = await ctx.store.auth.idempotency.claim(req.orgId, req.livemode, req.key, req.fingerprint, req.at, req.expiredBefore, req.abandonedBefore);
  return settleClaim(ctx, req, claim);
};

const processing = (): TmError =>
  new TmError('idempotency_processing', 'A request with this Idempotency-Key is still being processed.', {
    param: 'Idempotency-Key',
    retryAfter: 1,
    suggestion: 'Retry with the same key and body shortly to receive the stored result.',
  });

/** Readiness probe of the stored-response cache: a real write, so a read-only or full store fails it. */
export const probeResponseCache = (ctx: Context): Promise<void> => ctx.store.auth.idempotency.probe(ctx.clock.now().toISOString());
