// PostgreSQL migration 60: an organization's plan (src/auth/plans.ts), as SQLite's migration 060.
export const sql = `
ALTER TABLE orgs ADD COLUMN plan TEXT;
`;
