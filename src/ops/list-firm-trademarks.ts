// list_firm_trademarks: `GET /v1/firms/{id}/trademarks` (spec §4.2), built by party-trademarks.ts.
import { partyTrademarksOp } from './party-trademarks.js';

export const listFirmTrademarks = partyTrademarksOp('firm', 'firms');
