// The human view of a screening (`tm clear`, `tm screenings show|rerun|decide`): its warnings
// first (goods not compared, marks screened with their goods unknown), then the overall risk, the
// hits by risk with the reason that weighs most, and how to get the full report.
import { humanize } from '../../deadlines/labels.js';
import type { Screening, ScreeningHit } from '../../clearance/screening.js';
import { classesOf } from '../../clearance/report-text.js';
import { isFloorReason } from '../../clearance/risk.js';
import { table, type Column } from './table.js';
import { count } from './words.js';

/** The reason a reader needs beside the level: the tier floor when it set the level, else the text. */
const whyOf = (h: ScreeningHit): string => (h.risk.reasons.find(isFloorReason) ?? h.risk.reasons[0])?.detail ?? '';

const COLUMNS: (Column & { cell: (h: ScreeningHit) => string })[] = [
  { header: 'Risk', priority: 1, cell: (h) => h.risk.level },
  { header: 'Score', priority: 4, cell: (h) => h.risk.score.toFixed(2) },
  { header: 'Mark', priority: 1, min: 14, cell: (h) => h.mark_text ?? '(no text)' },
  { header: 'Office', priority: 1, cell: (h) => h.office_code },
  { header: 'Number', priority: 2, cell: (h) => h.registration_number ?? h.application_number },
  { header: 'Status', priority: 2, min: 8, cell: (h) => humanize(h.status.primary) },
  { header: 'Classes', priority: 3, min: 7, cell: (h) => classesOf(h).join(',') || 'unknown' },
  { header: 'Tier', priority: 3, cell: (h) => humanize(h.match?.tier) },
  { header: 'Why', priority: 5, min: 20, cell: whyOf },
];

export const warningLines = (s: Pick<Screening, 'warnings'>): string[] => s.warnings.map((w) => `warning: ${w}`);

export const renderScreening = (s: Screening): string =>
  [
    ...warningLines(s),
    s.overall.summary,
    ...(s.hits.length ? [table(COLUMNS, s.hits.map((h) => COLUMNS.map((c) => c.cell(h))))] : []),
    `Screening ${s.id}: ${count(s.hits.length, 'hit')}; every reason: tm screenings report ${s.id} --format html`,
  ].join('\n');
