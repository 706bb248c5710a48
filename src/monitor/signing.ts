// Standard Webhooks signing (spec §6.3): `v1,` HMAC-SHA256 over `id.timestamp.body` with the
// base64 key after `whsec_`; during a rotation overlap the header carries one entry per live secret.
import { createHmac, randomBytes } from 'node:crypto';

const PREFIX = 'whsec_';

/** A new signing secret: 32 random bytes, base64, shown as `whsec_…`. */
export const newSecret = (): string => `${PREFIX}${randomBytes(32).toString('base64')}`;

const keyOf = (secret: string): Buffer => Buffer.from(secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : secret, 'base64');

export const sign = (secret: string, id: string, timestamp: number, body: string | Buffer): string =>
  `v1,${createHmac('sha256', keyOf(secret)).update(`${id}.${timestamp}.`).update(body).digest('base64')}`;

/** The `webhook-signature` value: one entry per secret, separated by a single space. */
export const signatureHeader = (secrets: readonly string[], id: string, timestamp: number, body: string | Buffer): string =>
  secrets.map((s) => sign(s, id, timestamp, body)).join(' ');

/** A short, safe hint of a secret for listings: its last four characters. */
export const secretHint = (secret: string): string => `${PREFIX}…${secret.slice(-4)}`;
