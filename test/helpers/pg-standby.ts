// A throwaway PostgreSQL primary and its streaming standby for the read-replica tests: the
// machine's own cluster accepts no replication connections, so the primary is made with initdb in
// a temporary directory, the standby with pg_basebackup -R, both run as the `postgres` user on free
// ports and are removed by `remove()` (also when making them failed half way).
import { execFileSync } from 'node:child_process';
import { appendFileSync, chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

const BIN = '/usr/lib/postgresql/15/bin';

/** The binaries the standby tests need (CI has them, and runs as root, which runuser needs). */
export const STANDBY_ENABLED = existsSync(join(BIN, 'initdb')) && existsSync(join(BIN, 'pg_basebackup'));

export interface PgPair {
  primaryUrl: string;
  standbyUrl: string;
  /** Runs SQL on the standby as the superuser (pausing replay, for one). */
  standbySql(sql: string): Promise<unknown[]>;
  /** Waits until the standby has replayed everything the primary has written so far. */
  caughtUp(timeoutMs?: number): Promise<void>;
  stopStandby(): void;
  restartPrimary(): void;
  remove(): void;
}

const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

const asPostgres = (command: string, ...args: string[]): void => {
  execFileSync('runuser', ['-u', 'postgres', '--', join(BIN, command), ...args], { stdio: 'pipe' });
};

const sql = async (url: string, text: string): Promise<unknown[]> => {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query(text)).rows;
  } finally {
    await c.end();
  }
};

export const createPgPair = async (): Promise<PgPair> => {
  const root = mkdtempSync(join(tmpdir(), 'tm-replica-'));
  chownSync(root, Number(execFileSync('id', ['-u', 'postgres']).toString()), Number(execFileSync('id', ['-g', 'postgres']).toString()));
  const primaryDir = join(root, 'primary');
  const standbyDir = join(root, 'standby');
  const started: string[] = [];
  const stop = (dir: string, mode = 'fast'): void => {
    if (existsSync(join(dir, 'postmaster.pid'))) asPostgres('pg_ctl', '-D', dir, '-m', mode, '-w', 'stop');
  };
  const remove = (): void => {
    for (const dir of started) {
      try {
        stop(dir, 'immediate');
      } catch {
        // Already stopped: nothing to do but remove its files.
      }
    }
    rmSync(root, { recursive: true, force: true });
  };
  try {
    const [primaryPort, standbyPort] = [await freePort(), await freePort()];
    asPostgres('initdb', '-D', primaryDir, '-U', 'postgres', '--auth=trust', '--no-sync');
    appendFileSync(
      join(primaryDir, 'postgresql.conf'),
      `\nlisten_addresses = '127.0.0.1'\nunix_socket_directories = '${root}'\nwal_level = replica\nmax_wal_senders = 4\nhot_standby = on\nfsync = off\n`,
    );
    appendFileSync(join(primaryDir, 'pg_hba.conf'), '\nhost replication postgres 127.0.0.1/32 trust\n');
    started.push(primaryDir);
    asPostgres('pg_ctl', '-D', primaryDir, '-l', join(root, 'primary.log'), '-o', `-p ${primaryPort}`, '-w', 'start');
    const admin = `postgres://postgres@127.0.0.1:${primaryPort}/postgres`;
    await sql(admin, 'CREATE DATABASE tm');
    asPostgres('pg_basebackup', '-h', '127.0.0.1', '-p', String(primaryPort), '-U', 'postgres', '-D', standbyDir, '-R', '-X', 'stream', '--checkpoint=fast', '--no-sync');
    started.push(standbyDir);
    asPostgres('pg_ctl', '-D', standbyDir, '-l', join(root, 'standby.log'), '-o', `-p ${standbyPort}`, '-w', 'start');
    const primaryUrl = `postgres://postgres@127.0.0.1:${primaryPort}/tm`;
    const standbyUrl = `postgres://postgres@127.0.0.1:${standbyPort}/tm`;
    return {
      primaryUrl,
      standbyUrl,
      standbySql: (text) => sql(standbyUrl, text),
      async caughtUp(timeoutMs = 30_000) {
        const [{ lsn }] = (await sql(primaryUrl, 'SELECT pg_current_wal_lsn()::text AS lsn')) as [{ lsn: string }];
        const until = Date.now() + timeoutMs;
        for (;;) {
          const [row] = (await sql(standbyUrl, `SELECT pg_last_wal_replay_lsn() >= '${lsn}'::pg_lsn AS done`)) as [{ done: boolean }];
          if (row.done) return;
          if (Date.now() > until) throw new Error(`the standby did not replay up to ${lsn} within ${timeoutMs} ms`);
          await new Promise((r) => setTimeout(r, 100));
        }
      },
      stopStandby: () => stop(standbyDir),
      restartPrimary: () => asPostgres('pg_ctl', '-D', primaryDir, '-l', join(root, 'primary.log'), '-o', `-p ${primaryPort}`, '-m', 'fast', '-w', 'restart'),
      remove,
    };
  } catch (err) {
    remove();
    throw err;
  }
};
