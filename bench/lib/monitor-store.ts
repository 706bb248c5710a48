// Stores and daily files for the monitoring benches (bench:watch, bench:webhooks): a generated
// store built once and cached (its offices marked as synced, so later files are watch-eligible,
// and its search index built), and a "daily file" of NDJSON records: half of them changes to
// stored marks (the status moves on, a newer source date), half new filings with fresh numbers.
import { copyFileSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { closeContext, createContext, type Context } from '../../src/context.js';
import { trademarkId } from '../../src/core/ids.js';
import type { TrademarkRecord } from '../../src/core/schemas/trademark.js';
import { corpusRecords } from '../corpus/generate.js';
import { formatInt } from './results.js';
import { sqliteDb } from '../../src/store/sqlite/store.js';
import { parseRecord } from '../../src/store/sqlite/records/record-codec.js';

export const BENCH_NOW = '2026-11-22T12:00:00.000Z';
/** The load's own instant: before the daily files, so theirs are the newer changes. */
const LOAD_AT = '2026-11-01T00:00:00.000Z';

export const defaultCacheDir = (): string => join(tmpdir(), 'tm-bench-monitor');

/** Removes a store file with its WAL, shared memory and build marker. */
export const removeDb = (path: string): void => {
  for (const suffix of ['', '-wal', '-shm', '.done']) rmSync(path + suffix, { force: true });
};

/**
 * The cached base store of `marks` generated marks (seed `seed`), built when missing: loaded in
 * batches, every office recorded as synced (past its backfill), the search index built.
 * Returns its path and whether this call built it (with the build's seconds).
 */
export const ensureBaseStore = async (cacheDir: string, marks: number, seed: number): Promise<{ path: string; built_seconds: number | null }> => {
  mkdirSync(cacheDir, { recursive: true });
  const path = join(cacheDir, `monitor-base-${marks}-s${seed}.db`);
  if (existsSync(`${path}.done`)) return { path, built_seconds: null };
  removeDb(path);
  const t0 = performance.now();
  const ctx = createContext({ db: path, now: BENCH_NOW });
  const perOffice = new Map<string, number>();
  let batch: TrademarkRecord[] = [];
  let loaded = 0;
  const flush = async (): Promise<void> => {
    await ctx.store.trademarks.upsert(batch, LOAD_AT);
    loaded += batch.length;
    batch = [];
    if (loaded % 100_000 === 0) process.stderr.write(`  base store: ${formatInt(loaded)} marks, ${Math.round((performance.now() - t0) / 1000)} s\n`);
  };
  for (const r of corpusRecords({ count: marks, seed })) {
    batch.push(r);
    perOffice.set(r.office_code, (perOffice.get(r.office_code) ?? 0) + 1);
    if (batch.length === 5000) await flush();
  }
  if (batch.length) await flush();
  await ctx.store.offices.recordSync(perOffice, LOAD_AT);
  process.stderr.write(`  base store: building the search index …\n`);
  await ctx.index.sync();
  sqliteDb(ctx.store).pragma('wal_checkpoint(TRUNCATE)');
  await closeContext(ctx);
  writeFileSync(`${path}.done`, '');
  return { path, built_seconds: (performance.now() - t0) / 1000 };
};

/** A working copy of a base store, so every run starts from the same state. */
export const workingCopy = (base: string, to: string): string => {
  removeDb(to);
  copyFileSync(base, to);
  return to;
};

/**
 * Writes a daily file of `count` records to `path`: `count / 2` stored marks changed (those whose
 * rowid leaves remainder `tag` modulo the spacing that spreads them over the store) and the rest
 * new filings from the generator (seed `seed + tag`) under fresh numbers. Returns the changed ids.
 */
export const writeDailyFile = async (ctx: Context, path: string, count: number, seed: number, tag: number): Promise<string[]> => {
  const changes = Math.floor(count / 2);
  const total = sqliteDb(ctx.store).prepare('SELECT COUNT(*) FROM trademarks').pluck().get() as number;
  const spacing = Math.max(2, Math.floor(total / changes));
  const rows = sqliteDb(ctx.store)
    .prepare('SELECT record FROM trademarks WHERE rowid % ? = ? ORDER BY rowid LIMIT ?')
    .pluck()
    .all(spacing, tag % spacing, changes) as Buffer[];
  const lines: string[] = [];
  const changed: string[] = [];
  for (const json of rows) {
    const r = parseRecord<TrademarkRecord>(json);
    const publish = r.status.stage !== 'published';
    const status = publish
      ? { ...r.status, primary: 'pending' as const, stage: 'published', raw: { code: '686', label: 'PUBLISHED FOR OPPOSITION' } }
      : { ...r.status, primary: 'active' as const, stage: 'registered', raw: { code: '700', label: 'REGISTERED' } };
    lines.push(JSON.stringify({ ...r, status, source_date: '2026-11-21' }));
    changed.push(r.id);
  }
  let i = 0;
  for (const r of corpusRecords({ count: count - rows.length, seed: seed + tag })) {
    const number = `77${tag}${String(i++).padStart(7, '0')}`;
    const fresh: TrademarkRecord = {
      ...r,
      id: trademarkId(r.office_code, number),
      application_number: number,
      registration_number: null,
      filing_date: '2026-11-20',
      source_date: '2026-11-21',
      status: { ...r.status, primary: 'pending', stage: 'filed', raw: { code: '630', label: 'NEW APPLICATION' } },
    };
    lines.push(JSON.stringify(fresh));
  }
  writeFileSync(path, `${lines.join('\n')}\n`);
  return changed;
};
