// `tm keys create` on a terminal: the new key as the field/value table, then what a person must
// know before the screen scrolls away: the secret is shown this once, and when the key expires.
import type { z } from 'zod';
import type { NewApiKey } from '../../ops/create-api-key.js';
import { renderGeneric } from './generic-view.js';

const DAY_MS = 86_400_000;

/** "2027-02-23 02:56 UTC (in 90 days)", counted from the key's creation. */
const expiryText = (createdAt: string, expiresAt: string): string => {
  const days = Math.round((Date.parse(expiresAt) - Date.parse(createdAt)) / DAY_MS);
  const when = `${expiresAt.slice(0, 10)} ${expiresAt.slice(11, 16)} UTC`;
  return `${when} (in ${days} ${days === 1 ? 'day' : 'days'})`;
};

export const renderNewKey = (key: z.infer<typeof NewApiKey>): string => {
  const expiry = key.expires_at
    ? `It expires ${expiryText(key.created_at, key.expires_at)}.`
    : `It does not expire; revoke it with \`tm keys revoke ${key.id}\`.`;
  return [
    renderGeneric(key),
    '',
    'The secret above is shown this once: store it now.',
    'Only its hash is kept, so it cannot be shown again.',
    expiry,
  ].join('\n');
};
