// The `tm search` table on a TTY (ink): mark, office, number, status, classes, owner, tier and
// score, then the warnings and the cursor for the next page. Ink loads only when this view runs,
// so it stays out of the cold start of other commands and of piped (JSON) searches.
import React from 'react';
import type { z } from 'zod';
import type { SearchOutput } from '../../ops/search-trademarks.js';

type Output = z.infer<typeof SearchOutput>;
type Hit = Output['data'][number];

const COLUMNS: { title: string; width: number; cell: (h: Hit) => string }[] = [
  { title: 'MARK', width: 28, cell: (h) => h.mark_text ?? '(no text)' },
  { title: 'OFFICE', width: 6, cell: (h) => h.office_code },
  { title: 'NUMBER', width: 14, cell: (h) => h.registration_number ?? h.application_number },
  { title: 'STATUS', width: 18, cell: (h) => `${h.status.primary} · ${h.status.stage}` },
  { title: 'CLASSES', width: 10, cell: (h) => [...new Set(h.classifications.flatMap((c) => (c.nice_class === null ? [] : [c.nice_class])))].join(',') },
  { title: 'OWNER', width: 22, cell: (h) => h.owners[0]?.name ?? '' },
  { title: 'TIER', width: 14, cell: (h) => h.match?.tier ?? '' },
  { title: 'SCORE', width: 5, cell: (h) => (h.relevance_score === null || h.relevance_score === undefined ? '' : String(h.relevance_score)) },
];

const TIER_COLOR: Record<string, string> = { identical: 'red', near_identical: 'red', similar: 'yellow', related: 'gray' };

const fit = (s: string, width: number): string => (s.length > width ? `${s.slice(0, width - 1)}…` : s.padEnd(width));

export const renderSearchTty = async (output: Output): Promise<string> => {
  if (output.data.length === 0) return 'No marks match this search.';
  const { Box, Text, renderToString } = await import('ink');
  const warnings = output.search_meta.warnings.map((w) => w.code);
  const deprecated = output.search_meta.deprecations.map((d) => `${d.parameter} → ${d.replacement ?? 'removed'} (until ${d.sunset})`);
  const view = (
    <Box flexDirection="column">
      <Box gap={1}>
        {COLUMNS.map((c) => (
          <Text key={c.title} bold>
            {fit(c.title, c.width)}
          </Text>
        ))}
      </Box>
      {output.data.map((h) => (
        <Box key={h.id} gap={1}>
          {COLUMNS.map((c) => (
            <Text key={c.title} color={c.title === 'TIER' ? TIER_COLOR[h.match?.tier ?? ''] : undefined}>
              {fit(c.cell(h), c.width)}
            </Text>
          ))}
        </Box>
      ))}
      <Text dimColor>
        {output.data.length} shown{output.pagination.total_count !== undefined ? ` of ${output.pagination.total_count}` : ''} · order{' '}
        {output.search_meta.order}
        {output.search_meta.similarity_applied.length ? ` · channels ${output.search_meta.similarity_applied.join(', ')}` : ''}
      </Text>
      {warnings.length > 0 && <Text color="yellow">warnings: {warnings.join(', ')}</Text>}
      {deprecated.length > 0 && <Text color="yellow">deprecated: {deprecated.join('; ')}</Text>}
      {output.has_more && output.pagination.cursor && <Text>next page: add --cursor {output.pagination.cursor}</Text>}
    </Box>
  );
  return renderToString(view, { columns: 160 });
};
