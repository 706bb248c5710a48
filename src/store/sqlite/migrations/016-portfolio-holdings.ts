// Migration 016: the ledger projector's view of who holds which mark, now over the portfolio
// membership table of migration 010 (it was an empty placeholder in 015).
export const sql = `
DROP VIEW IF EXISTS portfolio_holdings;
CREATE VIEW portfolio_holdings AS
  SELECT m.trademark_id AS trademark_id, p.org_id AS org_id, m.portfolio_id AS portfolio_id, m.external_ref AS external_ref
  FROM portfolio_members m JOIN portfolios p ON p.id = m.portfolio_id;
`;
