// The change events the trademark upserts write: the store interface every backend implements.
import type { LedgerEvent } from './trademark-repo.js';

export interface EventRepo {
  /** The newest change sequence number; synchronous, for the projector inside a write transaction. */
  headSync(): number;
  /** The change events in (afterSeq, upTo] of marks held in a portfolio, in order (the ledger projector's feed). */
  heldBetweenSync(afterSeq: number, upTo: number): (LedgerEvent & {
    seq: number;
  })[];
  forTrademark(trademarkId: string, afterSeq: number, limit: number): Promise<(LedgerEvent & {
    seq: number;
  })[]>;
}
