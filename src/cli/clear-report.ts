// `tm clear MARK --report FILE.html|.md|.csv|.json` and `--review`: runs the screening
// (create_screening), lets a reviewer decide its hits on an ink screen when asked, and writes its
// report, the format taken from the file's extension, with the decisions in it.
import type { Command } from 'commander';
import { writeFileSync } from 'node:fs';
import { extname } from 'node:path';
import type { Context } from '../context.js';
import { TmError } from '../errors.js';
import type { ReportFormat } from '../ops/clearance/get-screening-report.js';
import { checkOutputPath } from './views/export.js';
import { count } from './views/words.js';

const FORMATS: Record<string, ReportFormat> = { '.html': 'html', '.htm': 'html', '.md': 'md', '.csv': 'csv', '.json': 'json' };

const formatOf = (file: string): ReportFormat => {
  const format = FORMATS[extname(file).toLowerCase()];
  if (!format) throw new TmError('validation_error', `--report: '${file}' must end in .html, .md, .csv or .json.`, { param: 'report' });
  return format;
};

export const clearExport = {
  flags: (command: Command) =>
    command
      .option('--report <file>', 'write the clearance report to FILE.html, .md, .csv or .json')
      .option('--review', 'review the hits on an interactive screen: mark each conflict, watch or dismiss, with notes'),
  run: async (ctx: Context, input: unknown, options: Record<string, unknown>): Promise<string | null> => {
    if (options.report === undefined && !options.review) return null;
    const file = options.report === undefined ? null : String(options.report);
    const format = file === null ? null : formatOf(file);
    checkOutputPath(file ?? undefined, 'report');
    if (options.review && !(process.stdin.isTTY && process.stdout.isTTY))
      throw new TmError('validation_error', '--review needs an interactive terminal; decide hits with `tm screenings decide` instead.', { param: 'review' });
    // Loaded here, not at start: the clearance stack is needed only when the command runs.
    const [{ createScreening }, { decideScreeningHit }, { renderReport }] = await Promise.all([
      import('../ops/clearance/create-screening.js'),
      import('../ops/clearance/decide-screening-hit.js'),
      import('../ops/clearance/get-screening-report.js'),
    ]);
    let screening = await createScreening.run(ctx, input as never);
    if (options.review) {
      const { runReview } = await import('./views/screening-review.js');
      screening = await runReview(screening, (id, decision, note) =>
        decideScreeningHit.run(ctx, { id: screening.id, trademark_id: id, decision, ...(note === null ? {} : { note }) }),
      );
    }
    const decided = screening.hits.filter((h) => h.decision).length;
    const { warningLines } = await import('./views/screening-view.js');
    const lines = [...warningLines(screening), screening.overall.summary, `Screening ${screening.id}: ${count(screening.hits.length, 'hit')}, ${decided.toLocaleString('en')} decided.`];
    if (file !== null && format !== null) {
      writeFileSync(file, renderReport(screening, format).content);
      lines.push(`Wrote ${file}.`);
    }
    return `${lines.join('\n')}\n`;
  },
};
