// Migration 019: claims that cost the same however long the outbox's history is. The in-flight
// count of an endpoint reads only its leased rows, and each endpoint's earliest due delivery is one
// index probe, so a claim no longer scans delivered rows or sorts the backlog (webhook-repo.ts).
export const sql = `
CREATE INDEX webhook_deliveries_in_flight ON webhook_deliveries (endpoint_id, lease_until) WHERE state = 'in_flight';
CREATE INDEX webhook_deliveries_next_due ON webhook_deliveries (endpoint_id, next_attempt_at) WHERE state = 'pending';
`;
