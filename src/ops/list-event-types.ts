// list_event_types: office prosecution event codes with their verbatim labels (spec §4.5), so a
// client can decode the raw codes on a trademark's events.
import { z } from 'zod';
import { listEnvelope } from '../core/schemas/envelope.js';
import { defineOp } from './define-op.js';
import { eventCodeTables, referenceList, resolveOfficeFilter } from './reference/data.js';

export const EventType = z.object({
  object: z.literal('event_type'),
  office_code: z.string(),
  code: z.string().describe('The office\'s event code, verbatim'),
  label: z.string().nullable().describe('The office\'s description, verbatim; null when none is held'),
  office_category: z.string().nullable().describe('The office\'s own category letter for the event, verbatim'),
});
export type EventType = z.infer<typeof EventType>;

export const listEventTypes = defineOp({
  name: 'list_event_types',
  summary: 'Decode office prosecution event codes',
  description:
    'The prosecution event codes of each office (e.g. USPTO PUBO, NOAM) with the office\'s description. Use it to explain the raw code of a trademark history entry.',
  scope: 'trademarks:read',
  meter: 'reference',
  readOnly: true,
  http: { method: 'GET', path: '/v1/event-types' },
  cli: { command: 'event-types' },
  input: z.strictObject({
    office_code: z.string().optional().describe('Two-letter office code, e.g. US'),
    code: z.string().optional().describe('Only this event code (exact, case-insensitive)'),
  }),
  output: listEnvelope(EventType),
  run: async (ctx, input) => {
    const office = resolveOfficeFilter(input.office_code);
    const code = input.code?.trim().toUpperCase();
    const rows: EventType[] = [];
    for (const [officeCode, table] of eventCodeTables()) {
      if (office && officeCode !== office) continue;
      for (const entry of table.codes) {
        if (code && entry.code.toUpperCase() !== code) continue;
        rows.push({
          object: 'event_type',
          office_code: officeCode,
          code: entry.code,
          label: entry.label.length > 0 ? entry.label : null,
          office_category: entry.type.length > 0 ? entry.type : null,
        });
      }
    }
    return referenceList(ctx, rows);
  },
});
