// Migration 018: the pending deliveries of each endpoint in event order, so that claiming the next
// ones reads only those (webhook-repo.ts), however many delivered rows the endpoint has behind it.
export const sql = `
CREATE INDEX webhook_deliveries_pending ON webhook_deliveries (endpoint_id, event_seq, seq) WHERE state = 'pending';
`;
