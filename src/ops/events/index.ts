// The events and webhooks area (spec §6): the ledger and webhook endpoint operations.
import { createWebhook } from '../webhooks/create-webhook.js';
import { listDeliveries } from '../webhooks/list-deliveries.js';
import { getWebhook, listWebhooks } from '../webhooks/list-webhooks.js';
import { redeliverWebhook } from '../webhooks/redeliver-webhook.js';
import { rotateWebhookSecret } from '../webhooks/rotate-webhook.js';
import { testWebhook } from '../webhooks/test-webhook.js';
import { deleteWebhook, updateWebhook } from '../webhooks/update-webhook.js';
import { getEvent } from './get-event.js';
import { listEvents } from './list-events.js';

export const EVENT_OPERATIONS = [
  listEvents,
  getEvent,
  createWebhook,
  listWebhooks,
  getWebhook,
  updateWebhook,
  deleteWebhook,
  testWebhook,
  rotateWebhookSecret,
  redeliverWebhook,
  listDeliveries,
];
