// The records area: recorded assignments, board proceedings and docket reconciliation (and, as
// they arrive, documents).
import type { OpDefinition } from '../define-op.js';
import { getAssignment } from './get-assignment.js';
import { getProceeding } from './get-proceeding.js';
import { listAssignments } from './list-assignments.js';
import { listProceedings } from './list-proceedings.js';
import { reconcileDocket } from './reconcile-docket.js';

export const RECORDS_OPERATIONS: readonly OpDefinition[] = [listAssignments, getAssignment, listProceedings, getProceeding, reconcileDocket];
