// The access log on stderr, one line per request. Formats: `combined` (Apache-like, with the
// organization, duration and request id), `json` (one object per line) or `off`.
import { z } from 'zod';

export const AccessLogFormat = z.enum(['combined', 'json', 'off']);
export type AccessLogFormat = z.infer<typeof AccessLogFormat>;

export interface AccessEntry {
  at: string;
  remote: string;
  org: string | null;
  method: string;
  path: string;
  status: number;
  bytes: number;
  durationMs: number;
  requestId: string;
  userAgent: string | null;
}

export type AccessSink = (entry: AccessEntry) => void;

export const accessLogger = (format: AccessLogFormat, write: (line: string) => void = (l) => process.stderr.write(l)): AccessSink | null => {
  if (format === 'off') return null;
  if (format === 'json') {
    return (e) =>
      write(`${JSON.stringify({ at: e.at, remote: e.remote, org: e.org, method: e.method, path: e.path, status: e.status, bytes: e.bytes, duration_ms: Math.round(e.durationMs * 10) / 10, request_id: e.requestId, user_agent: e.userAgent })}\n`);
  }
  return (e) =>
    write(`${e.remote} - ${e.org ?? '-'} [${e.at}] "${e.method} ${e.path}" ${e.status} ${e.bytes} "${e.userAgent ?? '-'}" ${e.durationMs.toFixed(1)}ms ${e.requestId}\n`);
};
