// get_owner_earlier: earlier-shape owner detail with statistics (`GET /v1/owners/{owner_id}`, spec §2.10).
import { z } from 'zod';
import { defineOp } from './define-op.js';
import { EarlierOwnerRef, earlierEnvelope, toEarlierOwnerRow, unifiedStatus } from './earlier-shape.js';
import { ownerRecords } from './owner-records.js';

const counts = z.record(z.string(), z.number().int());

export const getOwnerEarlier = defineOp({
  name: 'get_owner_earlier',
  summary: 'Owner detail with portfolio statistics (earlier shape)',
  description:
    "An owner (own_ id from a trademark row's owners[]) with statistics over every stored trademark it owns: total, by office (by_jurisdiction), by earlier unified status (by_status; `unknown` where the office status is unknown) and by Nice class.",
  scope: 'trademarks:read',
  meter: 'read',
  readOnly: true,
  http: { method: 'GET', path: '/v1/owners/{owner_id}', shape: 'earlier' },
  input: z.strictObject({ owner_id: z.string().min(1).describe('own_ id') }),
  output: earlierEnvelope(
    EarlierOwnerRef.extend({
      statistics: z.object({ total_trademarks: z.number().int(), by_jurisdiction: counts, by_status: counts, by_class: counts }),
    }),
  ),
  run: async (ctx, input) => {
    const records = await ownerRecords(ctx, input.owner_id);
    const bump = (m: Record<string, number>, k: string) => void (m[k] = (m[k] ?? 0) + 1);
    const stats = { total_trademarks: records.length, by_jurisdiction: {}, by_status: {}, by_class: {} } as {
      total_trademarks: number;
      by_jurisdiction: Record<string, number>;
      by_status: Record<string, number>;
      by_class: Record<string, number>;
    };
    for (const r of records) {
      bump(stats.by_jurisdiction, r.office_code);
      bump(stats.by_status, unifiedStatus(r.status) ?? 'unknown');
      for (const c of new Set(r.classifications.map((x) => x.nice_class))) if (c !== null) bump(stats.by_class, String(c));
    }
    return { success: true as const, data: { ...toEarlierOwnerRow(records[0]!, input.owner_id).owner, statistics: stats } };
  },
});
