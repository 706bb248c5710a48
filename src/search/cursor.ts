// Opaque search cursors: the page offset, a hash binding it to the query, sort and filters, and
// the issue time, signed with the database's secret. Tampering or a changed query is
// `cursor_invalid`; a cursor older than 24 hours is `cursor_expired`.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { codeUnitOrder } from '../core/code-order.js';
import { TmError } from '../errors.js';

export const CURSOR_LIFETIME_MS = 24 * 60 * 60 * 1000;

interface Payload {
  v: 1;
  /** Offset of the next page. */
  o: number;
  /** Binding hash of query, sort and filters. */
  b: string;
  /** Issued at, ms since the epoch (ctx.clock). */
  t: number;
}

/** Hash of everything a cursor must not outlive: canonical JSON with sorted keys. */
export const bindingHash = (binding: unknown): string => {
  const canonical = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(canonical)
      : v && typeof v === 'object'
        ? Object.fromEntries(
            Object.entries(v as Record<string, unknown>)
              .filter(([, x]) => x !== undefined)
              .sort(([a], [b]) => codeUnitOrder(a, b))
              .map(([k, x]) => [k, canonical(x)]),
          )
        : v;
  return createHash('sha256').update(JSON.stringify(canonical(binding))).digest('base64url').slice(0, 22);
};

const sign = (secret: string, body: string): string => createHmac('sha256', secret).update(body).digest('base64url').slice(0, 32);

export const encodeCursor = (secret: string, offset: number, binding: string, issuedAt: Date): string => {
  const payload: Payload = { v: 1, o: offset, b: binding, t: issuedAt.getTime() };
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${body}.${sign(secret, body)}`;
};

const invalid = (detail: string): TmError =>
  new TmError('cursor_invalid', detail, {
    param: 'cursor',
    suggestion: 'Repeat the search without `cursor` and page with the cursor it returns.',
  });

/** The offset a cursor points at, after checking its signature, binding and age. */
export const decodeCursor = (secret: string, cursor: string, binding: string, now: Date): number => {
  const [body, mac, extra] = cursor.split('.');
  if (!body || !mac || extra !== undefined) throw invalid('The cursor is malformed.');
  const expected = Buffer.from(sign(secret, body));
  const given = Buffer.from(mac);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw invalid('The cursor was not issued by this service or was altered.');
  let payload: Payload;
  try {
    payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Payload;
  } catch {
    throw invalid('The cursor is malformed.');
  }
  if (payload.v !== 1 || !Number.isInteger(payload.o) || payload.o < 0 || typeof payload.t !== 'number') throw invalid('The cursor is malformed.');
  if (payload.b !== binding) throw invalid('The cursor belongs to a different query, sort or set of filters.');
  if (now.getTime() - payload.t > CURSOR_LIFETIME_MS) {
    throw new TmError('cursor_expired', 'The cursor is older than 24 hours.', {
      param: 'cursor',
      suggestion: 'Repeat the search without `cursor` to start again from the first page.',
    });
  }
  return payload.o;
};
