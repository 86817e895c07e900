import type { JSONRPCMessage, JSONRPCRequest, McpServer } from '@modelcontextprotocol/server';
import { parseJSONRPCMessage, SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/server';
import { compressedForClient } from '../http/compress.ts';
import type { HttpReply, HttpRequest } from '../http/reply.ts';
import type { EdgePolicy } from './edge-policy.ts';
import type { SessionSigner } from './session.ts';
import { paramsRefusedAsInternalError, SharedTransport } from './sdk-workarounds.ts';

/** JSON-RPC 2.0 error codes, and the ones the SDK's own HTTP transport uses for transport-level refusals. */
const PARSE_ERROR = -32700;
const INVALID_REQUEST = -32600;
const TRANSPORT_ERROR = -32000;
const SESSION_NOT_FOUND = -32001;
const INVALID_PARAMS = -32602;

/** The longest id or parameter string the server accepts: no argument of any tool, prompt or resource is near it. */
const MAX_ECHOED_CHARS = 4096;

const ANSWER_HEADERS: Readonly<Record<string, string>> = {
  'content-type': 'application/json',
  'cache-control': 'no-store',
  // Any origin that passed the Origin check may read the answer and its session id.
  'access-control-allow-origin': '*',
  'access-control-expose-headers': 'Mcp-Session-Id',
};

export interface McpEndpointDeps {
  server: McpServer;
  sessions: SessionSigner;
  edge: EdgePolicy;
}

/**
 * `POST /mcp`: the HTTP edge of the MCP server. The route checks what the
 * SDK's HTTP transport would (Accept, JSON, one JSON-RPC message, session,
 * protocol version header) and hands the message to the one connected server
 * (see SharedTransport), which does the protocol's work. Every refusal is a
 * JSON-RPC error body with the HTTP status the MCP spec gives it.
 */
export async function mcpAnswerer(deps: McpEndpointDeps): Promise<(request: HttpRequest) => Promise<HttpReply>> {
  const transport = new SharedTransport();
  await deps.server.connect(transport);
  return (request) => answer(request, deps, transport);
}

async function answer(request: HttpRequest, deps: McpEndpointDeps, transport: SharedTransport): Promise<HttpReply> {
  const { headers } = request;
  if (!deps.edge.originAllowed(headers.get('origin')))
    return refuse(403, TRANSPORT_ERROR, 'Forbidden: this Origin may not use this MCP server');
  if (!deps.edge.hostAllowed(headers.get('host')))
    return refuse(403, TRANSPORT_ERROR, 'Forbidden: the Host header does not name this server');
  const accept = headers.get('accept') ?? '';
  if (!accept.includes('application/json') || !accept.includes('text/event-stream')) {
    return refuse(406, TRANSPORT_ERROR, 'Not Acceptable: send Accept: application/json, text/event-stream');
  }

  const message = readMessage(request.payload);
  if ('refusal' in message) return message.refusal;
  const rpc = message.value;
  if ('id' in rpc && typeof rpc.id === 'string' && rpc.id.length > MAX_ECHOED_CHARS) {
    return refuse(400, INVALID_REQUEST, `Invalid Request: an id longer than ${MAX_ECHOED_CHARS} characters`);
  }
  const id = 'id' in rpc && (typeof rpc.id === 'string' || typeof rpc.id === 'number') ? rpc.id : null;
  // Error answers repeat what they were given (an unknown name, a resource URI): keep that small.
  if (request.payload && request.payload.byteLength > MAX_ECHOED_CHARS && 'params' in rpc && hasLongString(rpc.params)) {
    return refuse(400, INVALID_PARAMS, `Invalid params: a value longer than ${MAX_ECHOED_CHARS} characters`, id);
  }

  if ('method' in rpc && rpc.method === 'initialize' && 'id' in rpc) {
    if (paramsRefusedAsInternalError(rpc)) return invalidParams(rpc, id);
    const { response, json } = await transport.exchange(rpc as JSONRPCRequest);
    const extra: Record<string, string> = {};
    // Only a successful handshake starts a session; the id carries the version it agreed.
    if ('result' in response) extra['mcp-session-id'] = deps.sessions.issue(String(response.result.protocolVersion));
    return compressedForClient(request, { status: 200, headers: { ...ANSWER_HEADERS, ...extra }, body: json });
  }

  const sessionId = headers.get('mcp-session-id');
  if (sessionId === null || sessionId === '')
    return refuse(400, TRANSPORT_ERROR, 'Bad Request: Mcp-Session-Id header is required (send initialize first)', id);
  const session = deps.sessions.verify(sessionId);
  if (!session.ok)
    return refuse(404, SESSION_NOT_FOUND, `Session not found (${session.reason.replace('_', ' ')}): send initialize again`, id);
  const version = headers.get('mcp-protocol-version');
  // Any supported version passes, not only the session's own: the official conformance suite itself sends
  // 2025-03-26 on a session that agreed on 2025-11-25, and every 2025 version has the same wire format here.
  if (version !== null && !SUPPORTED_PROTOCOL_VERSIONS.includes(version)) {
    return refuse(
      400,
      TRANSPORT_ERROR,
      `Bad Request: Unsupported protocol version: ${version} (supported versions: ${SUPPORTED_PROTOCOL_VERSIONS.join(', ')})`,
      id,
    );
  }

  if ('method' in rpc && 'id' in rpc) {
    if (paramsRefusedAsInternalError(rpc)) return invalidParams(rpc, id);
    const { json } = await transport.exchange(rpc as JSONRPCRequest);
    return compressedForClient(request, { status: 200, headers: ANSWER_HEADERS, body: json });
  }
  // A notification, or a client's answer to a request this server never sends. Cancellation
  // refers to the client's own request ids, which the shared server does not see (each request
  // is delivered under an id of its own), so it is not passed on: an HTTP request ends when its
  // answer is sent, or when its connection closes.
  if ('method' in rpc && rpc.method !== 'notifications/cancelled') transport.notify(rpc);
  return { status: 202, headers: { 'access-control-allow-origin': '*', 'cache-control': 'no-store' }, body: null };
}

function readMessage(payload: Uint8Array | undefined): { value: JSONRPCMessage } | { refusal: HttpReply } {
  let raw: unknown;
  try {
    raw = JSON.parse(payload ? Buffer.from(payload.buffer, payload.byteOffset, payload.byteLength).toString('utf8') : '');
  } catch {
    return { refusal: refuse(400, PARSE_ERROR, 'Parse error: the body is not JSON') };
  }
  if (Array.isArray(raw))
    return { refusal: refuse(400, INVALID_REQUEST, 'Invalid Request: JSON-RPC batches are not supported; send one message per request') };
  try {
    return { value: parseJSONRPCMessage(raw) };
  } catch {
    return { refusal: refuse(400, INVALID_REQUEST, 'Invalid Request: not a JSON-RPC 2.0 request, notification or response') };
  }
}

/** Whether any string inside `value` is longer than the echo bound; iterative, so deep nesting cannot overflow the stack. */
function hasLongString(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    if (typeof item === 'string') {
      if (item.length > MAX_ECHOED_CHARS) return true;
    } else if (item !== null && typeof item === 'object') {
      for (const [key, inner] of Object.entries(item)) {
        if (key.length > MAX_ECHOED_CHARS) return true;
        stack.push(inner);
      }
    }
  }
  return false;
}

/** A JSON-RPC error inside a well-formed exchange: HTTP 200, as the SDK answers its own -32602. */
function invalidParams(rpc: JSONRPCMessage, id: string | number | null): HttpReply {
  const method = 'method' in rpc ? rpc.method : '';
  return refuse(200, INVALID_PARAMS, `Invalid params: not the params of ${method} in the MCP schema`, id);
}

function refuse(status: number, code: number, message: string, id: string | number | null = null): HttpReply {
  return { status, headers: ANSWER_HEADERS, body: JSON.stringify({ jsonrpc: '2.0', id, error: { code, message } }) };
}
