// The clearance operations (issue 15): compare, classification, screening, listing checks.
import type { OpDefinition } from '../define-op.js';
import { classifyGoods } from './classify-goods.js';
import { compareMarks } from './compare-marks.js';
import { suggestGoodsTerms } from './suggest-goods-terms.js';
import { validateGoods } from './validate-goods.js';

export const CLEARANCE_OPERATIONS: readonly OpDefinition[] = [compareMarks, classifyGoods, suggestGoodsTerms, validateGoods];
