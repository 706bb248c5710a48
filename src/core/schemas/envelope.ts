// List envelope of spec §2.10 (current shape).
import { z } from 'zod';

export const listEnvelope = <T extends z.ZodTypeAny>(item: T) =>
  z.object({
    object: z.literal('list'),
    data: z.array(item),
    has_more: z.boolean(),
    pagination: z.object({
      cursor: z.string().nullable(),
      total_count: z.number().int().optional(),
    }),
    livemode: z.boolean(),
    request_id: z.string().nullable(),
  });
