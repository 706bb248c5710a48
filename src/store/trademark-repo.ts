// Trademark rows (batched upserts with change detection, reads, filtered scans): the store interface
// every backend implements.
import type { RecordChange } from '../core/diff.js';
import type { TrademarkRecord } from '../core/schemas/trademark.js';
import type { LedgerProjection } from './ledger-repo.js';
import type { SearchFilter } from './search-repo.js';

export interface LedgerEvent extends Omit<RecordChange, 'type'> {
  type: RecordChange['type'] | 'trademark.created';
  id: string;
  trademark_id: string;
  occurred_at: string;
  source_date: string | null;
}

export interface UpsertOutcome {
  inserted: number;
  updated: number;
  unchanged: number;
  /** Older than the stored record for the same mark, so not applied. */
  stale: number;
  events: LedgerEvent[];
}

export interface TrademarkFilter {
  offices?: string[];
  ids?: string[];
  niceClasses?: number[];
  statusPrimary?: string[];
  ownerIds?: string[];
  entityIds?: string[];
  /** Office numbers in canonical form (canonicalNumber), any of; set only with `offices`, whose
   *  numbering they follow (the (office_code, app_key) and (office_code, reg_key) indexes). */
  applicationNumbers?: string[];
  registrationNumbers?: string[];
  /** Attorney (att_) or firm (firm_) ids. */
  representativeIds?: string[];
  filingDateGte?: string;
  filingDateLte?: string;
  /** Members of this portfolio (the caller checked it belongs to the organization). */
  portfolioId?: string;
}

/** List orders: a field ascending, or descending with a leading '-'; ties break on the id. */
/** Each list order as SQL, the same on every backend (the id breaks ties so that pages are stable). */
export const TRADEMARK_ORDER_SQL = {
  filing_date: 'filing_date ASC, id ASC',
  '-filing_date': 'filing_date DESC, id DESC',
  expiry_date: 'expiry_date ASC, id ASC',
  '-expiry_date': 'expiry_date DESC, id DESC',
  mark_text: 'mark_text ASC, id ASC',
  '-mark_text': 'mark_text DESC, id DESC',
  updated_at: 'updated_at ASC, id ASC',
  '-updated_at': 'updated_at DESC, id DESC',
} as const;

export type TrademarkOrder = keyof typeof TRADEMARK_ORDER_SQL;

export interface ChangeHooks {
  /** Runs inside every upsert transaction that wrote change events, after they are written. */
  projection?: LedgerProjection;
  /** Told how a long migration at open is getting on (SQLite's compression of stored records). */
  progress?: (message: string) => void;
}

/**
 * The records an IR family is looked for among, by id in this order: `ids`, the WO record of
 * `irNumber` (as findId('WO', irNumber) finds it), and the first `limit` marks the search index
 * lists for `filter` by filing date (none without a filter). What get, findId and the index's list
 * answer together, in one round trip where a round trip is the cost (PostgreSQL).
 */
export type IrCandidates = (ids: readonly string[], irNumber: string, filter: SearchFilter | null, limit: number) => Promise<Map<string, TrademarkRecord>>;

export interface TrademarkRepo {
  /**
   * Where a backend that keeps records packed (SQLite: deflate with a dictionary) has its packer: a
   * module URL exporting `encodeRecord(json: string): Buffer`, which an ingest runs on its parse
   * worker so this thread only writes. Null when the record's JSON is stored as it is.
   */
  readonly recordPacker: string | null;
  /**
   * Brackets a run of upserts (one ingest). Into an empty table it is a bulk load: the secondary
   * indexes are dropped and built once by finish(), which also runs if the load fails.
   */
  beginLoad(): Promise<{
    bulk: boolean;
    finish(): Promise<void>;
  }>;
  /**
   * At a writer's start: builds the indexes that an interrupted bulk load left dropped (readers
   * never do; they scan until then). Returns whether it built them.
   */
  restoreIndexes(): Promise<boolean>;
  /**
   * `watchEligible` says whether a record's changes may raise watch alerts (spec §6.1: not on a
   * backfill); without it nothing is eligible, so direct loads (tests, tools) never alert.
   */
  upsert(records: TrademarkRecord[], occurredAt: string, watchEligible?: (r: TrademarkRecord) => boolean): Promise<UpsertOutcome>;
  get(ids: readonly string[]): Promise<Map<string, TrademarkRecord>>;
  /** Optional: a store without it has the family's reads made one by one (ir-family.ts). */
  irCandidates?: IrCandidates;
  /** Resolves an office number (application or registration) to a trademark id. */
  findId(officeCode: string, number: string): Promise<string | null>;
  list(filter: TrademarkFilter, order: TrademarkOrder, limit: number, offset: number): Promise<TrademarkRecord[]>;
  count(filter: TrademarkFilter): Promise<number>;
  /** Pages through every row matching a filter in id order, a batch at a time, in constant memory;
   *  from the first id after `from` when given (a scan that stopped early goes on from there). */
  scan(filter: TrademarkFilter, batchSize?: number, from?: string): AsyncGenerator<TrademarkRecord[]>;
  /** Rows changed after a sequence number, for incremental index maintenance. */
  changedSince(seq: number, limit: number): Promise<{
    seq: number;
    record: TrademarkRecord;
  }[]>;
  stats(): Promise<{
    office_code: string;
    status_primary: string;
    count: number;
  }[]>;
}
