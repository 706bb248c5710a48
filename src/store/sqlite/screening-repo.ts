// Clearance storage: saved screenings (migration 025) with the input and latest result as JSON,
// scoped to the organization and mode that created them, the reviewer's decision per hit, and the
// live marks a listing check matches against.
import { writeTransaction, type Db } from './sqlite.js';
import type { Decision, LiveMark, Scope, ScreeningRepo, ScreeningRow } from '../screening-repo.js';

export const createScreeningRepo = (db: Db): ScreeningRepo => {
  const insert = db.prepare(
    'INSERT INTO screenings (id, org_id, livemode, input, result, run_count, created_at, updated_at) VALUES (?, ?, ?, ?, ?, 1, ?, ?)',
  );
  const update = db.prepare('UPDATE screenings SET result = ?, run_count = run_count + 1, updated_at = ? WHERE id = ?');
  const one = db.prepare<[string, string | null, number], ScreeningRow>(
    'SELECT id, input, result, run_count, created_at, updated_at FROM screenings WHERE id = ? AND org_id IS ? AND livemode = ?',
  );
  const page = db.prepare<[string | null, number, string, string, number], ScreeningRow>(
    `SELECT id, input, result, run_count, created_at, updated_at FROM screenings
     WHERE org_id IS ? AND livemode = ? AND (created_at, id) < (?, ?) ORDER BY created_at DESC, id DESC LIMIT ?`,
  );
  const decide = db.prepare(
    `INSERT INTO screening_decisions (screening_id, trademark_id, decision, note, decided_at) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (screening_id, trademark_id) DO UPDATE SET decision = excluded.decision, note = excluded.note, decided_at = excluded.decided_at`,
  );
  const decisions = db.prepare<[string], Decision>(
    'SELECT trademark_id, decision, note, decided_at FROM screening_decisions WHERE screening_id = ? ORDER BY trademark_id',
  );
  const live = db.prepare<[], LiveMark>(
    `SELECT t.id, t.office_code, t.mark_text, t.status_primary AS status,
            (SELECT group_concat(nice_class) FROM trademark_classes c WHERE c.trademark_id = t.id) AS classes
     FROM trademarks t WHERE t.status_primary IN ('active', 'pending') AND t.mark_text IS NOT NULL`,
  );
  const lastSeq = db.prepare<[], { seq: number | null }>('SELECT max(seq) AS seq FROM trademarks');
  const write = (fn: () => void) => writeTransaction(db, fn)();
  return {
    async create(row: { id: string; input: string; result: string; at: string }, scope: Scope): Promise<void> {
      write(() => insert.run(row.id, scope.orgId, scope.livemode ? 1 : 0, row.input, row.result, row.at, row.at));
    },
    async saveRun(id: string, result: string, at: string): Promise<void> {
      write(() => update.run(result, at, id));
    },
    async get(id: string, scope: Scope): Promise<ScreeningRow | undefined> {
      return one.get(id, scope.orgId, scope.livemode ? 1 : 0);
    },
    /** Newest first, after the (created_at, id) of the previous page's last row. */
    async list(scope: Scope, after: { createdAt: string; id: string } | null, limit: number): Promise<ScreeningRow[]> {
      return page.all(scope.orgId, scope.livemode ? 1 : 0, after?.createdAt ?? '9999', after?.id ?? '', limit);
    },
    async decide(screeningId: string, d: Decision): Promise<void> {
      write(() => decide.run(screeningId, d.trademark_id, d.decision, d.note, d.decided_at));
    },
    async decisions(screeningId: string): Promise<Decision[]> {
      return decisions.all(screeningId);
    },
    /** Every live (active or pending) mark with a word element, streamed: the listing check's patterns. */
    async liveMarks(visit: (mark: LiveMark) => void): Promise<void> {
      for (const m of live.iterate()) visit(m);
    },
    /** The store's change sequence: a cached matcher is stale once it moves. */
    async lastSeq(): Promise<number> {
      return lastSeq.get()?.seq ?? 0;
    },
  };
};

