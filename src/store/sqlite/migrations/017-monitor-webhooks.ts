// Migration 017: earlier-shape monitor webhooks (spec §6.4) through the one delivery worker. A
// monitor owns one hidden endpoint row (`monitor_id`), and its deliveries carry their earlier-shape
// body in `payload`, since those events are not in the organization's ledger.
export const sql = `
ALTER TABLE webhook_endpoints ADD COLUMN monitor_id TEXT;
CREATE UNIQUE INDEX webhook_endpoints_monitor ON webhook_endpoints (monitor_id) WHERE monitor_id IS NOT NULL;
ALTER TABLE webhook_deliveries ADD COLUMN payload TEXT;
`;
