// Error bodies for HTTP (spec §7): the current shape `{error {type, title, status, detail, instance,
// suggestion, retryable, retry_after}, request_id}`, or on earlier-shape routes the earlier
// `{success: false, error {code, message, details, request_id, documentation_url}}`.
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

/** Headers an error adds: `Retry-After` on 429 and on retryable 503s, and the violated policy. */
export const errorHeaders = (err: TmError): Record<string, string> => {
  const h: Record<string, string> = {};
  if (err.retryAfter !== null) h['Retry-After'] = String(err.retryAfter);
  if (err.type === 'rate_limited' && typeof err.extra.limit === 'number') {
    h['RateLimit-Policy'] = `${err.extra.limit};w=${String(err.extra.window_seconds)}`;
    h.RateLimit = `remaining=0, reset=${err.retryAfter ?? 1}`;
  }
  return h;
};
