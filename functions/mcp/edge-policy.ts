/**
 * Who may talk to `/mcp` at all, decided from headers before anything is parsed.
 *
 * - Origin: browsers send it on cross-origin requests; a page on another site
 *   must not drive a user's local or public MCP endpoint. Absent (every
 *   non-browser client) is allowed; present, it must be the site's own origin
 *   (the build's SITE_URL), one of MCP_ALLOWED_ORIGINS or, on a loopback
 *   server, the server's own address under a loopback name (a page it serves
 *   itself, e.g. at http://127.0.0.1:4321 when the site says localhost).
 * - Host (DNS rebinding): a page on evil.example whose name is made to resolve
 *   to 127.0.0.1 reaches a loopback server with `Host: evil.example`. When the
 *   server listens on a loopback address, the Host must be ours: the listening
 *   address, a loopback name with the listening port, or the site URL's host.
 *   On a public address the server sits behind a CDN or proxy whose Host it
 *   cannot know in advance; there the Origin check is the guard.
 */
export interface EdgePolicyOptions {
  /** Public base URL the build was made with. */
  site: string;
  /** MCP_ALLOWED_ORIGINS, as configured. */
  allowedOrigins: readonly string[];
  /** Where the server listens, once it does. */
  listening: () => { host: string; port: number } | undefined;
}

export interface EdgePolicy {
  originAllowed(origin: string | null): boolean;
  hostAllowed(host: string | null): boolean;
}

export function createEdgePolicy(options: EdgePolicyOptions): EdgePolicy {
  const origins = new Set([originOf(options.site), ...options.allowedOrigins.map(originOf)]);
  const siteHost = new URL(options.site).host.toLowerCase();
  let hosts: Set<string> | null | undefined;
  let loopbackOrigins: Set<string> | undefined;
  // Computed on first use: the port is only known once the server listens (port 0 in tests).
  const ourHosts = (): Set<string> | null => {
    if (hosts !== undefined) return hosts;
    const address = options.listening();
    if (!address) return new Set([siteHost]);
    if (!isLoopback(address.host)) return (hosts = null);
    const names = ['127.0.0.1', 'localhost', '[::1]', address.host.includes(':') ? `[${address.host}]` : address.host];
    const loopback = names.map((name) => `${name.toLowerCase()}:${address.port}`);
    loopbackOrigins = new Set(loopback.map((host) => `http://${host}`));
    hosts = new Set([siteHost, ...loopback]);
    return hosts;
  };
  return {
    originAllowed: (origin) => {
      if (origin === null) return true;
      const normalised = origin.toLowerCase();
      ourHosts();
      return origins.has(normalised) || loopbackOrigins?.has(normalised) === true;
    },
    hostAllowed: (host) => {
      const allowed = ourHosts();
      return allowed === null || (host !== null && allowed.has(host.toLowerCase()));
    },
  };
}

/** `https://Example.com:443/x` → `https://example.com`, as browsers write Origin. */
function originOf(url: string): string {
  try {
    return new URL(url).origin.toLowerCase();
  } catch {
    throw new Error(`MCP_ALLOWED_ORIGINS: ${JSON.stringify(url)} is not a URL (write origins like https://app.example.com)`);
  }
}

function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}
