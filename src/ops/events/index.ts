// The events and webhooks area (spec §6): the ledger and webhook endpoint operations.
import { getEvent } from './get-event.js';
import { listEvents } from './list-events.js';

export const EVENT_OPERATIONS = [listEvents, getEvent];
