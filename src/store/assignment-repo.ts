// Assignments (recorded transfers of marks): the store interface every backend implements.
import type { AssignmentRecord } from '../core/schemas/assignment.js';

export interface AssignmentUpsertOutcome {
  inserted: number;
  updated: number;
  unchanged: number;
}

export interface AssignmentFilter {
  /** Case-insensitive substring of any assignor or assignee name. */
  party?: string;
  trademarkId?: string;
}

export interface AssignmentRepo {
  upsert(records: AssignmentRecord[], at: string): Promise<AssignmentUpsertOutcome>;
  get(id: string): Promise<AssignmentRecord | null>;
  /** Every assignment touching a mark, oldest execution first. */
  forTrademark(trademarkId: string): Promise<AssignmentRecord[]>;
  /** Which of these marks have assignments on file (one query per ingest batch). */
  marksWithAssignments(trademarkIds: readonly string[]): Promise<string[]>;
  /** Newest execution first. */
  list(filter: AssignmentFilter, limit: number, offset: number): Promise<AssignmentRecord[]>;
  count(filter: AssignmentFilter): Promise<number>;
}
