// The records area: recorded assignments and docket reconciliation (and, as they arrive, proceedings
// and documents).
import type { OpDefinition } from '../define-op.js';
import { getAssignment } from './get-assignment.js';
import { listAssignments } from './list-assignments.js';
import { reconcileDocket } from './reconcile-docket.js';

export const RECORDS_OPERATIONS: readonly OpDefinition[] = [listAssignments, getAssignment, reconcileDocket];
