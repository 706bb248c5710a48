// The one error hierarchy (docs/architecture.md "Errors"): every failure carries a spec §7 `type` slug, and
// this table gives its HTTP status, retryability, title and CLI exit code in one place.
export const ERROR_TABLE = {
  validation_error: { status: 400, retryable: false, exit: 2, title: 'Invalid request' },
  id_type_mismatch: { status: 400, retryable: false, exit: 2, title: 'Identifier of the wrong type' },
  cursor_expired: { status: 400, retryable: false, exit: 2, title: 'Cursor expired' },
  cursor_invalid: { status: 400, retryable: false, exit: 2, title: 'Cursor invalid' },
  unknown_parameter: { status: 400, retryable: false, exit: 2, title: 'Unknown parameter' },
  too_complex: { status: 400, retryable: false, exit: 2, title: 'Query too complex' },
  conflicting_params: { status: 400, retryable: false, exit: 2, title: 'Conflicting parameters' },
  unauthorized: { status: 401, retryable: false, exit: 4, title: 'Unauthorized' },
  forbidden: { status: 403, retryable: false, exit: 4, title: 'Forbidden' },
  plan_upgrade_required: { status: 403, retryable: false, exit: 4, title: 'Plan upgrade required' },
  not_found: { status: 404, retryable: false, exit: 3, title: 'Not found' },
  conflict: { status: 409, retryable: false, exit: 5, title: 'Conflict' },
  idempotency_processing: { status: 409, retryable: true, exit: 5, title: 'Request still processing' },
  entity_merged: { status: 410, retryable: false, exit: 3, title: 'Entity merged' },
  payload_too_large: { status: 413, retryable: false, exit: 2, title: 'Payload too large' },
  entity_too_large: { status: 422, retryable: false, exit: 2, title: 'Entity too large' },
  rate_limited: { status: 429, retryable: true, exit: 6, title: 'Rate limited' },
  internal_error: { status: 500, retryable: true, exit: 1, title: 'Internal error' },
  upstream_error: { status: 502, retryable: true, exit: 1, title: 'Upstream error' },
  service_unavailable: { status: 503, retryable: true, exit: 1, title: 'Service unavailable' },
  timeout: { status: 504, retryable: true, exit: 1, title: 'Timeout' },
  input_error: { status: 400, retryable: false, exit: 7, title: 'Input file error' },
} as const;

export type ErrorType = keyof typeof ERROR_TABLE;

export interface TmErrorOptions {
  suggestion?: string;
  param?: string;
  retryAfter?: number;
  extra?: Record<string, unknown>;
  cause?: unknown;
}

export class TmError extends Error {
  readonly type: ErrorType;
  readonly suggestion: string | null;
  readonly param: string | null;
  readonly retryAfter: number | null;
  readonly extra: Record<string, unknown>;

  constructor(type: ErrorType, detail: string, options: TmErrorOptions = {}) {
    super(detail, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'TmError';
    this.type = type;
    this.suggestion = options.suggestion ?? null;
    this.param = options.param ?? null;
    this.retryAfter = options.retryAfter ?? null;
    this.extra = options.extra ?? {};
  }

  get status(): number {
    return ERROR_TABLE[this.type].status;
  }

  get retryable(): boolean {
    return ERROR_TABLE[this.type].retryable;
  }

  get exitCode(): number {
    return ERROR_TABLE[this.type].exit;
  }

  /** The spec §7 body (without `request_id`, which the surface adds). */
  toBody(instance: string | null): { error: Record<string, unknown> } {
    return {
      error: {
        type: this.type,
        title: ERROR_TABLE[this.type].title,
        status: this.status,
        detail: this.message,
        instance,
        suggestion: this.suggestion,
        retryable: this.retryable,
        retry_after: this.retryAfter,
        ...(this.param ? { param: this.param } : {}),
        ...this.extra,
      },
    };
  }
}

/** Anything thrown that is not a TmError becomes an internal error with no stack in its detail. */
export const toTmError = (err: unknown): TmError =>
  err instanceof TmError
    ? err
    : new TmError('internal_error', 'An internal error occurred.', { cause: err });
