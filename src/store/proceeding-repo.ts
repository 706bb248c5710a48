// Proceedings (oppositions, cancellations): the store interface every backend implements.
import type { ProceedingRecord } from '../core/schemas/proceeding.js';

export interface ProceedingUpsertOutcome {
  inserted: number;
  updated: number;
  unchanged: number;
}

export interface ProceedingFilter {
  /** Case-insensitive substring of any party name. */
  party?: string;
  trademarkId?: string;
  typeCodes?: string[];
}

export interface ProceedingRepo {
  upsert(records: ProceedingRecord[], at: string): Promise<ProceedingUpsertOutcome>;
  get(id: string): Promise<ProceedingRecord | null>;
  /** Every proceeding naming a mark (as any party's property), oldest filing first. */
  forTrademark(trademarkId: string): Promise<ProceedingRecord[]>;
  /** Which of these marks are named in proceedings on file (one query per ingest batch). */
  marksWithProceedings(trademarkIds: readonly string[]): Promise<string[]>;
  /** Newest filing first. */
  list(filter: ProceedingFilter, limit: number, offset: number): Promise<ProceedingRecord[]>;
  count(filter: ProceedingFilter): Promise<number>;
}
