// Office votes and per-office sync records: the store interface every backend implements.
export interface OfficeVote {
  office_code: string;
  note: string | null;
  created_at: string;
  updated_at: string;
}

export interface OfficeRepo {
  /** Casts (or re-casts, updating its note) one organization's vote for an office; returns the vote. */
  vote(orgId: string, livemode: boolean, office: string, note: string | null, at: string): Promise<OfficeVote>;
  /** Withdraws a vote; false when there was none. */
  withdrawVote(orgId: string, livemode: boolean, office: string): Promise<boolean>;
  /** Votes per office in one mode, most first, with whether `orgId` voted. */
  voteTotals(orgId: string, livemode: boolean): Promise<{
    mine: boolean;
    office_code: string;
    votes: number;
    first_vote_at: string;
    last_vote_at: string;
  }[]>;
  recordSync(counts: Map<string, number>, at: string): Promise<void>;
  syncs(): Promise<Map<string, {
    last_successful_sync: string;
    records: number;
  }>>;
}
