import { isSpecType } from '@modelcontextprotocol/server';
import type { JSONRPCMessage, JSONRPCNotification, JSONRPCRequest, JSONRPCResponse, Transport } from '@modelcontextprotocol/server';

/**
 * Where the MCP SDK (`@modelcontextprotocol/server` 2.4.x) does other than
 * this service needs, each fix here with the version it is for, what
 * upstream says, and the test that fails without it. On an SDK upgrade,
 * remove one, run its test: if it passes, the fix is gone for good.
 */
export const SDK_VERSION = '2.4';

/** The server's answer to one request, under the client's id, and as the JSON to send. */
export interface Exchanged {
  response: JSONRPCResponse;
  json: string;
}

/**
 * One long-lived transport for one long-lived server, fed one JSON-RPC
 * message per HTTP request.
 *
 * The SDK 2.4's HTTP transports serve one exchange per instance (its
 * documented stateless pattern builds a server and a transport per request,
 * bench/serve-mcp-per-request.ts), which costs more than a tool call.
 * Test: bench/mcp.ts (tools/call against that pattern); the protocol tests
 * (test/functions/mcp/) run through this transport.
 *
 * The SDK's stateless pattern builds a server and a transport per request
 * because its HTTP transport serves one exchange; building costs more than a
 * tool call. This transport implements the SDK's public `Transport` interface
 * instead: the server is connected once, and every request still goes through
 * its full dispatch (method lookup, params and arguments validation, output
 * and result validation, error codes). The HTTP edge (session, Origin, batch
 * and parse checks) stays in the route.
 *
 * Requests from different clients may carry the same JSON-RPC id, so each is
 * delivered under an id of its own and answered under the client's.
 */
export class SharedTransport implements Transport {
  onclose?: (() => void) | undefined;
  onerror?: ((error: Error) => void) | undefined;
  onmessage?: (<T extends JSONRPCMessage>(message: T) => void) | undefined;

  readonly #pending = new Map<number, (response: JSONRPCResponse) => void>();
  #nextId = 0;
  #closed = false;

  async start(): Promise<void> {}

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.onclose?.();
  }

  /**
   * Answers of the server arrive here (it is the only sender, so a look at the
   * keys tells an answer from a notification, without validating it again).
   * Notifications it sends mid-request (progress, logs) have no stream to go
   * to in JSON mode and are dropped.
   */
  async send(message: JSONRPCMessage): Promise<void> {
    if (!('result' in message) && !('error' in message)) return;
    const resolve = this.#pending.get(message.id as number);
    if (!resolve) return;
    this.#pending.delete(message.id as number);
    resolve(message);
  }

  /** Delivers one request and resolves with the server's answer under the request's own id. */
  exchange(request: JSONRPCRequest): Promise<Exchanged> {
    if (this.#closed || !this.onmessage) return Promise.reject(new Error('the MCP server is not connected'));
    // Wraps around long before 2^53; a live request is answered within its HTTP request's lifetime.
    this.#nextId = this.#nextId >= Number.MAX_SAFE_INTEGER ? 1 : this.#nextId + 1;
    const id = this.#nextId;
    const answered = new Promise<JSONRPCResponse>((resolve) => this.#pending.set(id, resolve));
    this.onmessage({ ...request, id });
    return answered.then((response) => {
      const own = { ...response, id: request.id } as JSONRPCResponse;
      return { response: own, json: JSON.stringify(own) };
    });
  }

  /** Delivers a notification; nothing answers it. */
  notify(notification: JSONRPCNotification): void {
    this.onmessage?.(notification);
  }
}

/**
 * Requests whose malformed params the SDK 2.4 answers with -32603 (internal
 * error) instead of -32602 (its dispatch-time parse failure escapes as a raw
 * ZodError: modelcontextprotocol/typescript-sdk#2284, open): checked here
 * against the SDK's own schemas first. `tools/call` is not among them: the
 * SDK refuses its params with -32602. Test:
 * test/functions/mcp/http.test.ts, "malformed params are -32602, not an
 * internal error".
 */
const SCHEMA_CHECKED: ReadonlyMap<string, (value: unknown) => boolean> = new Map<string, (value: unknown) => boolean>([
  ['initialize', isSpecType.InitializeRequest],
  ['prompts/get', isSpecType.GetPromptRequest],
  ['completion/complete', isSpecType.CompleteRequest],
  ['resources/read', isSpecType.ReadResourceRequest],
  ['tools/list', isSpecType.ListToolsRequest],
  ['prompts/list', isSpecType.ListPromptsRequest],
  ['resources/list', isSpecType.ListResourcesRequest],
  ['resources/templates/list', isSpecType.ListResourceTemplatesRequest],
]);

/** Whether the SDK would answer this request's params -32603 where they are the caller's mistake (-32602). */
export function paramsRefusedAsInternalError(rpc: JSONRPCMessage): boolean {
  const check = 'method' in rpc ? SCHEMA_CHECKED.get(rpc.method) : undefined;
  if (check === undefined) return false;
  try {
    return !check(rpc);
  } catch {
    // The schema's recursive check overflows the stack on params nested thousands deep: not params of this method either.
    return true;
  }
}
