// Office votes and per-office sync records on PostgreSQL (the same rows as SQLite's).
import type { OfficeRepo, OfficeVote } from '../office-repo.js';
import type { PgDb } from './pg.js';

export const createPgOfficeRepo = (db: PgDb): OfficeRepo => ({
  async vote(orgId, livemode, office, note, at) {
    return db.tx(async (c) => {
      await c.query(
        `INSERT INTO office_votes (org_id, livemode, office_code, note, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $5)
         ON CONFLICT (org_id, livemode, office_code) DO UPDATE SET note = excluded.note, updated_at = excluded.updated_at`,
        [orgId, livemode ? 1 : 0, office, note, at],
      );
      return (await c.query<OfficeVote>('SELECT office_code, note, created_at, updated_at FROM office_votes WHERE org_id = $1 AND livemode = $2 AND office_code = $3', [orgId, livemode ? 1 : 0, office])).rows[0]!;
    });
  },
  async withdrawVote(orgId, livemode, office) {
    return db.tx(async (c) => ((await c.query('DELETE FROM office_votes WHERE org_id = $1 AND livemode = $2 AND office_code = $3', [orgId, livemode ? 1 : 0, office])).rowCount ?? 0) > 0);
  },
  async voteTotals(orgId, livemode) {
    const rows = await db.query<{ office_code: string; votes: number; mine: number; first_vote_at: string; last_vote_at: string }>(
      `SELECT office_code, COUNT(*) AS votes, COUNT(*) FILTER (WHERE org_id = $1) AS mine, MIN(created_at) AS first_vote_at, MAX(updated_at) AS last_vote_at
       FROM office_votes WHERE livemode = $2 GROUP BY office_code ORDER BY votes DESC, office_code`,
      [orgId, livemode ? 1 : 0],
    );
    return rows.map((r) => ({ ...r, votes: Number(r.votes), mine: Number(r.mine) > 0 }));
  },
  async recordSync(counts, at) {
    await db.tx(async (c) => {
      for (const [office, n] of counts) {
        await c.query(
          `INSERT INTO office_syncs (office_code, last_successful_sync, records) VALUES ($1, $2, $3)
           ON CONFLICT (office_code) DO UPDATE SET last_successful_sync = excluded.last_successful_sync, records = office_syncs.records + excluded.records`,
          [office, at, n],
        );
      }
    });
  },
  async syncs() {
    const rows = await db.query<{ office_code: string; last_successful_sync: string; records: number }>('SELECT office_code, last_successful_sync, records FROM office_syncs');
    return new Map(rows.map((r) => [r.office_code, { last_successful_sync: r.last_successful_sync, records: Number(r.records) }]));
  },
});
