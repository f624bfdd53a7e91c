import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectProblem } from '../../testing/http.ts';
import { multipartForm, pngImage } from '../../testing/images.ts';
import {
  buildTestApp,
  TEST_ORIGIN,
  type TestContext,
  type TestUser,
  testConfig,
} from '../../testing/test-app.ts';

const EVIL_ORIGIN = 'https://evil.example';

let t: TestContext;
let admin: TestUser;
let otherAdmin: TestUser;
let customer: TestUser;

beforeAll(async () => {
  // Limits on, as in production: three uploads per admin per window.
  t = await buildTestApp({
    rateLimits: { ...testConfig.rateLimits, enabled: true },
    uploads: { ...testConfig.uploads, perUser: { limit: 3, windowMs: 600_000 } },
  });
  admin = await t.signUp({ role: 'Admin', name: 'Ada Admin' });
  otherAdmin = await t.signUp({ role: 'Admin', name: 'Otto Admin' });
  customer = await t.signUp({ name: 'Cai Customer' });
});
afterAll(async () => {
  await t.close();
});

const form = () => multipartForm([{ data: pngImage(40, 30) }]);
const post = (url: string, headers: Record<string, string>) => {
  const body = form();
  return t.app.inject({
    method: 'POST',
    url,
    headers: { ...body.headers, ...headers },
    payload: body.payload,
  });
};

describe('who may upload, and from where', () => {
  it('a visitor: 401; a customer: 403; nothing stored', async () => {
    expectProblem(await post('/api/uploads', { origin: TEST_ORIGIN }), 401, 'unauthenticated');
    expectProblem(await post('/api/uploads', customer.headers), 403, 'forbidden');
    expect(await t.storedUploads()).toEqual([]);
  });

  it('from a foreign Origin, or marked cross-site: 403 origin_not_allowed, nothing stored', async () => {
    const refused = await post('/api/uploads', { cookie: admin.cookie, origin: EVIL_ORIGIN });
    expectProblem(refused, 403, 'origin_not_allowed');
    const marked = await post('/api/uploads', {
      cookie: admin.cookie,
      'sec-fetch-site': 'cross-site',
    });
    expectProblem(marked, 403, 'origin_not_allowed');
    expect(await t.storedUploads()).toEqual([]);
  });

  it('a form without any Origin (not from our pages): 403, nothing stored', async () => {
    const response = await post('/api/uploads', { cookie: admin.cookie });
    expectProblem(response, 403, 'forbidden');
    expect(await t.storedUploads()).toEqual([]);
  });

  it('every other route still refuses a form from our own site', async () => {
    for (const url of [
      '/api/tools',
      '/api/reviews',
      '/api/orders',
      '/api/uploads/x',
      '/api/upload',
    ]) {
      const response = await post(url, admin.headers);
      expectProblem(response, 403, 'forbidden');
    }
    for (const type of ['application/x-www-form-urlencoded', 'text/plain']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/uploads',
        headers: { ...admin.headers, 'content-type': type },
        payload: 'file=x',
      });
      expectProblem(response, 403, 'forbidden');
    }
    expect(await t.storedUploads()).toEqual([]);
  });

  it('a flood: each admin may upload three images per window, then 429 with Retry-After', async () => {
    for (let i = 0; i < 3; i += 1) {
      const response = await post('/api/uploads', admin.headers);
      expect(response.statusCode, response.body).toBe(201);
    }
    const stored = await t.storedUploads();
    const flooded = await post('/api/uploads', admin.headers);
    const problem = expectProblem(flooded, 429, 'rate_limited');
    expect(problem.detail).toMatch(/uploading files too often/);
    expect(Number(flooded.headers['retry-after'])).toBeGreaterThan(0);
    expect(await t.storedUploads()).toEqual(stored);
    // Another admin is not held back by the first one's flood.
    expect((await post('/api/uploads', otherAdmin.headers)).statusCode).toBe(201);
  });
});
