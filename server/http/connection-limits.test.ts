import net from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../logger.ts';
import { buildTestApp, type TestContext } from '../testing/test-app.ts';
import { within } from '../testing/within.ts';
import { addressNetworks } from './client-address.ts';
import { networkCap } from './connection-limits.ts';

let t: TestContext;
let port: number;

beforeAll(async () => {
  // Short time-outs so the test is short; the defaults (30 s) are checked in config.test.ts.
  t = await buildTestApp({
    http: {
      requestTimeoutMs: 2_000,
      maxConnections: 0,
      maxConnectionsPerIp: 3,
      keepAliveTimeoutMs: 5_000,
    },
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
    expect(outcome.answer).toContain('"code":"request_timeout"');
  });

  it('headers sent a byte at a time are cut too', async () => {
    const head = 'GET /api/tools HTTP/1.1\r\nHost: localhost\r\nX-Slow: ';
    const outcome = await dribble(head, 'y'.repeat(200), 400);
    expect(outcome.sent - head.length).toBeLessThan(100);
  });
});

/** What the server answers to `request`, sent whole, up to the connection's close. */
function rawAnswer(request: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk.toString();
    });
    socket.on('error', () => {});
    socket.on('close', () => resolve(answer));
    socket.on('connect', () => socket.write(request));
  });
}

