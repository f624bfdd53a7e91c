import { afterAll, beforeAll, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../testing/test-app.ts';

let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});
const show = (
  label: string,
  r: { statusCode: number; headers: Record<string, unknown>; body: string },
) => console.log(label, r.statusCode, r.headers['content-type'], r.body.slice(0, 300));
it('probe', async () => {
  const u = await t.signUp({});
  show(
    'update-user role',
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/update-user',
      headers: { ...u.headers },
      payload: { role: 'Admin' },
    }),
  );
  show(
    'update-user role+name',
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/update-user',
      headers: { ...u.headers },
      payload: { name: 'New', role: 'Admin', phone: '123' },
    }),
  );
  show(
    'update-user emailVerified',
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/update-user',
      headers: { ...u.headers },
      payload: { emailVerified: true },
    }),
  );
  show(
    'session',
    await t.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { ...u.headers } }),
  );
});
