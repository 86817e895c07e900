/**
 * A client that pipelines requests and never reads an answer:
 * `node pipeline-flood.ts <port> <connections> <requests each> <path> [method]`.
 * Prints "sent" once every request is written (or the server stopped
 * taking them), then holds its sockets open until killed.
 */
import { connect } from 'node:net';

const [port, connections, requests, path, method = 'GET'] = process.argv.slice(2);
const request = `${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`;
const payload = request.repeat(Number(requests));
let pending = Number(connections);
for (let i = 0; i < Number(connections); i += 1) {
  const socket = connect(Number(port), '127.0.0.1', () => {
    socket.pause();
    // A write the server does not take in time still counts as sent: it stopped reading, which is the point.
    const done = (): void => {
      pending -= 1;
      if (pending === 0) console.log('sent');
    };
    const timer = setTimeout(done, 3_000);
    socket.write(payload, () => {
      clearTimeout(timer);
      done();
    });
  });
  socket.on('error', () => {});
}
