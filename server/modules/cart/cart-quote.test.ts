import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CartSchema } from '../../../contract/cart.ts';
import { carts } from '../../db/schema.ts';
import { client, expectProblem } from '../../testing/http.ts';
import { buildTestApp, TEST_ORIGIN, type TestContext, testConfig } from '../../testing/test-app.ts';

/** A visitor's cart, kept in the browser and priced by POST /api/cart/quote, which stores nothing. */

let t: TestContext;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

describe("a visitor's cart, priced by POST /cart/quote", () => {
  const quote = (body: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/cart/quote',
      headers: { origin: TEST_ORIGIN, ...headers },
      payload: body as object,
    });

  it('prices lines exactly as the cart of a signed-in customer, and stores nothing', async () => {
    const knife = await t.addTool({
      name: 'Quote Knife',
      price: 399,
      minimumOrder: 10,
      quantity: 1_000,
      priceTiers: [{ minQuantity: 100, price: 349 }],
    });
    const level = await t.addTool({ name: 'Quote Level', minimumOrder: 20, quantity: 30 });
    const lines = [
      { toolId: knife.id, quantity: 120 },
      { toolId: level.id, quantity: 31 },
    ];
    const who = await t.signUp();
    const put = CartSchema.parse((await client(t.app, who).put('/cart', { lines })).json());
    const cartsBefore = await t.db.select().from(carts);

    const response = await quote({ lines });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const quoted = CartSchema.parse(response.json());
    expect(quoted).toEqual({ ...put, updatedAt: null, version: 0 });
    expect(quoted.lines[0]).toMatchObject({ unitPrice: 349, lineTotal: 41_880, problem: null });
    expect(quoted.lines[1]?.problem?.code).toBe('over_stock');
    // Signed in or not, the same answer; and nothing was kept.
    const signedIn = await quote({ lines }, { cookie: who.cookie });
    expect(CartSchema.parse(signedIn.json())).toEqual(quoted);
    expect(await t.db.select().from(carts)).toEqual(cartsBefore);
  });

  it('says a tool that was removed, or never was, is unavailable, rather than refusing the cart', async () => {
    const gone = await t.addTool({ name: 'Quote Clamp' });
    const kept = await t.addTool({ name: 'Quote Tape', minimumOrder: 1, price: 500 });
    await t.removeTool(gone.id);
    const response = await quote({
      lines: [
        { toolId: gone.id, quantity: 10 },
        { toolId: randomUUID(), quantity: 3 },
        { toolId: kept.id, quantity: 2 },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    const cart = CartSchema.parse(response.json());
    expect(
      cart.lines.map((line) => [line.tool?.name ?? null, line.problem?.message ?? null]),
    ).toEqual([
      [null, 'Quote Clamp is no longer in the catalogue; remove it from the cart.'],
      [null, 'This tool is no longer in the catalogue; remove it from the cart.'],
      ['Quote Tape', null],
    ]);
    expect(cart).toMatchObject({ total: 1_000, isReady: false, updatedAt: null, version: 0 });
    expect(CartSchema.parse((await quote({ lines: [] })).json())).toMatchObject({
      lines: [],
      total: 0,
      isReady: false,
    });
  });

  it('refuses bad bodies, the same tool twice, too many lines and other sites with a 4xx', async () => {
    const tool = await t.addTool();
    const line = { toolId: tool.id, quantity: 10 };
    for (const body of [
      {},
      { lines: 'all of them' },
      { lines: [{ toolId: 'not-an-id', quantity: 1 }] },
      { lines: [{ toolId: tool.id, quantity: 0 }] },
      { lines: [{ toolId: tool.id, quantity: 1.5 }] },
      { lines: [{ toolId: tool.id, quantity: 1e12 }] },
      { lines: [{ ...line, price: 1 }] },
      { lines: [line], total: 0 },
      { lines: [line, line] },
      { lines: Array.from({ length: 51 }, () => ({ toolId: randomUUID(), quantity: 1 })) },
    ]) {
      expectProblem(await quote(body), 400, 'validation_failed');
    }
    const duplicate = expectProblem(await quote({ lines: [line, line] }), 400, 'validation_failed');
    expect(duplicate.errors?.map((error) => error.field)).toEqual(['lines.1.toolId']);
    // 10,000 lines are far past the body limit.
    const huge = { lines: Array.from({ length: 10_000 }, () => ({ ...line })) };
    expectProblem(await quote(huge), 413, 'payload_too_large');
    // 1,000 short lines fit the body limit, and are refused by the schema.
    const many = {
      lines: Array.from({ length: 1_000 }, (_, i) => ({ toolId: `${i}`, quantity: 1 })),
    };
    expectProblem(await quote(many), 400, 'validation_failed');
    expectProblem(
      await quote({ lines: [line] }, { origin: 'https://evil.example' }),
      403,
      'origin_not_allowed',
    );
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/cart/quote',
      headers: { origin: TEST_ORIGIN, 'content-type': 'text/plain' },
      payload: JSON.stringify({ lines: [line] }),
    });
    expectProblem(form, 403, 'forbidden');
  });

  it('is limited per client address: a flood gets 429, never a 5xx, and other addresses go on', async () => {
    const limited = await buildTestApp(
      {
        rateLimits: {
          ...testConfig.rateLimits,
          enabled: true,
          quotesPerIp: { limit: 5, windowMs: 60_000 },
        },
      },
      { database: t.database },
    );
    try {
      const tool = await t.addTool();
      const send = (remoteAddress: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/cart/quote',
          remoteAddress,
          headers: { origin: TEST_ORIGIN },
          payload: { lines: [{ toolId: tool.id, quantity: 10 }] },
        });
      const flood = await Promise.all(Array.from({ length: 40 }, () => send('203.0.113.7')));
      const statuses = flood.map((response) => response.statusCode);
      expect(statuses.filter((status) => status === 200)).toHaveLength(5);
      expect(statuses.filter((status) => status === 429)).toHaveLength(35);
      const refused = flood.find((response) => response.statusCode === 429);
      if (!refused) throw new Error('no 429');
      expectProblem(refused, 429, 'rate_limited');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // Bad bodies are refused before anything is counted or stored.
      const bad = await limited.app.inject({
        method: 'POST',
        url: '/api/cart/quote',
        remoteAddress: '203.0.113.8',
        headers: { origin: TEST_ORIGIN },
        payload: { lines: 'x' },
      });
      expectProblem(bad, 400, 'validation_failed');
      expect((await send('203.0.113.8')).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
