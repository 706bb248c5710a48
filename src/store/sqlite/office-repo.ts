// Per-office bookkeeping: when each office's data last ingested successfully, and the coverage votes
// organizations cast for offices to be added.
import { writeTransaction, type Db } from './sqlite.js';
import type { OfficeRepo, OfficeVote } from '../office-repo.js';

export const createOfficeRepo = (db: Db): OfficeRepo => {
  const upsert = db.prepare(
    `INSERT INTO office_syncs (office_code, last_successful_sync, records) VALUES (?, ?, ?)
     ON CONFLICT (office_code) DO UPDATE SET last_successful_sync = excluded.last_successful_sync, records = office_syncs.records + excluded.records`,
  );
  const all = db.prepare<[], { office_code: string; last_successful_sync: string; records: number }>(
    'SELECT office_code, last_successful_sync, records FROM office_syncs',
  );
  const upsertVote = db.prepare(
    `INSERT INTO office_votes (org_id, livemode, office_code, note, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (org_id, livemode, office_code) DO UPDATE SET note = excluded.note, updated_at = excluded.updated_at`,
  );
  const oneVote = db.prepare<[string, number, string], OfficeVote>(
    'SELECT office_code, note, created_at, updated_at FROM office_votes WHERE org_id = ? AND livemode = ? AND office_code = ?',
  );
  const deleteVote = db.prepare('DELETE FROM office_votes WHERE org_id = ? AND livemode = ? AND office_code = ?');
  const totals = db.prepare<[string, number], { office_code: string; votes: number; mine: number; first_vote_at: string; last_vote_at: string }>(
    `SELECT office_code, COUNT(*) AS votes, SUM(org_id = ?) AS mine, MIN(created_at) AS first_vote_at, MAX(updated_at) AS last_vote_at
     FROM office_votes WHERE livemode = ? GROUP BY office_code ORDER BY votes DESC, office_code`,
  );
  return {
    /** Casts (or re-casts, updating its note) one organization's vote for an office; returns the vote. */
    async vote(orgId: string, livemode: boolean, office: string, note: string | null, at: string): Promise<OfficeVote> {
      return writeTransaction(db, () => {
        upsertVote.run(orgId, livemode ? 1 : 0, office, note, at, at);
        return oneVote.get(orgId, livemode ? 1 : 0, office)!;
      })();
    },
    /** Withdraws a vote; false when there was none. */
    async withdrawVote(orgId: string, livemode: boolean, office: string): Promise<boolean> {
      return deleteVote.run(orgId, livemode ? 1 : 0, office).changes > 0;
    },
    /** Votes per office in one mode, most first, with whether `orgId` voted. */
    async voteTotals(orgId: string, livemode: boolean) {
      return totals.all(orgId, livemode ? 1 : 0).map((r) => ({ ...r, mine: r.mine > 0 }));
    },
    async recordSync(counts: Map<string, number>, at: string): Promise<void> {
      writeTransaction(db, () => {
        for (const [office, n] of counts) upsert.run(office, at, n);
      })();
    },
    async syncs(): Promise<Map<string, { last_successful_sync: string; records: number }>> {
      return new Map(all.all().map((r) => [r.office_code, { last_successful_sync: r.last_successful_sync, records: r.records }]));
    },
  };
};
