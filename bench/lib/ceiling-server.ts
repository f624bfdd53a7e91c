/**
 * The ceiling: a plain node:http server answering recorded responses from memory, byte for byte,
 * with no routing, validation or database. Started by ceiling.ts as its own process, like the
 * store, and fed its responses over IPC.
 */
import http from 'node:http';

interface Recorded {
  status: number;
  headers: [string, string][];
  body: string; // base64
}

const responses = new Map<string, { status: number; headers: [string, string][]; body: Buffer }>();

const server = http.createServer((request, response) => {
  const recorded = responses.get(request.url ?? '');
  if (!recorded) {
    response.writeHead(404).end();
    return;
  }
  response.writeHead(recorded.status, recorded.headers.flat());
  response.end(recorded.body);
});
server.keepAliveTimeout = 72_000;

process.on('message', (message: { responses: Record<string, Recorded> }) => {
  for (const [path, recorded] of Object.entries(message.responses)) {
    responses.set(path, { ...recorded, body: Buffer.from(recorded.body, 'base64') });
  }
  if (server.listening) {
    process.send?.({ ready: true });
    return;
  }
  server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
  });
});
process.once('SIGINT', () => server.close(() => process.exit(0)));
