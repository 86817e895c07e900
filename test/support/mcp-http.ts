// The raw HTTP side of MCP that tests and benchmarks share (no vitest here: the benchmarks import it too).

/** The headers of a JSON-RPC POST to /mcp, as an MCP client sends them. */
export const MCP_POST_HEADERS: Readonly<Record<string, string>> = {
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
};

/** The initialize request a client starts a session with. */
export function initializeRequest(protocolVersion = '2025-06-18', id: number | string = 1) {
  return {
    jsonrpc: '2.0',
    id,
    method: 'initialize',
    params: { protocolVersion, capabilities: {}, clientInfo: { name: 'test', version: '1' } },
  };
}

/** POSTs an initialize to `${base}/mcp` with fetch; the answer carries the session id in `mcp-session-id`. */
export function postInitialize(base: string): Promise<Response> {
  return fetch(`${base}/mcp`, { method: 'POST', headers: MCP_POST_HEADERS, body: JSON.stringify(initializeRequest()) });
}
