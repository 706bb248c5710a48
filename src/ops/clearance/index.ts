// The clearance operations (issue 15): compare, classification, screening, listing checks.
import type { OpDefinition } from '../define-op.js';
import { compareMarks } from './compare-marks.js';

export const CLEARANCE_OPERATIONS: readonly OpDefinition[] = [compareMarks];
