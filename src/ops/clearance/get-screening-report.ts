// get_screening_report: a saved screening as a report people can hand on: one self-contained
// HTML file (inline styles and SVG charts, prints well), Markdown, CSV or JSON.
import { z } from 'zod';
import { renderHtml } from '../../clearance/report-html.js';
import { renderCsv, renderJson, renderMarkdown } from '../../clearance/report-text.js';
import type { Screening } from '../../clearance/screening.js';
import { defineOp } from '../define-op.js';
import { loadScreening } from './screening-store.js';

export const ReportFormat = z.enum(['html', 'md', 'csv', 'json']);
export type ReportFormat = z.infer<typeof ReportFormat>;

const RENDER: Record<ReportFormat, { media: string; render: (s: Screening) => string }> = {
  html: { media: 'text/html; charset=utf-8', render: renderHtml },
  md: { media: 'text/markdown; charset=utf-8', render: renderMarkdown },
  csv: { media: 'text/csv; charset=utf-8', render: renderCsv },
  json: { media: 'application/json', render: renderJson },
};

export const renderReport = (s: Screening, format: ReportFormat) => ({ object: 'screening_report' as const, screening_id: s.id, format, media_type: RENDER[format].media, content: RENDER[format].render(s) });

export const getScreeningReport = defineOp({
  name: 'get_screening_report',
  summary: 'Render a saved screening as an HTML, Markdown, CSV or JSON report',
  description: 'A saved screening as a report document (html, md, csv or json): hits by risk with why each matched, charts, decisions, method and data date.',
  scope: 'trademarks:read',
  meter: 'read',
  readOnly: true,
  http: {
    method: 'GET',
    path: '/v1/screenings/{id}/report',
    documents: { 'text/html': 'html', 'text/markdown': 'md', 'text/csv': 'csv', 'application/json': 'json' },
  },
  cli: { command: 'screenings report <id>' },
  input: z.strictObject({ id: z.string().min(1).describe('A scr_ id'), format: ReportFormat.default('html') }),
  output: z.object({ object: z.literal('screening_report'), screening_id: z.string(), format: ReportFormat, media_type: z.string(), content: z.string() }),
  run: async (ctx, input) => renderReport(await loadScreening(ctx, input.id), input.format),
});
