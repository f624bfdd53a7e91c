import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client } from '../testing/http.ts';
import { buildTestApp, type TestContext, type TestUser } from '../testing/test-app.ts';
import { delivery } from '../testing/valid-requests.ts';

let t: TestContext;
let admin: TestUser;
let customer: TestUser;
let orderId: string;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.signUp({ role: 'Admin' });
  customer = await t.signUp();
  const tool = await t.addTool({ quantity: 100, minimumOrder: 1 });
  const order = await client(t.app, customer).post(`/user?email=${customer.email}`, {
    toolId: tool.id,
    orderedNum: 1,
    ...delivery,
  });
  orderId = order.json()._id;
});
afterAll(async () => {
  await t.close();
});

describe('Cache-Control', () => {
  it('every answer with personal data says no-store', async () => {
    const asCustomer = { cookie: customer.cookie };
    const asAdmin = { cookie: admin.cookie };
    for (const [url, headers] of [
      [`/api/user?email=${encodeURIComponent(customer.email)}`, asCustomer],
      [`/api/userdetails/${encodeURIComponent(customer.email)}`, asCustomer],
      [`/api/payment/${orderId}`, asCustomer],
      ['/api/alluser', asAdmin],
      ['/api/orderlist', asAdmin],
      ['/api/audit', asAdmin],
      ['/api/reviews/all', asAdmin],
      ['/api/reviews/mine', asCustomer],
      ['/api/overview', asAdmin],
      ['/api/auth/get-session', asCustomer],
      ['/api/auth/list-sessions', asCustomer],
    ] as const) {
      const response = await t.app.inject({ url, headers });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: 'http://localhost:3000', 'content-type': 'application/json' },
      payload: { email: customer.email, password: customer.password },
    });
    expect(signIn.headers['cache-control']).toBe('no-store');
  });

  it('public catalogue answers keep their own caching', async () => {
    const tools = await t.app.inject({ url: '/api/tools' });
    expect(tools.headers['cache-control']).not.toBe('no-store');
    expect(tools.headers['cache-control']).toMatch(/public|no-cache/);
    const config = await t.app.inject({ url: '/api/config' });
    expect(config.headers['cache-control']).toBe('public, max-age=60');
  });
});
