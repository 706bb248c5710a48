// The clearance operations (issue 15): compare, classification, screening, listing checks.
import type { OpDefinition } from '../define-op.js';
import { checkListing } from './check-listing.js';
import { classifyGoods } from './classify-goods.js';
import { compareMarks } from './compare-marks.js';
import { createScreening } from './create-screening.js';
import { decideScreeningHit } from './decide-screening-hit.js';
import { getScreening } from './get-screening.js';
import { getScreeningReport } from './get-screening-report.js';
import { listScreenings } from './list-screenings.js';
import { rerunScreening } from './rerun-screening.js';
import { suggestGoodsTerms } from './suggest-goods-terms.js';
import { validateGoods } from './validate-goods.js';

export const CLEARANCE_OPERATIONS: readonly OpDefinition[] = [
  compareMarks,
  classifyGoods,
  suggestGoodsTerms,
  validateGoods,
  createScreening,
  getScreening,
  listScreenings,
  rerunScreening,
  decideScreeningHit,
  checkListing,
  getScreeningReport,
];
