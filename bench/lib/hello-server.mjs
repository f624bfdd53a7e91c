/**
 * The start-up and memory baseline: a bare node:http server started the way the store is
 * (`node dist/server/main.mjs`: plain Node, no TypeScript loader), answering /api/health at once.
 */
import http from 'node:http';

const server = http.createServer((_request, response) => {
  response.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
});
server.listen(Number(process.env.PORT), '127.0.0.1');
process.once('SIGINT', () => server.close(() => process.exit(0)));
