// The access-log formats of `tm serve --access-log`.
import { describe, expect, it } from 'vitest';
import { accessLogger } from '../../src/http/access-log.js';

const entry = {
  at: '2026-11-22T12:00:00.000Z',
  remote: '127.0.0.1',
  org: 'org_1',
  method: 'GET',
  path: '/v1/trademarks/US:1',
  status: 200,
  bytes: 1828,
  durationMs: 1.234,
  requestId: 'req_abc',
  userAgent: 'curl/8',
};

describe('access log', () => {
  it('combined: one Apache-like line with organization, duration and request id', () => {
    const lines: string[] = [];
    accessLogger('combined', (l) => lines.push(l))!(entry);
    expect(lines).toEqual(['127.0.0.1 - org_1 [2026-11-22T12:00:00.000Z] "GET /v1/trademarks/US:1" 200 1828 "curl/8" 1.2ms req_abc\n']);
  });
  it('json: one object per line', () => {
    const lines: string[] = [];
    accessLogger('json', (l) => lines.push(l))!({ ...entry, org: null, userAgent: null });
    expect(JSON.parse(lines[0]!)).toEqual({ at: entry.at, remote: '127.0.0.1', org: null, method: 'GET', path: entry.path, status: 200, bytes: 1828, duration_ms: 1.2, request_id: 'req_abc', user_agent: null });
    expect(lines[0]!.endsWith('\n')).toBe(true);
  });
  it('off: no logger', () => {
    expect(accessLogger('off')).toBe(null);
  });
});
