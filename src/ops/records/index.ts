// The records area: recorded assignments (and, as they arrive, proceedings and documents).
import type { OpDefinition } from '../define-op.js';
import { getAssignment } from './get-assignment.js';
import { listAssignments } from './list-assignments.js';

export const RECORDS_OPERATIONS: readonly OpDefinition[] = [listAssignments, getAssignment];
