import type { IncomingMessage } from 'node:http';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger, inRequest } from '../logger.ts';
import { buildTestApp, type TestContext } from '../testing/test-app.ts';
import { requestIdFor } from './request-log.ts';

const raw: string[] = [];
const lines: Record<string, unknown>[] = [];
const sink = new Writable({
  write(chunk, _encoding, done) {
    for (const line of String(chunk).split('\n').filter(Boolean)) {
      raw.push(line);
      lines.push(JSON.parse(line));
    }
    done();
  },
});
let t: TestContext;

beforeAll(async () => {
  t = await buildTestApp({}, { logger: createLogger('debug', sink) });
});
afterAll(async () => {
  await t.close();
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const linesOf = (reqId: unknown) => lines.filter((line) => line.reqId === reqId);

describe('the request log', () => {
  it('writes one line per request: its id (also in the answer), the client address, route, status and time', async () => {
    const response = await t.app.inject({
      url: '/api/tools?q=hammer',
      // Not from a proxy TRUST_PROXY names: the client's own id is not taken.
      headers: { 'x-request-id': 'chosen-by-the-client' },
    });
    expect(response.statusCode).toBe(200);
    const id = response.headers['x-request-id'];
    expect(id).toMatch(UUID);
    const [line, ...more] = linesOf(id);
    expect(more).toEqual([]);
    expect(line).toMatchObject({
      msg: 'request completed',
      method: 'GET',
      address: '127.0.0.1',
      route: '/api/tools',
      url: '/api/tools?q=…',
      statusCode: 200,
    });
    expect(line?.responseTime).toEqual(expect.any(Number));
  });

  it('names no one: an email in the path is not logged', async () => {
    const response = await t.app.inject({ url: '/api/userdetails/ada.lovelace%40example.com' });
    expect(response.statusCode).toBe(401);
    const [line] = linesOf(response.headers['x-request-id']);
    expect(line).toMatchObject({ route: '/api/userdetails/:email', statusCode: 401 });
    expect(JSON.stringify(lines)).not.toMatch(/lovelace|example\.com/);
  });
});

describe('lines a request causes', () => {
  it('name it, whichever logger writes them, and only once', () => {
    const root = createLogger('info', sink);
    inRequest('request-42', () => {
      root.info('from a service, through the root logger');
      root.child({ reqId: 'request-42' }).info('from the request logger');
    });
    root.info('outside any request');
    const written = (msg: string) => raw.find((line) => line.includes(msg)) ?? '';
    for (const msg of ['from a service', 'from the request logger']) {
      expect(JSON.parse(written(msg)).reqId).toBe('request-42');
      expect(written(msg).match(/"reqId"/g)).toHaveLength(1);
    }
    expect(JSON.parse(written('outside any request')).reqId).toBeUndefined();
  });
});

describe('the request id a proxy sends (X-Request-Id)', () => {
  const request = (peer: string, id?: string) =>
    ({
      headers: id === undefined ? {} : { 'x-request-id': id },
      socket: { remoteAddress: peer },
    }) as unknown as IncomingMessage;

  it('is taken only from a peer TRUST_PROXY trusts, and only when it looks like an id', () => {
    const nginxId = '0f1e2d3c4b5a69788796a5b4c3d2e1f0';
    expect(requestIdFor(['10.0.0.0/8'])(request('10.1.2.3', nginxId))).toBe(nginxId);
    expect(requestIdFor(['10.0.0.0/8'])(request('192.168.1.9', nginxId))).toMatch(UUID);
    expect(requestIdFor(['loopback'])(request('::ffff:127.0.0.1', nginxId))).toBe(nginxId);
    expect(requestIdFor(1)(request('203.0.113.7', nginxId))).toBe(nginxId);
    expect(requestIdFor(false)(request('10.1.2.3', nginxId))).toMatch(UUID);
    expect(requestIdFor(1)(request('10.1.2.3', 'line\nbreak-injected'))).toMatch(UUID);
    expect(requestIdFor(1)(request('10.1.2.3'))).toMatch(UUID);
    const first = requestIdFor(false)(request('10.1.2.3'));
    expect(requestIdFor(false)(request('10.1.2.3'))).not.toBe(first);
  });
});
