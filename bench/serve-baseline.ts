import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { loadResponses } from './responses.ts';

/**
 * The yardstick: bare `node:http` answering the same URLs with bytes recorded
 * from our server, headers included, and a 304 when If-None-Match is the
 * recorded ETag. Nothing is parsed, validated or looked up beyond one Map get.
 */
const { values } = parseArgs({ options: { responses: { type: 'string' }, port: { type: 'string', default: '0' } } });
if (!values.responses) throw new Error('usage: node bench/serve-baseline.ts --responses <file> [--port <n>]');

interface Prepared {
  status: number;
  headers: Record<string, string | number>;
  /** One buffer, or for large bodies the recorded pieces (a head, a slice of the review list, a tail). */
  body: Buffer | readonly Buffer[];
  etag: string | undefined;
  notModifiedHeaders: Record<string, string>;
}

/** As our server does: small bodies in one buffer, large ones as pieces in one writev. */
const COALESCE_BYTES = 64 * 1024;

const byUrl = new Map<string, Prepared>();
for (const r of await loadResponses(values.responses)) {
  const { 'content-type': _type, ...notModifiedHeaders } = r.headers;
  const length = r.body.reduce((n, b) => n + b.length, 0);
  const body = length <= COALESCE_BYTES ? Buffer.concat(r.body) : r.body;
  byUrl.set(r.path, {
    status: r.status,
    headers: { ...r.headers, 'content-length': length },
    body,
    etag: r.headers.etag,
    notModifiedHeaders,
  });
}

const server = createServer({ keepAliveTimeout: 5_000 }, (req, res) => {
  const answer = byUrl.get(req.url ?? '');
  if (!answer) {
    res.writeHead(404, { 'content-length': 0 });
    res.end();
    return;
  }
  if (answer.etag !== undefined && req.headers['if-none-match'] === answer.etag) {
    res.writeHead(304, answer.notModifiedHeaders);
    res.end();
    return;
  }
  res.writeHead(answer.status, answer.headers);
  if (Buffer.isBuffer(answer.body)) {
    res.end(answer.body);
    return;
  }
  res.cork();
  for (const piece of answer.body) res.write(piece);
  res.end();
});
server.listen(Number(values.port), '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo;
  console.log(JSON.stringify({ url: `http://127.0.0.1:${port}`, pid: process.pid }));
});
process.once('SIGTERM', () => server.close(() => process.exit(0)));
