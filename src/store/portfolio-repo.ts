// Portfolios and their members with membership history: the store interface every backend implements.
export interface PortfolioRow {
  id: string;
  org_id: string;
  name: string;
  description: string | null;
  metadata: string;
  created_at: string;
  updated_at: string;
  mark_count: number;
}

export interface MemberRow {
  trademark_id: string;
  external_ref: string | null;
  added_at: string;
}

/** A portfolio a mark belongs to, as frozen into an event (spec §6.2 `portfolios`). */
export interface MembershipRef {
  org_id: string;
  portfolio_id: string;
  external_ref: string | null;
}

export interface PortfolioRepo {
  get(orgId: string, id: string): Promise<PortfolioRow | null>;
  /** A page in creation order. */
  list(orgId: string, offset: number, limit: number): Promise<PortfolioRow[]>;
  create(row: Omit<PortfolioRow, 'mark_count'>): Promise<void>;
  update(orgId: string, id: string, fields: {
    name: string;
    description: string | null;
    metadata: string;
  }, at: string): Promise<void>;
  /** Deletes the portfolio; its members leave with a `removed` history row each. */
  delete(orgId: string, id: string, at: string): Promise<boolean>;
  members(portfolioId: string, afterTrademarkId: string, limit: number): Promise<MemberRow[]>;
  /**
   * Adds marks (one transaction); marks already in are left as they are, except that a new
   * `external_ref` sent for one replaces the stored one. Returns the ids actually added.
   */
  addMembers(orgId: string, portfolioId: string, items: {
    trademark_id: string;
    external_ref: string | null | undefined;
  }[], at: string): Promise<string[]>;
  removeMembers(orgId: string, portfolioId: string, trademarkIds: string[], at: string): Promise<string[]>;
  /** The portfolios (of every organization) each mark is in now; call inside the event's transaction to freeze them. */
  membershipsOf(trademarkIds: readonly string[]): Promise<Map<string, MembershipRef[]>>;
  /** The portfolios a mark was in at a past instant, replayed from the membership history. */
  membershipsAt(trademarkId: string, at: string): Promise<MembershipRef[]>;
}
