// Portfolios and their members on PostgreSQL, scoped by organization as on SQLite (a foreign
// organization's portfolio reads as absent); membership changes append to a history table.
import type { MemberRow, MembershipRef, PortfolioRepo, PortfolioRow } from '../portfolio-repo.js';
import type { PgClient, PgDb } from './pg.js';

const SELECT = 'SELECT p.*, (SELECT COUNT(*) FROM portfolio_members m WHERE m.portfolio_id = p.id) AS mark_count FROM portfolios p';

const history = (c: PgClient, orgId: string, portfolioId: string, trademarkId: string, action: 'added' | 'removed' | 'ref_changed', ref: string | null, at: string) =>
  c.query('INSERT INTO portfolio_membership_history (org_id, portfolio_id, trademark_id, action, external_ref, at) VALUES ($1, $2, $3, $4, $5, $6)', [orgId, portfolioId, trademarkId, action, ref, at]);

export const createPgPortfolioRepo = (db: PgDb): PortfolioRepo => ({
  async get(orgId, id) {
    return (await db.query<PortfolioRow>(`${SELECT} WHERE p.id = $1 AND p.org_id = $2`, [id, orgId]))[0] ?? null;
  },
  async list(orgId, offset, limit) {
    return db.query<PortfolioRow>(`${SELECT} WHERE p.org_id = $1 ORDER BY p.created_at, p.id LIMIT $2 OFFSET $3`, [orgId, limit, offset]);
  },
  async create(row) {
    await db.query('INSERT INTO portfolios (id, org_id, name, description, metadata, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7)', [
      row.id, row.org_id, row.name, row.description, row.metadata, row.created_at, row.updated_at,
    ]);
  },
  async update(orgId, id, fields, at) {
    await db.query('UPDATE portfolios SET name = $1, description = $2, metadata = $3, updated_at = $4 WHERE id = $5 AND org_id = $6', [fields.name, fields.description, fields.metadata, at, id, orgId]);
  },
  async delete(orgId, id, at) {
    return db.tx(async (c) => {
      // Only the owner's portfolio leaves history: a foreign id deletes nothing and records nothing.
      const owned = await c.query('SELECT 1 FROM portfolios WHERE id = $1 AND org_id = $2', [id, orgId]);
      if (owned.rowCount === 0) return false;
      const members = await c.query<{ trademark_id: string }>('SELECT trademark_id FROM portfolio_members WHERE portfolio_id = $1', [id]);
      for (const m of members.rows) await history(c, orgId, id, m.trademark_id, 'removed', null, at);
      await c.query('DELETE FROM portfolios WHERE id = $1 AND org_id = $2', [id, orgId]);
      return true;
    });
  },
  async members(portfolioId, afterTrademarkId, limit) {
    return db.query<MemberRow>(
      'SELECT trademark_id, external_ref, added_at FROM portfolio_members WHERE portfolio_id = $1 AND trademark_id > $2 ORDER BY trademark_id LIMIT $3',
      [portfolioId, afterTrademarkId, limit],
    );
  },
  async addMembers(orgId, portfolioId, items, at) {
    return db.tx(async (c) => {
      const added: string[] = [];
      for (const item of items) {
        const existing = (await c.query<MemberRow>('SELECT external_ref FROM portfolio_members WHERE portfolio_id = $1 AND trademark_id = $2', [portfolioId, item.trademark_id])).rows[0];
        if (!existing) {
          await c.query('INSERT INTO portfolio_members (portfolio_id, trademark_id, external_ref, added_at) VALUES ($1, $2, $3, $4)', [portfolioId, item.trademark_id, item.external_ref ?? null, at]);
          await history(c, orgId, portfolioId, item.trademark_id, 'added', item.external_ref ?? null, at);
          added.push(item.trademark_id);
        } else if (item.external_ref !== undefined && item.external_ref !== existing.external_ref) {
          await c.query('UPDATE portfolio_members SET external_ref = $1 WHERE portfolio_id = $2 AND trademark_id = $3', [item.external_ref, portfolioId, item.trademark_id]);
          await history(c, orgId, portfolioId, item.trademark_id, 'ref_changed', item.external_ref, at);
        }
      }
      await c.query('UPDATE portfolios SET updated_at = $1 WHERE id = $2', [at, portfolioId]);
      return added;
    });
  },
  async removeMembers(orgId, portfolioId, trademarkIds, at) {
    return db.tx(async (c) => {
      const removed: string[] = [];
      for (const tm of trademarkIds) {
        if (((await c.query('DELETE FROM portfolio_members WHERE portfolio_id = $1 AND trademark_id = $2', [portfolioId, tm])).rowCount ?? 0) > 0) removed.push(tm);
      }
      for (const tm of removed) await history(c, orgId, portfolioId, tm, 'removed', null, at);
      await c.query('UPDATE portfolios SET updated_at = $1 WHERE id = $2', [at, portfolioId]);
      return removed;
    });
  },
  async membershipsOf(trademarkIds) {
    const out = new Map<string, MembershipRef[]>();
    if (trademarkIds.length === 0) return out;
    const rows = await db.query<MembershipRef & { trademark_id: string }>(
      `SELECT m.trademark_id, p.org_id, m.portfolio_id, m.external_ref FROM portfolio_members m JOIN portfolios p ON p.id = m.portfolio_id
       WHERE m.trademark_id = ANY($1) ORDER BY m.portfolio_id`,
      [[...trademarkIds]],
    );
    for (const r of rows) {
      const list = out.get(r.trademark_id) ?? [];
      list.push({ org_id: r.org_id, portfolio_id: r.portfolio_id, external_ref: r.external_ref });
      out.set(r.trademark_id, list);
    }
    return out;
  },
  async membershipsAt(trademarkId, at) {
    const rows = await db.query<{ org_id: string; portfolio_id: string; action: string; external_ref: string | null }>(
      'SELECT org_id, portfolio_id, action, external_ref FROM portfolio_membership_history WHERE trademark_id = $1 AND at <= $2 ORDER BY seq',
      [trademarkId, at],
    );
    const state = new Map<string, MembershipRef>();
    for (const h of rows) {
      if (h.action === 'removed') state.delete(h.portfolio_id);
      else state.set(h.portfolio_id, { org_id: h.org_id, portfolio_id: h.portfolio_id, external_ref: h.external_ref });
    }
    return [...state.values()];
  },
});
