// A serving process's commits never copy an ingest's WAL back into the database file (that copy
// stalled a server worker for up to 440 ms); its checkpoint thread does, off the event loop.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSqliteStore, type SqliteStore } from '../../src/store/sqlite/store.js';

let dir: string;
let path: string;
const open: SqliteStore[] = [];
const store = (): SqliteStore => {
  const s = openSqliteStore(path);
  open.push(s);
  return s;
};
const fileBytes = (): number => statSync(path).size;

/** What a daily ingest leaves: a WAL of about 8 MB that its own raised threshold has not copied back. */
const ingestLeavesWal = (): void => {
  const writer = store();
  writer.db.pragma('wal_autocheckpoint = 100000');
  writer.db.exec('CREATE TABLE load_sink (payload BLOB)');
  for (let i = 0; i < 8; i++) writer.db.prepare('INSERT INTO load_sink VALUES (randomblob(1048576))').run();
};

/** A server's usage flush: one small commit. */
const smallCommit = (s: SqliteStore): void => {
  s.db.exec('CREATE TABLE IF NOT EXISTS usage_sink (n INTEGER)');
  s.db.prepare('INSERT INTO usage_sink VALUES (1)').run();
};

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'tm-checkpointer-'));
  path = join(dir, 'tm.db');
});

afterEach(async () => {
  for (const s of open.splice(0)) await s.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('WAL checkpoints in a serving process', () => {
  it('a small commit on a default connection copies the whole WAL back (the stall)', () => {
    ingestLeavesWal();
    const before = fileBytes();
    smallCommit(store());
    expect(fileBytes()).toBeGreaterThan(before + 4_000_000);
  });

  it('a small commit on a deferring connection leaves the WAL alone', () => {
    ingestLeavesWal();
    const before = fileBytes();
    const server = store();
    server.deferCheckpoints();
    smallCommit(server);
    expect(fileBytes()).toBe(before);
  });

  it('the checkpoint thread copies the WAL back within seconds, and stops cleanly', async () => {
    ingestLeavesWal();
    const before = fileBytes();
    const server = store();
    const checkpoints = server.startCheckpointer();
    smallCommit(server);
    const deadline = Date.now() + 10_000;
    while (fileBytes() <= before + 4_000_000 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(fileBytes()).toBeGreaterThan(before + 4_000_000);
    await checkpoints.stop();
    expect(server.db.pragma('wal_autocheckpoint', { simple: true })).toBe(0);
  });
});
