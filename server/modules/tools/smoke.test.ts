import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, TEST_ORIGIN, type TestContext } from '../../testing/test-app.ts';

let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('smoke', () => {
  it('works', async () => {
    await t.addTool();
    const res = await t.app.inject({ url: '/api/tools' });
    console.log(res.statusCode, res.headers, res.body.slice(0, 300));
    const admin = await t.signUp({ role: 'Admin' });
    const r2 = await t.app.inject({
      method: 'POST',
      url: '/api/tools',
      headers: { ...admin.headers },
      payload: {
        name: 'X',
        img: 'ftp://x',
        description: 'short',
        quantity: -1,
        minimumOrder: 1.5,
        price: 'a',
        extra: 1,
      },
    });
    console.log(r2.statusCode, r2.headers['content-type'], r2.body);
    const r3 = await t.app.inject({
      method: 'GET',
      url: '/api/alluser',
      headers: { ...admin.headers },
    });
    console.log(r3.statusCode, r3.body);
    const r4 = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    console.log(r4.statusCode, r4.body.slice(0, 300));
    expect(res.statusCode).toBe(200);
    void TEST_ORIGIN;
  });
});
