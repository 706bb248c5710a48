// get_stats: what the store holds, counted by office and by normalised status (`tm stats`).
import { z } from 'zod';
import { defineOp } from './define-op.js';
import { offices, st3Codes } from './reference/data.js';

const StatusCounts = z.record(z.string(), z.number().int()).describe('Trademark count per status.primary');

export const getStats = defineOp({
  name: 'get_stats',
  summary: 'Count the trademarks held, by office and status',
  description:
    'Counts the stored trademarks per office and normalised status, with each office\'s `last_successful_sync`. Use it to see what data is loaded and how fresh it is.',
  scope: 'trademarks:read',
  meter: 'read',
  readOnly: true,
  http: { method: 'GET', path: '/v1/stats' },
  cli: { command: 'stats' },
  input: z.strictObject({}),
  output: z.object({
    object: z.literal('stats'),
    total: z.number().int(),
    by_status: StatusCounts,
    by_office: z.array(
      z.object({
        office_code: z.string(),
        name: z.string().nullable(),
        total: z.number().int(),
        by_status: StatusCounts,
        last_successful_sync: z.string().nullable(),
      }),
    ),
  }),
  run: async (ctx) => {
    const [rows, syncs] = await Promise.all([ctx.store.trademarks.stats(), ctx.store.offices.syncs()]);
    const names = new Map(offices().map((o) => [o.code, o.name]));
    const byStatus: Record<string, number> = {};
    const perOffice = new Map<string, { total: number; by_status: Record<string, number> }>();
    for (const row of rows) {
      byStatus[row.status_primary] = (byStatus[row.status_primary] ?? 0) + row.count;
      const office = perOffice.get(row.office_code) ?? { total: 0, by_status: {} };
      office.total += row.count;
      office.by_status[row.status_primary] = (office.by_status[row.status_primary] ?? 0) + row.count;
      perOffice.set(row.office_code, office);
    }
    const by_office = [...perOffice]
      .sort(([a, x], [b, y]) => y.total - x.total || a.localeCompare(b))
      .map(([code, counts]) => ({
        office_code: code,
        name: names.get(code) ?? st3Codes().get(code) ?? null,
        ...counts,
        last_successful_sync: syncs.get(code)?.last_successful_sync ?? null,
      }));
    return {
      object: 'stats' as const,
      total: by_office.reduce((sum, o) => sum + o.total, 0),
      by_status: byStatus,
      by_office,
    };
  },
});
