// The CLI against a hosted `tm serve`: with `--remote URL` (or TM_URL) and TM_API_KEY, an
// operation's command sends its input to the operation's own HTTP route, as the key's
// organization, and gets back the output a local run would give; an error body becomes the same
// TmError, so the message and exit code match a local run. Built from the manifest's routes.
import { ERROR_TABLE, TmError, type ErrorType } from '../errors.js';
import type { ManifestOp } from './manifest.js';

export interface RemoteTarget {
  url: string;
  key: string;
}

/** The server to call, or null to run locally: `--remote` first, then TM_URL. */
export const remoteTarget = (globals: { remote?: string }): RemoteTarget | null => {
  const url = globals.remote ?? process.env.TM_URL;
  if (url === undefined || url === '') return null;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new TmError('validation_error', `--remote: expected a URL such as https://tm.example.com, got '${url}'.`, { param: 'remote' });
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new TmError('validation_error', `--remote: expected an http or https URL, got '${url}'.`, { param: 'remote' });
  }
  const key = process.env.TM_API_KEY;
  if (!key) {
    throw new TmError('unauthorized', `--remote ${parsed.origin}: no API key; set TM_API_KEY to a key of the organization to act for.`, { param: 'remote' });
  }
  return { url: parsed.href.replace(/\/$/, ''), key };
};

/** A query value as the server's query rules read it: arrays as repeated keys, objects as JSON. */
const queryValues = (value: unknown): string[] => {
  if (Array.isArray(value)) return value.flatMap(queryValues);
  if (value !== null && typeof value === 'object') return [JSON.stringify(value)];
  return [String(value)];
};

const requestOf = (target: RemoteTarget, route: NonNullable<ManifestOp['http']>, input: Record<string, unknown>): { url: string; init: RequestInit } => {
  const rest: Record<string, unknown> = { ...input };
  const path = route.path.replace(/\{(\w+)\}/g, (_, key: string) => {
    const value = rest[key];
    delete rest[key];
    return encodeURIComponent(String(value));
  });
  const headers: Record<string, string> = { Authorization: `Bearer ${target.key}`, Accept: route.produces ?? 'application/json' };
  if (route.shape === 'earlier') headers['TM-Shape'] = 'earlier';
  const url = new URL(`${target.url}${path}`);
  if (route.method === 'GET' || route.method === 'DELETE') {
    for (const [key, value] of Object.entries(rest)) {
      if (value !== undefined) for (const v of queryValues(value)) url.searchParams.append(key, v);
    }
    return { url: url.href, init: { method: route.method, headers } };
  }
  headers['Content-Type'] = 'application/json';
  return { url: url.href, init: { method: route.method, headers, body: JSON.stringify(rest) } };
};

/** The server's error body (current or earlier shape) as the TmError a local run would throw. */
const errorOf = (status: number, text: string): TmError => {
  let body: { error?: Record<string, unknown> } = {};
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    // Not JSON: a proxy or another service answered.
  }
  const e = body.error ?? {};
  const details = (e.details ?? {}) as Record<string, unknown>;
  const type = String(e.type ?? e.code ?? '');
  const detail = String(e.detail ?? e.message ?? `HTTP ${status}`);
  const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
  if (!(type in ERROR_TABLE)) return new TmError('upstream_error', `the server answered HTTP ${status}: ${text.slice(0, 200)}`);
  const retryAfter = e.retry_after ?? details.retry_after;
  return new TmError(type as ErrorType, detail, {
    param: str(e.param ?? details.param),
    suggestion: str(e.suggestion ?? details.suggestion),
    retryAfter: typeof retryAfter === 'number' ? retryAfter : undefined,
  });
};

/** Runs one operation on the server; its output as the operation returns it (`{ body }` for a feed). */
export const remoteCall = (target: RemoteTarget, entry: ManifestOp) => async (input: Record<string, unknown>): Promise<unknown> => {
  if (!entry.http) {
    throw new TmError('validation_error', `tm ${entry.words.join(' ')} runs only on the machine holding the store; it has no HTTP route for --remote.`, { param: 'remote' });
  }
  const { url, init } = requestOf(target, entry.http, input);
  let response: Response;
  try {
    response = await fetch(url, init);
  } catch (err) {
    const cause = (err as Error & { cause?: Error }).cause?.message ?? (err as Error).message;
    throw new TmError('service_unavailable', `cannot reach ${target.url}: ${cause}.`, { suggestion: 'Check --remote or TM_URL, and that tm serve is running there.' });
  }
  const text = await response.text();
  if (!response.ok) throw errorOf(response.status, text);
  return entry.http.produces ? { body: text } : (JSON.parse(text) as unknown);
};
