// `tm copy --from PATH_OR_URL --to PATH_OR_URL`: moves a whole store between backends (SQLite file
// or postgres:// URL, either way; src/copy/copy-store.ts), with progress on stderr and a summary of
// the verified tables on stdout. Bad input (a missing source, one store named twice, a malformed
// URL, a server that cannot be used) is one line and a non-zero exit; nothing is written then.
import type { Command } from 'commander';
import { existsSync } from 'node:fs';
import { closeContext, createContext, type Context } from '../../context.js';
import { copyStore, type CopyReport } from '../../copy/copy-store.js';
import { TmError } from '../../errors.js';
import { displayLocation, isPostgresUrl } from '../../store/location.js';
import { outputMode, printJson, reportError } from '../output.js';
import type { GlobalOptions } from '../program.js';

interface CopyFlags extends GlobalOptions {
  from?: string;
  to?: string;
  overwrite?: boolean;
  skipMissing?: boolean;
  batchSize: string;
}

/** Refuses what cannot be a store before anything is opened: nothing is made for a bad name. */
const checkLocations = (from: string | undefined, to: string | undefined): [string, string] => {
  if (!from || !to) throw new TmError('validation_error', `tm copy needs both --from and --to (a SQLite file path or a postgres:// URL).`, { param: from ? 'to' : 'from' });
  for (const [flag, where] of [['from', from], ['to', to]] as const) {
    if (/^[a-z][a-z0-9+.-]*:\/\//i.test(where) && !isPostgresUrl(where)) {
      throw new TmError('validation_error', `--${flag} ${displayLocation(where)} is neither a file path nor a postgres:// URL.`, { param: flag });
    }
    if (isPostgresUrl(where) && !URL.canParse(where)) throw new TmError('validation_error', `--${flag} is not a valid PostgreSQL URL: ${displayLocation(where)}.`, { param: flag });
  }
  if (!isPostgresUrl(from) && !existsSync(from)) throw new TmError('not_found', `no store at ${from} to copy from.`, { param: 'from' });
  if (from === to) throw new TmError('validation_error', `--from and --to name the same store (${displayLocation(from)}).`, { param: 'to' });
  return [from, to];
};

const summary = (r: CopyReport, from: string, to: string, indexed: number): string => {
  const rows = r.tables.reduce((n, t) => n + t.rows, 0);
  const lines = [`copied ${r.tables.length} tables (${rows} rows) from ${from} to ${to}; counts and checksums verified`];
  const searchRows = r.search_index.reduce((n, t) => n + t.rows, 0);
  if (r.search_index.length) lines.push(`search index: not copied (${searchRows} rows in ${r.search_index.map((t) => t.table).join(', ')}); the target indexed ${indexed} marks`);
  for (const m of r.missing) lines.push(`not copied (the target has no ${m.column ? 'such column' : 'such table'}): ${m.table}${m.column ? `.${m.column}` : ''}, ${m.rows} rows`);
  return `${lines.join('\n')}\n`;
};

export const addCopyCommand = (program: Command): void => {
  program
    .command('copy')
    .description('Copy a whole store into another, between SQLite and PostgreSQL in either direction, verifying counts and checksums')
    .option('--from <store>', 'the store to copy: a SQLite file path or a postgres:// URL')
    .option('--to <store>', 'the store to fill: a SQLite file path or a postgres:// URL (made if missing; must be empty)')
    .option('--overwrite', 'replace everything in a target that is not empty')
    .option('--skip-missing', 'copy even when the target has no table or column for some source rows (they are listed, not copied)')
    .option('--batch-size <n>', 'rows per batch', '5000')
    .action(async (_opts: unknown, command: Command) => {
      const o = command.optsWithGlobals<CopyFlags>();
      const mode = outputMode(o);
      const contexts: Context[] = [];
      try {
        const [from, to] = checkLocations(o.from, o.to);
        const batchSize = Number(o.batchSize);
        if (!Number.isInteger(batchSize) || batchSize < 1) throw new TmError('validation_error', `--batch-size must be a whole number of at least 1, not ${o.batchSize}.`, { param: 'batch_size' });
        const source = createContext({ db: from });
        contexts.push(source);
        const target = createContext({ db: to });
        contexts.push(target);
        const shown = new Map<string, number>();
        const report = await copyStore(source.store, target.store, {
          overwrite: o.overwrite,
          skipMissing: o.skipMissing,
          batchSize,
          // One line per table, and one per tenth of a large one: bounded whatever the size.
          progress: (table, done, total) => {
            const tenth = total === 0 ? 10 : Math.floor((done * 10) / total);
            if (tenth <= (shown.get(table) ?? -1)) return;
            shown.set(table, tenth);
            if (!mode.json) process.stderr.write(`copy: ${table} ${done}/${total} rows\n`);
          },
        });
        // The target's search index is built from the copied marks (a backend without one has nothing to do).
        const { indexed } = await target.index.sync({ wait: true });
        if (mode.json) printJson({ object: 'store_copy', from: source.store.path, to: target.store.path, ...report, indexed });
        else process.stdout.write(summary(report, source.store.path, target.store.path, indexed));
      } catch (err) {
        process.exitCode = reportError(err, mode);
      } finally {
        for (const c of contexts) await closeContext(c).catch(() => {});
      }
    });
};
