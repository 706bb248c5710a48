// The change events the trademark upserts write: the store interface every backend implements.
import type { LedgerEvent } from './trademark-repo.js';

export interface EventRepo {
  forTrademark(trademarkId: string, afterSeq: number, limit: number): Promise<(LedgerEvent & {
    seq: number;
  })[]>;
}
