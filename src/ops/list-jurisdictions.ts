// list_jurisdictions: the earlier-shape jurisdiction list (spec §4.3 `GET /v1/jurisdictions`,
// objects of §2.10) in the `success`/`data` envelope, for clients of the earlier API.
import { z } from 'zod';
import { SupportedFeatures } from '../core/reference-data.js';
import { defineOp } from './define-op.js';
import { offices } from './reference/data.js';

const Jurisdiction = z.object({
  code: z.string(),
  name: z.string(),
  abbreviation: z.string(),
  type: z.string().describe('national, regional or international'),
  website: z.string(),
  search_tool: z.string(),
  supported_features: SupportedFeatures,
});

export const listJurisdictions = defineOp({
  name: 'list_jurisdictions',
  summary: 'List jurisdictions (earlier API shape)',
  description:
    'The production offices as earlier-shape jurisdiction objects (code, name, abbreviation, type, website, search_tool, supported_features) inside a `success`/`data` envelope. New clients should use list_offices, which adds data freshness.',
  scope: 'trademarks:read',
  meter: 'reference',
  readOnly: true,
  http: { method: 'GET', path: '/v1/jurisdictions', shape: 'earlier' },
  cli: { command: 'jurisdictions' },
  input: z.strictObject({}),
  output: z.object({
    success: z.literal(true),
    data: z.object({
      jurisdictions: z.array(Jurisdiction),
      pagination: z.object({ total_results: z.number().int(), has_more: z.boolean(), next_cursor: z.string().nullable() }),
    }),
  }),
  run: async () => {
    const jurisdictions = offices().map((o) => ({
      code: o.code,
      name: o.name,
      abbreviation: o.abbreviation,
      type: o.kind,
      website: o.website,
      search_tool: o.search_tool,
      supported_features: o.supported_features,
    }));
    return {
      success: true as const,
      data: { jurisdictions, pagination: { total_results: jurisdictions.length, has_more: false, next_cursor: null } },
    };
  },
});
