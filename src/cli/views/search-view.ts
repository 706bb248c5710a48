// The `tm search` table on a TTY: mark, office, number, status, classes, owner, tier, score and why
// (the judgement's reason in plain words),
// then the page summary, deprecations and the cursor for the next page (warnings go to stderr,
// src/cli/completeness.ts); a party's marks alike.
import type { z } from 'zod';
import { humanize } from '../../deadlines/labels.js';
import type { SearchOutput } from '../../ops/search-trademarks.js';
import { nextPageLine, table, type Column } from './table.js';

type Output = z.infer<typeof SearchOutput>;
type Hit = Output['data'][number];

const COLUMNS: (Column & { cell: (h: Hit) => string })[] = [
  { header: 'Mark', priority: 1, min: 14, cell: (h) => h.mark_text ?? '(no text)' },
  { header: 'Office', priority: 1, cell: (h) => h.office_code },
  { header: 'Number', priority: 1, cell: (h) => h.registration_number ?? h.application_number },
  { header: 'Status', priority: 2, min: 8, cell: (h) => `${humanize(h.status.primary)} · ${h.status.stage.replace(/_/g, ' ')}` },
  { header: 'Classes', priority: 4, min: 7, cell: (h) => [...new Set(h.classifications.flatMap((c) => (c.nice_class === null ? [] : [c.nice_class])))].join(',') },
  { header: 'Owner', priority: 3, min: 10, cell: (h) => h.owners[0]?.name ?? '' },
  { header: 'Match', priority: 2, cell: (h) => humanize(h.match?.tier) },
  { header: 'Score', priority: 5, cell: (h) => (h.relevance_score === null || h.relevance_score === undefined ? '' : String(h.relevance_score)) },
  { header: 'Why', priority: 3, min: 16, cell: (h) => h.match?.reason ?? '' },
];

export const renderSearchTty = (output: Output): string => {
  if (output.data.length === 0) return 'No marks match this search.';
  const deprecated = output.search_meta.deprecations.map((d) => `${d.parameter} → ${d.replacement ?? 'removed'} (until ${d.sunset})`);
  const summary = [
    `${output.data.length} shown${output.pagination.total_count !== undefined ? ` of ${output.pagination.total_count}` : ''}`,
    `order ${output.search_meta.order}`,
    ...(output.search_meta.similarity_applied.length ? [`channels ${output.search_meta.similarity_applied.join(', ')}`] : []),
  ].join(' · ');
  return [
    table(COLUMNS, output.data.map((h) => COLUMNS.map((c) => c.cell(h)))),
    summary,
    ...(deprecated.length ? [`deprecated: ${deprecated.join('; ')}`] : []),
  ].join('\n') + nextPageLine(output);
};

/** A party's marks (`tm owner|attorney|firm|entity marks`): the search columns without match, score and why. */
export const renderMarkList = (output: { data: Hit[]; has_more?: boolean; pagination?: { cursor: string | null } }): string => {
  if (output.data.length === 0) return 'No marks.';
  const columns = COLUMNS.filter((c) => c.header !== 'Match' && c.header !== 'Score' && c.header !== 'Why');
  return table(columns, output.data.map((h) => columns.map((c) => c.cell(h)))) + nextPageLine(output);
};
