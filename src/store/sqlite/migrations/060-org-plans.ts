// Migration 060: an organization's plan (src/auth/plans.ts), JSON; null is the default plan with
// every feature, so organizations made before plans keep everything.
export const sql = `
ALTER TABLE orgs ADD COLUMN plan TEXT;
`;
