// Small pieces of the MCP surface: secret redaction, the Host/Origin guard and the provenance of
// a result.
import { describe, expect, it } from 'vitest';
import { createGuard } from '../../src/mcp/http-guard.js';
import { okResult, redactSecrets } from '../../src/mcp/tool-result.js';

describe('redactSecrets', () => {
  it('redacts every string under a *secret* key, at any depth, and nothing else', () => {
    const out = redactSecrets({
      id: 'we_1',
      secret: 'whsec_abc',
      endpoints: [{ url: 'https://x.example', webhook_secret: 'whsec_def', signing_secret: null }],
      note: 'secret handshake',
    });
    expect(out).toEqual({
      id: 'we_1',
      secret: '[redacted]',
      endpoints: [{ url: 'https://x.example', webhook_secret: '[redacted]', signing_secret: null }],
      note: 'secret handshake',
    });
  });

  it('applies to tool results', () => {
    const r = okResult('t', { webhook_secret: 'whsec_x' }, []);
    expect(r.structuredContent).toEqual({ webhook_secret: '[redacted]' });
    expect(JSON.stringify(r.content)).not.toContain('whsec_x');
  });
});

describe('Host and Origin guard', () => {
  const guard = createGuard({ baseUrl: 'https://tm.example', allowedOrigins: ['https://agent.example'] });
  const check = (h: Record<string, string>) => guard(new Headers(h)).ok;

  it('accepts the service host and loopback hosts with any port, including IPv6', () => {
    expect(check({ host: 'tm.example' })).toBe(true);
    expect(check({ host: '127.0.0.1:8080' })).toBe(true);
    expect(check({ host: '[::1]:8080' })).toBe(true);
    expect(check({ host: 'localhost:3000' })).toBe(true);
  });

  it('refuses a rebinding host and a foreign origin, accepts configured and loopback origins', () => {
    expect(check({ host: 'attacker.example:8080' })).toBe(false);
    expect(check({ host: 'tm.example', origin: 'https://attacker.example' })).toBe(false);
    expect(check({ host: 'tm.example', origin: 'null' })).toBe(false);
    expect(check({ host: 'tm.example', origin: 'https://agent.example' })).toBe(true);
    expect(check({ host: 'tm.example', origin: 'http://127.0.0.1:6274' })).toBe(true);
  });
});

describe('okResult', () => {
  it('names each office with its last sync, and says when it is unknown', () => {
    const r = okResult('x', { office_code: 'US' }, [
      { office_code: 'EM', last_successful_sync: null },
      { office_code: 'US', last_successful_sync: '2026-11-21T06:00:00.000Z' },
    ]);
    const text = (r.content[0] as { text: string }).text;
    expect(text).toContain('EM (last successful sync unknown), US (last successful sync 2026-11-21T06:00:00.000Z)');
    expect(text).toMatch(/not legal advice/);
  });
});
