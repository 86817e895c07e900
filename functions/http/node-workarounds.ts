import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { HttpError, renderError } from './http-error.ts';
import { rawResponse } from './send.ts';

/**
 * Where Node (24.x, the `node` devDependency: `node:http`'s server and V8)
 * does other than this service promises, each fix in one place with the Node
 * version it is for, what upstream says, and the test that fails without it.
 * On a Node upgrade, remove one, run its test: if it passes, the fix is gone
 * for good.
 */
export const NODE_MAJOR = 24;

/**
 * An `Expect` other than 100-continue. Node 24 answers it 417 itself, with
 * no body, and keeps the connection: the request's body, if any, would then
 * be read as the next request. Here: the JSON 417 every error has, and the
 * connection closed. Node's documented behaviour (the `checkExpectation`
 * event, https://nodejs.org/api/http.html#event-checkexpectation), no bug.
 * Test: test/functions/hostile-clients.test.ts, "answers CONNECT with a JSON
 * 405 and an unknown expectation with 417".
 */
export function refuseUnknownExpectations(server: Server): void {
  server.on('checkExpectation', (_req, res) => {
    const reply = renderError(
      new HttpError(417, 'Only "Expect: 100-continue" is understood here; send the request without Expect.', { close: true }),
    );
    res.writeHead(reply.status, reply.headers).end(reply.body);
    res.once('finish', () => res.socket?.destroy());
  });
}

/**
 * CONNECT: with no `connect` listener Node 24 destroys the socket without a
 * word. Here: a JSON 405 naming the methods there are. Documented behaviour
 * (https://nodejs.org/api/http.html#event-connect). Test: the same as above.
 */
export function refuseConnect(server: Server): void {
  server.on('connect', (_req, socket: Socket) =>
    socket.end(
      rawResponse(renderError(new HttpError(405, 'CONNECT is not allowed here.', { headers: { allow: 'GET, HEAD, POST, OPTIONS' } }))),
    ),
  );
}

/**
 * A client that half-closes after pipelining requests still gets every
 * answer (the adapter may hold some back for backpressure). Node's HTTP
 * server reads `httpAllowHalfOpen` (socketOnEnd in lib/_http_server.js,
 * since 0.x) but its typings do not name it, and no option sets it
 * (nodejs/node#25073 asked for one). Test: test/functions/hostile-clients.test.ts,
 * "answers every pipelined request of a client that half-closes after sending them".
 */
export function keepHalfOpenConnections(server: Server): void {
  (server as Server & { httpAllowHalfOpen: boolean }).httpAllowHalfOpen = true;
}

/**
 * `server.close()` calls `closeIdleConnections()`, and Node 24 counts a
 * connection idle once its request was read and its answer ended, though a
 * large answer may still be leaving (idle is judged by the request parser:
 * nodejs/node#43890): it cut every download in flight. Replaced by `busy`,
 * the backpressure count of answers not yet handed to the kernel.
 * Test: test/functions/signals.test.ts, "SIGTERM … while 20 clients
 * download 5 MB slowly: every download completes byte for byte".
 */
export function closeIdleByAnswersInFlight(server: Server, closeIdle: () => void): void {
  server.closeIdleConnections = closeIdle;
}

/**
 * Node ends a `Connection: close` answer with `socket.destroySoon()`, which
 * closes once the bytes reach the kernel, not the client: at exit, bytes
 * still in the kernel's buffers are lost with the process (a container's
 * network goes with it). While draining, a socket ends instead (half-close)
 * and is kept until the client closes its side. Test: as above.
 */
export function endInsteadOfDestroySoon(socket: Socket): void {
  socket.destroySoon = () => void socket.end();
}

/**
 * Node's own `maxConnections` closes a connection past it without a word;
 * here it is answered 503 with Retry-After, before anything is read.
 * Documented behaviour (https://nodejs.org/api/net.html#servermaxconnections).
 * Test: test/functions/hostile-clients.test.ts, "answers one connection too
 * many with 503 and Retry-After, and serves again once others leave".
 */
export function capConnections(server: Server, max: number): void {
  const refusal = rawResponse(
    renderError(new HttpError(503, 'Too many open connections; try again shortly.', { headers: { 'retry-after': '1' } })),
  );
  let open = 0;
  server.prependListener('connection', (socket: Socket) => {
    if (open >= max) {
      socket.end(refusal);
      socket.destroySoon();
      return;
    }
    open += 1;
    socket.once('close', () => (open -= 1));
  });
}

/**
 * When a connection closes, Node 24 destroys every request it parsed and did
 * not see answered, and every answer queued behind the one being written,
 * each with an error of its own (Node 24's `abortIncoming` and `abortOutgoing`,
 * called by its `socketOnClose`), and a stream's `destroy` reads
 * each error's `stack` at once. A client that pipelines leaves up to a whole
 * 64 KB chunk of requests parsed (about a thousand; the adapter closes the
 * connection at the first past its cap, but Node parses the chunk to its
 * end): capturing and formatting their stacks was about half of what closing
 * such a connection cost, in one event-loop turn during which nobody else was
 * answered. Nobody reads those errors (the answers can no longer be sent), so
 * V8 captures no stack frames while Node's close listener runs: one listener
 * goes before Node's and one after it (Node's is in place once the server's
 * `connection` event reaches a listener added after the constructor's).
 * Measured (docs/http.md, "Limits"): closing ten such connections went from
 * ~260–370 ms to ~150 ms (test/functions/hostile-clients.test.ts bounds the
 * wait). Test: test/functions/node-workarounds.test.ts.
 */
export function abortQueuedRequestsWithoutStacks(server: Server): void {
  server.on('connection', (socket: Socket) => {
    let saved: number | undefined;
    const restore = (): void => {
      if (saved === undefined) return;
      Error.stackTraceLimit = saved;
      saved = undefined;
    };
    socket.prependListener('close', () => {
      saved = Error.stackTraceLimit;
      Error.stackTraceLimit = 0;
      // Should a listener in between throw, the one after it never runs: this one still does.
      process.nextTick(restore);
    });
    socket.on('close', restore);
  });
}

/**
 * A build's load leaves tens of megabytes of garbage (the parsed JSON, its
 * validated copy, the snapshot replaced) in V8's old generation, where a
 * busy server may not collect it for a long time. With `--expose-gc` (one
 * of Node's flags, package.json `config.nodeFlags`) it is collected at once;
 * without, nothing happens. V8 behaviour, no bug. No test fails without
 * it: bench/run.ts measures it (RSS after load, docs/benchmarks.md).
 */
export function collectGarbageNow(): void {
  (globalThis as { gc?: () => void }).gc?.();
}
