// list_entity_trademarks: `GET /v1/entities/{id}/trademarks` (spec §4.2), built by party-trademarks.ts.
import { partyTrademarksOp } from './party-trademarks.js';

export const listEntityTrademarks = partyTrademarksOp('entity', 'entities');
