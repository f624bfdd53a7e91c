import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueChangesHeard, untilLive } from '../testing/change-feed.ts';
import { buildTestApp, TEST_ORIGIN, type TestContext, type TestUser } from '../testing/test-app.ts';

/**
 * Public answers are served before routing (server/http/public-answers.ts) with the very status,
 * headers and body the app sends, and only while the app would send the same.
 */

let t: TestContext;
let base: string;
let admin: TestUser;
let toolId: string;

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

function request(
  path: string,
  headers: Record<string, string> = {},
  method = 'GET',
  body?: string,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const sent = http.request(`${base}${path}`, { method, headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks),
        }),
      );
    });
    sent.on('error', reject);
    sent.end(body);
  });
}

/** Whether the answer to `send` came from the lane in front (and not from the app). */
async function servedInFront(send: () => Promise<Answer>): Promise<[Answer, boolean]> {
  const before = t.app.publicAnswers.served;
  const answer = await send();
  return [answer, t.app.publicAnswers.served > before];
}

/** The headers less those of the moment: the date, and the request's own id (which both send). */
const withoutDate = ({ date: _date, 'x-request-id': requestId, ...headers }: Answer['headers']) => {
  expect(requestId).toMatch(/^[\w.:-]{8,128}$/);
  return headers;
};

beforeAll(async () => {
  t = await buildTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address() as { port: number };
  base = `http://127.0.0.1:${address.port}`;
  admin = await t.signUp({ role: 'Admin' });
  for (let i = 0; i < 30; i += 1) {
    const tool = await t.addTool({ name: `Front Lane Tool ${i}`, quantity: 500 });
    toolId = tool.id;
  }
  await untilLive(t);
  // The tools added above announce themselves; that is heard before anything is cached.
  await catalogueChangesHeard(t);
});
afterAll(async () => {
  await t.close();
});

describe('public answers in front of the app', () => {
  it('answers an address the app answered with the same status, headers and body, in every encoding', async () => {
    const paths = [
      '/api/tools?limit=24',
      '/api/tools',
      '/api/tools?offset=0&limit=24',
      `/api/purchase/${toolId}`,
    ];
    for (const path of paths) {
      for (const encoding of [undefined, 'gzip', 'br', 'gzip, deflate, br']) {
        const headers: Record<string, string> = encoding ? { 'accept-encoding': encoding } : {};
        const [fromApp, isFrontFirst] = await servedInFront(() => request(path, headers));
        expect(fromApp.status, `${path} ${fromApp.body}`).toBe(200);
        // The first ask of a compressed form makes it: the lane sends only what is made.
        const [again] = await servedInFront(() => request(path, headers));
        const [fromFront, isFront] = await servedInFront(() => request(path, headers));
        expect(isFront, `${path} ${encoding}`).toBe(true);
        if (encoding === undefined) expect(isFrontFirst).toBe(false); // never asked before
        for (const answer of [again, fromFront]) {
          expect(answer.status).toBe(fromApp.status);
          expect(withoutDate(answer.headers)).toEqual(withoutDate(fromApp.headers));
          expect(answer.body.equals(fromApp.body)).toBe(true);
        }
      }
    }
  });

  it('leaves conditional requests, HEAD, bodies and refused addresses to the app', async () => {
    const path = '/api/tools?limit=5';
    const first = await request(path);
    await request(path);
    const etag = String(first.headers.etag);
    const [notModified, isFront304] = await servedInFront(() =>
      request(path, { 'if-none-match': etag }),
    );
    expect(notModified.status).toBe(304);
    expect(isFront304).toBe(false);
    const [head, isFrontHead] = await servedInFront(() => request(path, {}, 'HEAD'));
    expect(head.status).toBe(200);
    expect(isFrontHead).toBe(false);
    const [withBody, isFrontBody] = await servedInFront(() =>
      request(
        path,
        { 'content-type': 'application/json', 'content-length': '7' },
        'GET',
        '{"a":1}',
      ),
    );
    expect(withBody.status).toBe(200);
    expect(isFrontBody).toBe(false);
    for (let i = 0; i < 2; i += 1) {
      const [refused, isFrontRefused] = await servedInFront(() => request('/api/tools?limit=x'));
      expect(refused.status).toBe(400);
      expect(isFrontRefused).toBe(false);
    }
  });

  it('sends a change at once: an answer gone from its cache goes back to the app', async () => {
    const path = `/api/purchase/${toolId}`;
    await request(path);
    const [, isFront] = await servedInFront(() => request(path));
    expect(isFront).toBe(true);
    const restocked = await request(
      `/api/purchase/${toolId}`,
      { ...admin.headers, 'content-type': 'application/json' },
      'PUT',
      JSON.stringify({ newQuantity: 321 }),
    );
    expect(restocked.status, restocked.body.toString()).toBe(200);
    // The restock's own announcement (from the database, heard a moment later) has arrived: an
    // answer rebuilt before it would be dropped by it, and the next read would go to the app again.
    await catalogueChangesHeard(t);
    const [after, isFrontAfter] = await servedInFront(() => request(path));
    expect(isFrontAfter).toBe(false);
    expect(JSON.parse(after.body.toString()).quantity).toBe(321);
    const [again, isFrontAgain] = await servedInFront(() => request(path));
    expect(isFrontAgain).toBe(true);
    expect(JSON.parse(again.body.toString()).quantity).toBe(321);
  });

  it("never answers a customer's own answers in front of the app", async () => {
    const buyer = await t.signUp();
    const path = `/api/user?email=${encodeURIComponent(buyer.email)}`;
    for (let i = 0; i < 3; i += 1) {
      const [answer, isFront] = await servedInFront(() =>
        request(path, { cookie: buyer.cookie, origin: TEST_ORIGIN }),
      );
      expect(answer.status).toBe(200);
      expect(isFront).toBe(false);
    }
    const [visitor, isFront] = await servedInFront(() => request(path));
    expect(visitor.status).toBe(401);
    expect(isFront).toBe(false);
  });

  // Last: draining is for good.
  it('while the instance drains, leaves every request to the app, whose answer closes its connection', async () => {
    const path = '/api/tools?limit=7';
    const keepAlive = { connection: 'keep-alive' };
    await request(path, keepAlive);
    const [kept, isFrontKept] = await servedInFront(() => request(path, keepAlive));
    expect(isFrontKept).toBe(true);
    expect(kept.headers.connection).not.toBe('close');
    t.app.readiness.startDraining();
    const [draining, isFrontDraining] = await servedInFront(() => request(path, keepAlive));
    expect(draining.status).toBe(200);
    expect(isFrontDraining).toBe(false);
    expect(draining.headers.connection).toBe('close');
  });
});
