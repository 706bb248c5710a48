// list_offices: the office catalog (spec §4.5), each office with when its data last ingested.
import { z } from 'zod';
import { OfficeKind, SupportedFeatures } from '../core/reference-data.js';
import { listEnvelope } from '../core/schemas/envelope.js';
import { ADAPTER_LIST } from '../ingest/adapters/index.js';
import { defineOp } from './define-op.js';
import { offices, referenceList, st3Codes } from './reference/data.js';

export const Office = z.object({
  object: z.literal('office'),
  code: z.string().describe('WIPO ST.3 office code'),
  name: z.string(),
  abbreviation: z.string().nullable(),
  kind: OfficeKind.nullable(),
  country: z.string().nullable().describe('ISO 3166-1 alpha-2; null for regional and international offices'),
  region: z.string().nullable(),
  member_countries: z.array(z.string()).describe('Countries a regional office covers; empty otherwise'),
  formats: z.array(z.string()).describe('`tm ingest --format` names that read this office\'s files'),
  website: z.string().nullable(),
  search_tool: z.string().nullable(),
  supported_features: SupportedFeatures.nullable(),
  production: z.boolean().describe('One of the 11 production offices; false for an office seen only in ingested data'),
  last_successful_sync: z.string().nullable().describe('When a sync of this office last finished without error; null if never'),
  records_synced: z.number().int().describe('Records taken in across all successful syncs'),
});
export type Office = z.infer<typeof Office>;

export const listOffices = defineOp({
  name: 'list_offices',
  summary: 'List the offices tm covers, with their data freshness',
  description:
    'The offices tm covers, with ingest formats and `last_successful_sync` (data freshness). Use it to check coverage and freshness before relying on search results.',
  scope: 'trademarks:read',
  meter: 'reference',
  readOnly: true,
  http: { method: 'GET', path: '/v1/reference/offices', aliases: ['/v1/offices'] },
  cli: { command: 'offices' },
  input: z.strictObject({
    kind: OfficeKind.optional().describe('Only offices of this kind'),
  }),
  output: listEnvelope(Office),
  run: async (ctx, input) => {
    const syncs = await ctx.store.offices.syncs();
    const sync = (code: string) => ({
      last_successful_sync: syncs.get(code)?.last_successful_sync ?? null,
      records_synced: syncs.get(code)?.records ?? 0,
    });
    // The catalog names the formats meant for each office; only those an adapter reads are reported.
    const readable = new Set(ADAPTER_LIST.map((a) => a.name));
    const catalog: Office[] = offices().map(({ member_countries, formats, ...o }) => ({
      object: 'office',
      ...o,
      formats: formats.filter((f) => readable.has(f)),
      member_countries: member_countries ?? [],
      production: true,
      ...sync(o.code),
    }));
    const known = new Set(offices().map((o) => o.code));
    const seen: Office[] = [...syncs.keys()]
      .filter((code) => !known.has(code))
      .sort()
      .map((code) => ({
        object: 'office',
        code,
        name: st3Codes().get(code) ?? code,
        abbreviation: null,
        kind: null,
        country: null,
        region: null,
        member_countries: [],
        formats: [],
        website: null,
        search_tool: null,
        supported_features: null,
        production: false,
        ...sync(code),
      }));
    const all = [...catalog, ...seen];
    return referenceList(ctx, input.kind ? all.filter((o) => o.kind === input.kind) : all);
  },
});
