// DNS-rebinding and cross-site guards for /mcp (MCP 2025-11-25 transports): the Host must name
// this service or a loopback address, and an Origin, when sent, must be one we trust; else 403.

export interface GuardSettings {
  /** Public URL of this service; its host and origin are always allowed. */
  baseUrl?: string;
  /** The sign-in app; its origin is allowed. */
  appUrl?: string;
  /** Extra Host names (without port) to accept, e.g. behind a proxy. */
  allowedHosts?: readonly string[];
  /** Extra origins (scheme://host[:port]) to accept. */
  allowedOrigins?: readonly string[];
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

const hostnameOf = (host: string): string => {
  const h = host.trim().toLowerCase();
  return h.startsWith('[') ? h.slice(0, h.indexOf(']') + 1) : h.replace(/:\d+$/, '');
};

const originOf = (url: string): string | null => {
  try {
    return new URL(url).origin.toLowerCase();
  } catch {
    return null;
  }
};

export type GuardVerdict = { ok: true } | { ok: false; detail: string };

export const createGuard = (settings: GuardSettings) => {
  const hosts = new Set([
    ...LOOPBACK,
    ...(settings.baseUrl ? [new URL(settings.baseUrl).hostname.toLowerCase()] : []),
    ...(settings.allowedHosts ?? []).map((h) => h.toLowerCase()),
  ]);
  const origins = new Set(
    [settings.baseUrl, settings.appUrl, ...(settings.allowedOrigins ?? [])]
      .filter((u): u is string => Boolean(u))
      .map(originOf)
      .filter((o): o is string => o !== null),
  );
  return (headers: Headers): GuardVerdict => {
    const host = headers.get('host');
    if (host && !hosts.has(hostnameOf(host))) {
      return { ok: false, detail: `Host ${host} is not served here; set --base-url to this service's public URL.` };
    }
    const origin = headers.get('origin');
    if (origin === null) return { ok: true };
    // file:// and other opaque origins serialise as "null": never trusted, and not a URL to parse.
    const parsed = originOf(origin);
    if (parsed && parsed !== 'null' && (origins.has(parsed) || LOOPBACK.has(new URL(parsed).hostname))) return { ok: true };
    return { ok: false, detail: `Origin ${origin} is not allowed to call /mcp.` };
  };
};
