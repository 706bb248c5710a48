// Migration 056: honest attempt numbers (issue 30). An attempt is written to the log when its
// delivery is claimed, as `in_flight`, before anything is sent; its outcome updates that row, and a
// crash leaves it to be marked `interrupted` on recovery. This index finds a delivery's open
// attempt, and the open attempts of released leases, without reading the log's history.
export const sql = `
CREATE INDEX webhook_attempts_in_flight ON webhook_attempts (delivery_id) WHERE status = 'in_flight';
`;
