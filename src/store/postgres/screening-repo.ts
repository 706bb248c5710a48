// Saved screenings and their decisions on PostgreSQL, scoped to the organization and mode that
// created them as on SQLite, and the live marks the listing check matches against, read through a
// server-side cursor in pages from one snapshot (a million marks never sit in one result).
import type { Decision, LiveMark, ScreeningRepo, ScreeningRow } from '../screening-repo.js';
import type { PgDb } from './pg.js';

const COLUMNS = 'id, input, result, run_count, created_at, updated_at';
/** Rows per FETCH from the live-mark cursor. */
const PAGE = 5_000;

export const createPgScreeningRepo = (db: PgDb): ScreeningRepo => ({
  async create(row, scope) {
    await db.query(
      'INSERT INTO screenings (id, org_id, livemode, input, result, run_count, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, 1, $6, $6)',
      [row.id, scope.orgId, scope.livemode ? 1 : 0, row.input, row.result, row.at],
    );
  },
  async saveRun(id, result, at) {
    await db.query('UPDATE screenings SET result = $1, run_count = run_count + 1, updated_at = $2 WHERE id = $3', [result, at, id]);
  },
  async get(id, scope) {
    return (await db.query<ScreeningRow>(`SELECT ${COLUMNS} FROM screenings WHERE id = $1 AND org_id IS NOT DISTINCT FROM $2 AND livemode = $3`, [id, scope.orgId, scope.livemode ? 1 : 0]))[0];
  },
  async list(scope, after, limit) {
    return db.query<ScreeningRow>(
      `SELECT ${COLUMNS} FROM screenings WHERE org_id IS NOT DISTINCT FROM $1 AND livemode = $2 AND (created_at, id) < ($3, $4)
       ORDER BY created_at DESC, id DESC LIMIT $5`,
      [scope.orgId, scope.livemode ? 1 : 0, after?.createdAt ?? '9999', after?.id ?? '', limit],
    );
  },
  async decide(screeningId, d) {
    await db.query(
      `INSERT INTO screening_decisions (screening_id, trademark_id, decision, note, decided_at) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (screening_id, trademark_id) DO UPDATE SET decision = excluded.decision, note = excluded.note, decided_at = excluded.decided_at`,
      [screeningId, d.trademark_id, d.decision, d.note, d.decided_at],
    );
  },
  async decisions(screeningId) {
    return db.query<Decision>('SELECT trademark_id, decision, note, decided_at FROM screening_decisions WHERE screening_id = $1 ORDER BY trademark_id', [screeningId]);
  },
  async liveMarks(visit) {
    // Classes in ascending order, as SQLite's (trademark_id, nice_class) key gives them there.
    await db.tx(async (c) => {
      await c.query(`DECLARE live_marks NO SCROLL CURSOR FOR
        SELECT t.id, t.office_code, t.mark_text, t.status_primary AS status,
               (SELECT string_agg(nice_class::text, ',' ORDER BY nice_class) FROM trademark_classes c WHERE c.trademark_id = t.id) AS classes
        FROM trademarks t WHERE t.status_primary IN ('active', 'pending') AND t.mark_text IS NOT NULL`);
      for (;;) {
        const { rows } = await c.query<LiveMark>(`FETCH ${PAGE} FROM live_marks`);
        for (const m of rows) visit(m);
        if (rows.length < PAGE) return;
      }
    }, { write: false });
  },
  async lastSeq() {
    return Number((await db.query<{ seq: number | null }>('SELECT MAX(seq) AS seq FROM trademarks'))[0]!.seq ?? 0);
  },
});
