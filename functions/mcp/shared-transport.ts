import type { JSONRPCMessage, JSONRPCNotification, JSONRPCRequest, JSONRPCResponse, Transport } from '@modelcontextprotocol/server';

/** The server's answer to one request, under the client's id, and as the JSON to send. */
export interface Exchanged {
  response: JSONRPCResponse;
  json: string;
}

/**
 * One long-lived transport for one long-lived server, fed one JSON-RPC
 * message per HTTP request.
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
