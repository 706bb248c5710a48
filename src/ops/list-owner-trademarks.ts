// list_owner_trademarks: `GET /v1/owners/{id}/trademarks` (spec §4.2), built by party-trademarks.ts.
import { partyTrademarksOp } from './party-trademarks.js';

export const listOwnerTrademarks = partyTrademarksOp('owner', 'owners');
