// A streaming standby of a PostgreSQL store as a ReplicaLink: the standby opened as a read-only
// store, and its lag measured by comparing its replay position (pg_last_wal_replay_lsn()) with
// the primary's write position (pg_current_wal_lsn()), so an idle pair reads as caught up.
import { TmError } from '../../errors.js';
import { displayLocation } from '../location.js';
import type { ReplicaLag, ReplicaLink } from '../replica.js';
import { openPostgresStore, type PostgresStore } from './store.js';

/** A WAL position `16/B374D848` as a byte offset. */
const lsnBytes = (lsn: string): bigint => {
  const [hi, lo] = lsn.split('/');
  return (BigInt(`0x${hi}`) << 32n) + BigInt(`0x${lo}`);
};

interface StandbyRow {
  standby: boolean;
  lsn: string | null;
  ms: number | null;
}

export const openPostgresReplica = (primary: PostgresStore, url: string): ReplicaLink => {
  const store = openPostgresStore(url, {}, { standby: true });
  const where = displayLocation(url);
  return {
    store,
    async lag(): Promise<ReplicaLag> {
      // The standby is asked first: a primary position read after it can only be ahead, so the
      // lag is never understated. A standby that has replayed no transaction since it started
      // counts as behind since its start.
      const [row] = await store.pg.query<StandbyRow>(
        `SELECT pg_is_in_recovery() AS standby, pg_last_wal_replay_lsn()::text AS lsn,
                (EXTRACT(EPOCH FROM clock_timestamp() - COALESCE(pg_last_xact_replay_timestamp(), pg_postmaster_start_time())) * 1000)::bigint AS ms`,
      );
      if (!row!.standby || row!.lsn === null) {
        throw new TmError('service_unavailable', `the read replica at ${where} is not a streaming standby (it is not in recovery).`, { param: 'read_url' });
      }
      const [head] = await primary.pg.query<{ lsn: string }>('SELECT pg_current_wal_lsn()::text AS lsn');
      const behind = lsnBytes(head!.lsn) - lsnBytes(row!.lsn);
      if (behind <= 0n) return { bytes: 0, ms: 0 };
      return { bytes: Number(behind), ms: Math.max(0, row!.ms ?? 0) };
    },
    close: () => store.close(),
  };
};
