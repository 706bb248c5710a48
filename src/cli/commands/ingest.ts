// `tm ingest <paths…>`: reads office files into the store with a live progress display on a
// terminal (percentage and ETA from bytes read) and a one-line summary. Skipped records make the exit non-zero unless --allow-errors.
import type { Command } from 'commander';
import { statSync } from 'node:fs';
import type { Context } from '../../context.js';
import { closeContext } from '../../context-open.js';
import { visible, visibleLines } from '../../core/terminal-text.js';
import { TmError } from '../../errors.js';
import { FORMAT_NAMES } from '../../ingest/formats.js';
import { ingestFiles, type IngestSummary } from '../../ingest/pipeline.js';
import { contextFromGlobals, type GlobalOptions } from '../program.js';
import { EXIT_PARTIAL } from '../exit-codes.js';
import { outputMode, printJson, reportError } from '../output.js';


/** The summary; on a terminal the counts are grouped (12,345), piped they stay plain for scripts. */
const summaryLine = (s: IngestSummary, grouped: boolean): string => {
  const n = (v: number): string => (grouped ? v.toLocaleString('en') : String(v));
  // "1 record", "2 records" (docs/cli.md "Words"): the noun follows the count.
  const of = (v: number, one: string): string => `${n(v)} ${v === 1 ? one : `${one}s`}`;
  return (
    `ingested ${of(s.records, 'record')} from ${of(s.files, 'file')} in ${(s.duration_ms / 1000).toFixed(1)}s ` +
    `(${n(s.records_per_second)}/s): ${n(s.inserted)} new, ${n(s.updated)} updated, ${n(s.unchanged)} unchanged, ` +
    `${n(s.stale)} older than stored, ${n(s.skipped)} skipped, ${of(s.events, 'change event')}, ${of(s.alerts, 'watch alert')}` +
    (s.text_issues.invalid_utf8 ? `, ${n(s.text_issues.invalid_utf8)} with invalid UTF-8` : '') +
    (s.text_issues.control_characters ? `, ${n(s.text_issues.control_characters)} with control characters in mark_text` : '')
  );
};

/** A live display only for a person at a terminal: never when either stream is captured, nor under CI. */
const wantsProgress = (json: boolean): boolean =>
  !json && process.stdout.isTTY === true && process.stderr.isTTY === true && !['1', 'true'].includes(String(process.env.CI ?? '').toLowerCase());

/** Paths that cannot be read are refused before anything is ingested, in words rather than errno codes. */
const checkPaths = (paths: readonly string[]): void => {
  for (const path of paths) {
    const stat = statSync(path, { throwIfNoEntry: false });
    if (!stat) throw new TmError('input_error', `${path}: no such file.`, { param: 'paths', suggestion: 'Check the path; nothing was ingested.' });
    if (stat.isDirectory()) {
      throw new TmError('input_error', `${path} is a directory.`, { param: 'paths', suggestion: `Pass the files in it, e.g. ${path.replace(/\/$/, '')}/*.xml; nothing was ingested.` });
    }
  }
};

export const addIngestCommand = (program: Command): void => {
  program
    .command('ingest')
    .description('Read office bulk files (USPTO daily XML, ST.66/ST.96, TSDR JSON, EUIPO JSON, NDJSON; .gz and .zip too)')
    .argument('<paths...>', 'files to read')
    .option('--format <name>', `skip detection and read every file in this format: ${FORMAT_NAMES.join(', ')}`)
    .option('--allow-errors', 'exit 0 even when malformed records were skipped')
    .option('--batch-size <n>', 'records per transaction', '2000')
    .option('--images <dir>', 'a folder of mark images (PNG, JPEG, GIF, WebP) named by application or registration number: their perceptual hashes are stored for image search')
    .option('--backfill', 'a bulk backfill: store the records but raise no watch alerts (the first load of an office never does)')
    .action(async (paths: string[], _opts: unknown, command: Command) => {
      const opts = command.optsWithGlobals<GlobalOptions & { format?: string; allowErrors?: boolean; batchSize: string; backfill?: boolean; images?: string }>();
      const mode = outputMode(opts);
      let ctx: Context | null = null;
      const progress = wantsProgress(mode.json) ? (await import('../views/ingest-progress.js')).startProgress() : null;
      try {
        checkPaths(paths);
        ctx = await contextFromGlobals(opts);
        const summary = await ingestFiles(ctx, paths, {
          format: opts.format,
          backfill: opts.backfill === true,
          images: opts.images,
          batchSize: Math.max(1, Number(opts.batchSize) || 2000),
          onProgress: progress?.update,
          onTextIssue: (t) => {
            const line = `note: ${t.file} record ${t.recordNumber} (${t.mark}): ${t.issue}`;
            if (progress) progress.log(line);
            else if (!mode.json) process.stderr.write(`${line}\n`);
          },
          onWarning: (w) => {
            const line = visible(`warning: ${w.file} record ${w.recordNumber}: ${w.warning}`);
            if (progress) progress.log(line);
            else if (!mode.json) process.stderr.write(`${line}\n`);
          },
          onSkip: (s) => {
            const line = visible(`skipped ${s.file} record ${s.recordNumber}: ${s.reason}`);
            if (progress) progress.log(line);
            else if (!mode.json) process.stderr.write(`${line}\n`);
          },
        });
        progress?.stop();
        for (const f of summary.failed_files) if (!mode.json) process.stderr.write(`tm: ${visibleLines(f.detail)} [${f.type}]\n`);
        if (mode.json) printJson(summary);
        else process.stdout.write(`${summaryLine(summary, mode.tty)}\n`);
        const partial = summary.failed_files.length > 0 || (summary.skipped > 0 && !opts.allowErrors);
        if (partial) process.exitCode = summary.failed_files.length > 0 ? 7 : EXIT_PARTIAL;
      } catch (err) {
        progress?.stop();
        process.exitCode = reportError(err, mode);
      } finally {
        if (ctx) await closeContext(ctx);
      }
    });
};
