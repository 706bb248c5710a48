// The event envelope of spec §6.2, as the ledger API returns it and webhooks deliver it.
import { z } from 'zod';
import type { Context } from '../../context.js';
import type { LedgerRow } from '../../store/ledger-repo.js';

export const EventEnvelope = z.object({
  id: z.string().describe('evt_ id; equals the webhook-id header of its deliveries'),
  type: z.string().describe('alert.created, trademark.status_changed or office_action.issued'),
  timestamp: z.string().describe('ISO 8601 UTC: when recorded here; on a delivery, the signing time'),
  payload_version: z.number().int().describe('The version the event was stored with (1 or 2); it never changes'),
  data: z.unknown(),
});
export type EventEnvelope = z.infer<typeof EventEnvelope>;

export const toEnvelope = (row: LedgerRow): EventEnvelope => ({
  id: row.id,
  type: row.type,
  timestamp: row.created_at,
  payload_version: row.payload_version,
  data: JSON.parse(row.data) as unknown,
});

/** Events stay readable and replayable this long (spec §8: event replay window). */
export const REPLAY_DAYS = 30;

export const replayFloor = (ctx: Context): string => new Date(ctx.clock.now().getTime() - REPLAY_DAYS * 86_400_000).toISOString();
