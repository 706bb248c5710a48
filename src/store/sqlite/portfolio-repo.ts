// Portfolios and their members, scoped by organization: every read and write names the org, so a
// foreign organization's portfolio reads as absent. Membership changes append to a history table.
import { writeTransaction, type Db } from './sqlite.js';
import type { MemberRow, MembershipRef, PortfolioRepo, PortfolioRow } from '../portfolio-repo.js';

const SELECT = `SELECT p.*, (SELECT COUNT(*) FROM portfolio_members m WHERE m.portfolio_id = p.id) AS mark_count FROM portfolios p`;

export const createPortfolioRepo = (db: Db): PortfolioRepo => {
  const getOne = db.prepare<[string, string], PortfolioRow>(`${SELECT} WHERE p.id = ? AND p.org_id = ?`);
  const page = db.prepare<[string, number, number], PortfolioRow>(`${SELECT} WHERE p.org_id = ? ORDER BY p.created_at, p.id LIMIT ? OFFSET ?`);
  const insert = db.prepare('INSERT INTO portfolios (id, org_id, name, description, metadata, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)');
  const update = db.prepare('UPDATE portfolios SET name = ?, description = ?, metadata = ?, updated_at = ? WHERE id = ? AND org_id = ?');
  const remove = db.prepare('DELETE FROM portfolios WHERE id = ? AND org_id = ?');
  const member = db.prepare<[string, string], MemberRow>('SELECT trademark_id, external_ref, added_at FROM portfolio_members WHERE portfolio_id = ? AND trademark_id = ?');
  const members = db.prepare<[string, string, number], MemberRow>(
    'SELECT trademark_id, external_ref, added_at FROM portfolio_members WHERE portfolio_id = ? AND trademark_id > ? ORDER BY trademark_id LIMIT ?',
  );
  const allMemberIds = db.prepare<[string], string>('SELECT trademark_id FROM portfolio_members WHERE portfolio_id = ?').pluck();
  const insertMember = db.prepare('INSERT INTO portfolio_members (portfolio_id, trademark_id, external_ref, added_at) VALUES (?, ?, ?, ?)');
  const setRef = db.prepare('UPDATE portfolio_members SET external_ref = ? WHERE portfolio_id = ? AND trademark_id = ?');
  const deleteMember = db.prepare('DELETE FROM portfolio_members WHERE portfolio_id = ? AND trademark_id = ?');
  const history = db.prepare(
    'INSERT INTO portfolio_membership_history (org_id, portfolio_id, trademark_id, action, external_ref, at) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const touch = db.prepare('UPDATE portfolios SET updated_at = ? WHERE id = ?');
  const refsOf = db.prepare<[string], MembershipRef & { trademark_id: string }>(
    `SELECT m.trademark_id, p.org_id, m.portfolio_id, m.external_ref FROM portfolio_members m JOIN portfolios p ON p.id = m.portfolio_id
     WHERE m.trademark_id IN (SELECT value FROM json_each(?)) ORDER BY m.portfolio_id`,
  );
  const historyAt = db.prepare<[string, string], { org_id: string; portfolio_id: string; action: string; external_ref: string | null }>(
    'SELECT org_id, portfolio_id, action, external_ref FROM portfolio_membership_history WHERE trademark_id = ? AND at <= ? ORDER BY seq',
  );

  return {
    async get(orgId: string, id: string): Promise<PortfolioRow | null> {
      return getOne.get(id, orgId) ?? null;
    },
    /** A page in creation order. */
    async list(orgId: string, offset: number, limit: number): Promise<PortfolioRow[]> {
      return page.all(orgId, limit, offset);
    },
    async create(row: Omit<PortfolioRow, 'mark_count'>): Promise<void> {
      insert.run(row.id, row.org_id, row.name, row.description, row.metadata, row.created_at, row.updated_at);
    },
    async update(orgId: string, id: string, fields: { name: string; description: string | null; metadata: string }, at: string): Promise<void> {
      update.run(fields.name, fields.description, fields.metadata, at, id, orgId);
    },
    /** Deletes the portfolio; its members leave with a `removed` history row each. */
    async delete(orgId: string, id: string, at: string): Promise<boolean> {
      return writeTransaction(db, () => {
        // Only the owner's portfolio leaves history: a foreign id deletes nothing and records nothing.
        if (!getOne.get(id, orgId)) return false;
        for (const tm of allMemberIds.all(id)) history.run(orgId, id, tm, 'removed', null, at);
        return remove.run(id, orgId).changes > 0;
      })();
    },
    async members(portfolioId: string, afterTrademarkId: string, limit: number): Promise<MemberRow[]> {
      return members.all(portfolioId, afterTrademarkId, limit);
    },
    /**
     * Adds marks (one transaction); marks already in are left as they are, except that a new
     * `external_ref` sent for one replaces the stored one. Returns the ids actually added.
     */
    async addMembers(orgId: string, portfolioId: string, items: { trademark_id: string; external_ref: string | null | undefined }[], at: string): Promise<string[]> {
      return writeTransaction(db, () => {
        const added: string[] = [];
        for (const item of items) {
          const existing = member.get(portfolioId, item.trademark_id);
          if (!existing) {
            insertMember.run(portfolioId, item.trademark_id, item.external_ref ?? null, at);
            history.run(orgId, portfolioId, item.trademark_id, 'added', item.external_ref ?? null, at);
            added.push(item.trademark_id);
          } else if (item.external_ref !== undefined && item.external_ref !== existing.external_ref) {
            setRef.run(item.external_ref, portfolioId, item.trademark_id);
            history.run(orgId, portfolioId, item.trademark_id, 'ref_changed', item.external_ref, at);
          }
        }
        touch.run(at, portfolioId);
        return added;
      })();
    },
    async removeMembers(orgId: string, portfolioId: string, trademarkIds: string[], at: string): Promise<string[]> {
      return writeTransaction(db, () => {
        const removed = trademarkIds.filter((tm) => deleteMember.run(portfolioId, tm).changes > 0);
        for (const tm of removed) history.run(orgId, portfolioId, tm, 'removed', null, at);
        touch.run(at, portfolioId);
        return removed;
      })();
    },
    /** The portfolios (of every organization) each mark is in now; call inside the event's transaction to freeze them. */
    async membershipsOf(trademarkIds: readonly string[]): Promise<Map<string, MembershipRef[]>> {
      const out = new Map<string, MembershipRef[]>();
      for (const r of refsOf.all(JSON.stringify(trademarkIds))) {
        const list = out.get(r.trademark_id) ?? [];
        list.push({ org_id: r.org_id, portfolio_id: r.portfolio_id, external_ref: r.external_ref });
        out.set(r.trademark_id, list);
      }
      return out;
    },
    /** The portfolios a mark was in at a past instant, replayed from the membership history. */
    async membershipsAt(trademarkId: string, at: string): Promise<MembershipRef[]> {
      const state = new Map<string, MembershipRef>();
      for (const h of historyAt.all(trademarkId, at)) {
        if (h.action === 'removed') state.delete(h.portfolio_id);
        else state.set(h.portfolio_id, { org_id: h.org_id, portfolio_id: h.portfolio_id, external_ref: h.external_ref });
      }
      return [...state.values()];
    },
  };
};

