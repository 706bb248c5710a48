// The fees area: office fee schedules as data, and fee estimates tied to the deadline engine.
import type { OpDefinition } from '../define-op.js';
import { estimateFeesOp } from './estimate-fees.js';
import { listFeeSchedules } from './list-fee-schedules.js';

export const FEE_OPERATIONS: readonly OpDefinition[] = [estimateFeesOp, listFeeSchedules];
