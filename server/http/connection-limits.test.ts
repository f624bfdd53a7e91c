import net from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../logger.ts';
import { buildTestApp, type TestContext } from '../testing/test-app.ts';
import { within } from '../testing/within.ts';

let t: TestContext;
let port: number;

beforeAll(async () => {
  // Short time-outs so the test is short; the defaults (30 s) are checked in config.test.ts.
  t = await buildTestApp({
    http: { requestTimeoutMs: 2_000, maxConnections: 0, maxConnectionsPerIp: 3 },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
});
afterAll(async () => {
  await t.close();
});

interface Outcome {
  /** What the server answered before closing, if anything. */
  answer: string;
  /** Bytes the client had sent when the server closed the connection. */
  sent: number;
}

/** Writes `head`, then `body` one byte every `intervalMs`, until the server closes. */
function dribble(head: string, body: string, intervalMs: number): Promise<Outcome> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    let sent = 0;
    let timer: NodeJS.Timeout | undefined;
    socket.on('data', (chunk) => {
      answer += chunk.toString();
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ answer, sent });
    });
    socket.on('connect', () => {
      socket.write(head);
      sent = head.length;
      timer = setInterval(() => {
        if (sent - head.length >= body.length || socket.destroyed) return;
        socket.write(body[sent - head.length] ?? '');
        sent += 1;
      }, intervalMs);
    });
  });
}

describe('slow clients are cut off', () => {
  it('a body sent a byte at a time is cut at the request time-out, long before it ends', async () => {
    const body = JSON.stringify({ email: 'slow@example.com', password: 'x'.repeat(60) });
    const head = `POST /api/auth/sign-in/email HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`;
    // At one byte every 400 ms this body would take 40 s.
    const outcome = await dribble(head, body, 400);
    expect(outcome.sent - head.length).toBeLessThan(body.length / 2);
    expect(outcome.answer).toMatch(/^HTTP\/1\.1 408/);
  });

  it('headers sent a byte at a time are cut too', async () => {
    const head = 'GET /api/tools HTTP/1.1\r\nHost: localhost\r\nX-Slow: ';
    const outcome = await dribble(head, 'y'.repeat(200), 400);
    expect(outcome.sent - head.length).toBeLessThan(100);
  });
});

describe('a client that goes away', () => {
  it('half way through its body is logged as gone, not as a database outage', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const logged = await buildTestApp({}, { logger: createLogger('info', sink) });
    try {
      await logged.app.listen({ port: 0, host: '127.0.0.1' });
      const address = logged.app.server.address();
      const socket = net.connect(
        typeof address === 'object' && address ? address.port : 0,
        '127.0.0.1',
      );
      await new Promise((resolve) => socket.once('connect', resolve));
      // The server has the request's headers: the client goes away while its body is due.
      const arrived = new Promise((resolve) => logged.app.server.once('request', resolve));
      socket.write(
        'POST /api/auth/sign-in/email HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"email":',
      );
      await arrived;
      socket.destroy();
      await within(5_000, () => expect(lines.join('')).toContain('closed the connection'));
      const log = lines.join('');
      expect(log).toContain('the client closed the connection before its request arrived');
      expect(log).not.toContain('database unavailable');
      expect(log).not.toContain('"level":50');
    } finally {
      await logged.close();
    }
  });
});

describe('connection caps', () => {
  it('one address may hold only so many connections; a closed one frees a place', async () => {
    const open = async () => {
      const socket = net.connect(port, '127.0.0.1');
      socket.on('error', () => {});
      await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
      return socket;
    };
    const answers = (socket: net.Socket) =>
      new Promise<string>((resolve) => {
        let text = '';
        socket.on('data', (chunk) => {
          text += chunk.toString();
          if (text.includes('\r\n\r\n')) resolve(text);
        });
        socket.on('close', () => resolve(text));
        socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n');
      });
    const held = [await open(), await open(), await open()];
    const fourth = await open();
    const refusal = await answers(fourth);
    expect(refusal).toMatch(/^HTTP\/1\.1 503 Service Unavailable\r\nRetry-After: 5/);
    expect(refusal).toContain('Content-Type: application/problem+json');

    held[0]?.destroy();
    // Its place is free once the server has seen it close (and the refused one with it).
    const connections = () =>
      new Promise<number>((resolve, reject) =>
        t.app.server.getConnections((error, count) => (error ? reject(error) : resolve(count))),
      );
    await within(2_000, async () => expect(await connections()).toBe(2));
    const next = await open();
    expect(await answers(next)).toMatch(/^HTTP\/1\.1 200/);
    for (const socket of [...held, next]) socket.destroy();
  });
});