describe('requests the HTTP parser refuses', () => {
  it.each([
    [
      'headers too large',
      `GET /api/health HTTP/1.1\r\nHost: x\r\nX-A: ${'a'.repeat(20_000)}\r\n\r\n`,
      431,
      'headers_too_large',
    ],
    [
      'an address too long',
      `GET /api/tools?q=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
      431,
      'headers_too_large',
    ],
    ['not HTTP at all', 'GARBAGE\r\n\r\n', 400, 'malformed_request'],
    [
      'two lengths',
      'POST /api/lists HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\nabcdef',
      400,
      'malformed_request',
    ],
    [
      'a broken chunk',
      'POST /api/lists HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n',
      400,
      'malformed_request',
    ],
  ])(
    '%s: a problem with its code, and the connection closes',
    async (_label, request, status, code) => {
      const answer = await rawAnswer(request);
      const [head = '', body = ''] = answer.split('\r\n\r\n');
      expect(head).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
      expect(head.toLowerCase()).toContain('content-type: application/problem+json');
      expect(head.toLowerCase()).toContain('x-content-type-options: nosniff');
      expect(JSON.parse(body)).toMatchObject({ status, code });
    },
  );
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

/** A connection to `to` from `from` (any 127.x.y.z address is this machine's). */
async function connect(to: number, from = '127.0.0.1'): Promise<net.Socket> {
  const socket = net.connect({ port: to, host: '127.0.0.1', localAddress: from });
  socket.on('error', () => {});
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  return socket;
}

/** The head of the answer to a health check sent on `socket`, or what came before it closed. */
function answers(socket: net.Socket): Promise<string> {
  return new Promise<string>((resolve) => {
    let text = '';
    socket.on('data', (chunk) => {
      text += chunk.toString();
      if (text.includes('\r\n\r\n')) resolve(text);
    });
    socket.on('close', () => resolve(text));
    socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n');
  });
}

const closed = (socket: net.Socket) =>
  socket.destroyed || new Promise<boolean>((resolve) => socket.once('close', () => resolve(true)));

const openConnections = (context: TestContext) =>
  new Promise<number>((resolve, reject) =>
    context.app.server.getConnections((error, count) => (error ? reject(error) : resolve(count))),
  );

describe('connection caps', () => {
  it('one address may hold only so many connections; a closed one frees a place', async () => {
    const held = [await connect(port), await connect(port), await connect(port)];
    const fourth = await connect(port);
    const refusal = await answers(fourth);
    expect(refusal).toMatch(/^HTTP\/1\.1 503 Service Unavailable\r\nRetry-After: 5/);
    expect(refusal).toContain('Content-Type: application/problem+json');

    held[0]?.destroy();
    // Its place is free once the server has seen it close (and the refused one with it).
    await within(2_000, async () => expect(await openConnections(t)).toBe(2));
    const next = await connect(port);
    expect(await answers(next)).toMatch(/^HTTP\/1\.1 200/);
    for (const socket of [...held, next]) socket.destroy();
    await within(2_000, async () => expect(await openConnections(t)).toBe(0));
  });

  it('the addresses of one /24 share one cap: many of them hold no more than four of one', async () => {
    // Three each from 127.0.0.2 to 127.0.0.5: the /24's twelve places are taken.
    const held: net.Socket[] = [];
    for (let host = 2; host <= 5; host += 1) {
      for (let i = 0; i < 3; i += 1) held.push(await connect(port, `127.0.0.${host}`));
    }
    expect(await answers(await connect(port, '127.0.0.6'))).toMatch(/^HTTP\/1\.1 503/);
    // Another network is not held back.
    const elsewhere = await connect(port, '127.0.1.6');
    expect(await answers(elsewhere)).toMatch(/^HTTP\/1\.1 200/);
    for (const socket of [...held, elsewhere]) socket.destroy();
    await within(2_000, async () => expect(await openConnections(t)).toBe(0));
  });

  it('IPv6 addresses count per /64, /56 and /48; each network holds a bounded share', () => {
    expect(addressNetworks('2001:db8:aa:bbcc:1::2').map((network) => network.subject)).toEqual([
      '2001:db8:aa:bbcc::/64',
      '2001:db8:aa:bb00::/56',
      '2001:db8:aa::/48',
    ]);
    expect(addressNetworks('::ffff:192.0.2.7').map((network) => network.subject)).toEqual([
      '192.0.2.7',
      '192.0.2.0/24',
    ]);
    const caps = { maxConnections: 4096, maxConnectionsPerIp: 256 };
    expect([32, 24, 64, 56, 48].map((prefix) => networkCap(prefix, caps))).toEqual([
      256, 1024, 256, 512, 1024,
    ]);
    // Never more than a quarter of all connections, never less than one address may hold.
    expect(networkCap(24, { maxConnections: 2000, maxConnectionsPerIp: 256 })).toBe(500);
    expect(networkCap(24, { maxConnections: 100, maxConnectionsPerIp: 50 })).toBe(50);
  });
});

describe('idle connections go first', () => {
  let crowded: TestContext;
  let crowdedPort: number;
  beforeAll(async () => {
    crowded = await buildTestApp({
      http: {
        requestTimeoutMs: 30_000,
        maxConnections: 6,
        maxConnectionsPerIp: 4,
        keepAliveTimeoutMs: 60_000,
      },
    });
    await crowded.app.listen({ port: 0, host: '127.0.0.1' });
    const address = crowded.app.server.address();
    crowdedPort = typeof address === 'object' && address ? address.port : 0;
  });
  afterAll(async () => {
    await crowded.close();
  });

  it('at the cap in all, the connection idle longest is closed to make room for a new one', async () => {
    // Six idle connections from three networks, one of them kept alive after a request.
    const held: net.Socket[] = [];
    for (const host of ['127.0.1.1', '127.0.2.1', '127.0.3.1']) {
      for (let i = 0; i < 2; i += 1) held.push(await connect(crowdedPort, host));
    }
    expect(await answers(held[0] as net.Socket)).toMatch(/^HTTP\/1\.1 200/);
    // The next-oldest idle one goes first; the one that asked became idle last, so it stays.
    const health = await connect(crowdedPort, '127.0.0.1');
    expect(await answers(health)).toMatch(/^HTTP\/1\.1 200/);
    expect(await closed(held[1] as net.Socket)).toBe(true);
    expect(held[0]?.destroyed).toBe(false);
    for (const socket of [...held, health]) socket.destroy();
    await within(2_000, async () => expect(await openConnections(crowded)).toBe(0));
  });

  it('connections in the middle of a request are never closed for room: then a new one is refused', async () => {
    const body = '{"email":"busy@example.com","password":"x"}';
    let arrived = 0;
    crowded.app.server.on('request', () => {
      arrived += 1;
    });
    const held: net.Socket[] = [];
    for (const host of ['127.0.1.1', '127.0.2.1', '127.0.3.1']) {
      for (let i = 0; i < 2; i += 1) {
        const socket = await connect(crowdedPort, host);
        // The headers, half of the body: a request under way.
        socket.write(
          `POST /api/auth/sign-in/email HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 10)}`,
        );
        held.push(socket);
      }
    }
    await within(2_000, () => expect(arrived).toBe(6));
    const refusal = await answers(await connect(crowdedPort, '127.0.0.1'));
    expect(refusal).toMatch(/^HTTP\/1\.1 503/);
    expect(refusal).toContain('very busy');
    expect(held.every((socket) => !socket.destroyed)).toBe(true);
    for (const socket of held) socket.destroy();
  });
});
