// `tm clear MARK --report FILE.html|.md|.csv|.json`: runs the screening (create_screening) and
// writes its report, the format taken from the file's extension.
import type { Command } from 'commander';
import { writeFileSync } from 'node:fs';
import { extname } from 'node:path';
import type { Context } from '../context.js';
import { TmError } from '../errors.js';
import { createScreening } from '../ops/clearance/create-screening.js';
import { renderReport, type ReportFormat } from '../ops/clearance/get-screening-report.js';

const FORMATS: Record<string, ReportFormat> = { '.html': 'html', '.htm': 'html', '.md': 'md', '.csv': 'csv', '.json': 'json' };

export const clearExport = {
  flags: (command: Command) => command.option('--report <file>', 'write the clearance report to FILE.html, .md, .csv or .json'),
  run: async (ctx: Context, input: unknown, options: Record<string, unknown>): Promise<string | null> => {
    if (options.report === undefined) return null;
    const file = String(options.report);
    const format = FORMATS[extname(file).toLowerCase()];
    if (!format) throw new TmError('validation_error', `--report: '${file}' must end in .html, .md, .csv or .json.`, { param: 'report' });
    const screening = await createScreening.run(ctx, input as never);
    writeFileSync(file, renderReport(screening, format).content);
    return `${screening.overall.summary}\nWrote ${file} (${screening.hits.length} hits, screening ${screening.id}).\n`;
  },
};
