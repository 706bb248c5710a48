// Per-office sync bookkeeping: when each office's data last ingested successfully.
import { writeTransaction, type Db } from './sqlite.js';

export const createOfficeRepo = (db: Db) => {
  const upsert = db.prepare(
    `INSERT INTO office_syncs (office_code, last_successful_sync, records) VALUES (?, ?, ?)
     ON CONFLICT (office_code) DO UPDATE SET last_successful_sync = excluded.last_successful_sync, records = office_syncs.records + excluded.records`,
  );
  const all = db.prepare<[], { office_code: string; last_successful_sync: string; records: number }>(
    'SELECT office_code, last_successful_sync, records FROM office_syncs',
  );
  return {
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
