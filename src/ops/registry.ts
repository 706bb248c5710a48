// The operation registry: every public operation, in one list. Surfaces are built from it; a new
// operation is one new file in this folder plus one line here.
import type { OpDefinition } from './define-op.js';
import { getTrademark } from './get-trademark.js';
import { computeDeadlines } from './compute-deadlines.js';
import { listDeadlineRules } from './list-deadline-rules.js';
import { listDeadlines } from './list-deadlines.js';
import { getStats } from './get-stats.js';
import { listDesignCodes } from './list-design-codes.js';
import { listEventTypes } from './list-event-types.js';
import { listJurisdictions } from './list-jurisdictions.js';
import { listNiceClasses } from './list-nice-classes.js';
import { listOffices } from './list-offices.js';
import { listStatusCodes } from './list-status-codes.js';
import { searchClassifications } from './search-classifications.js';
import { searchTrademarks } from './search-trademarks.js';

export const OPERATIONS: readonly OpDefinition[] = [
  getTrademark,
  searchTrademarks,
  listOffices,
  listStatusCodes,
  listEventTypes,
  listNiceClasses,
  searchClassifications,
  listDesignCodes,
  listJurisdictions,
  getStats,
  listDeadlines,
  computeDeadlines,
  listDeadlineRules,
];

export const findOperation = (name: string): OpDefinition | undefined => OPERATIONS.find((op) => op.name === name);
