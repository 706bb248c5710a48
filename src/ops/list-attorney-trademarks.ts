// list_attorney_trademarks: `GET /v1/attorneys/{id}/trademarks` (spec §4.2), built by party-trademarks.ts.
import { partyTrademarksOp } from './party-trademarks.js';

export const listAttorneyTrademarks = partyTrademarksOp('attorney', 'attorneys');
