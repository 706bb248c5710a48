// Error bodies for HTTP (spec §7): the current shape `{error {type, title, status, detail, instance,
// suggestion, retryable, retry_after}, request_id}`, or on earlier-shape routes the earlier
// `{success: false, error {code, message, details, request_id, documentation_url}}`.
import { sentNoBearer } from '../auth/index.js';
import { TmError } from '../errors.js';

export const DOCS_URL = 'https://github.com/tm/tm/blob/main/docs/http.md';

export const errorBody = (err: TmError, instance: string, requestId: string, earlier: boolean): Record<string, unknown> => {
  if (!earlier) return { ...err.toBody(instance), request_id: requestId };
  return {
    success: false,
    error: {
      code: err.type,
      message: err.message,
      details: { status: err.status, param: err.param, suggestion: err.suggestion, retry_after: err.retryAfter },
      request_id: requestId,
      documentation_url: `${DOCS_URL}#${err.type.replace(/_/g, '-')}`,
    },
  };
};

/**
 * The RFC 6750 §3 challenge of a 401: the realm alone when no Bearer credential was sent, else
 * `invalid_token` with the detail, in the printable ASCII a quoted description allows.
 */
const bearerChallenge = (err: TmError): string => {
  if (sentNoBearer(err)) return 'Bearer realm="tm"';
  const description = err.message.replace(/\u2026/g, '...').replace(/[^\x20\x21\x23-\x5b\x5d-\x7e]/g, ' ');
  return `Bearer realm="tm", error="invalid_token", error_description="${description}"`;
};

/** Headers an error adds: a Bearer challenge on 401, `Retry-After` on 429 and on retryable 503s, and the violated policy. */
export const errorHeaders = (err: TmError): Record<string, string> => {
  const h: Record<string, string> = {};
  if (err.type === 'unauthorized') h['WWW-Authenticate'] = bearerChallenge(err);
  if (err.retryAfter !== null) h['Retry-After'] = String(err.retryAfter);
  if (err.type === 'rate_limited' && typeof err.extra.limit === 'number') {
    h['RateLimit-Policy'] = `${err.extra.limit};w=${String(err.extra.window_seconds)}`;
    h.RateLimit = `remaining=0, reset=${err.retryAfter ?? 1}`;
  }
  return h;
};
