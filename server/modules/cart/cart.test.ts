import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CartSchema } from '../../../contract/cart.ts';
import { client, expectProblem } from '../../testing/http.ts';
import { buildTestApp, type TestContext, type TestUser } from '../../testing/test-app.ts';

let t: TestContext;
let buyer: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  buyer = await t.signUp({ name: 'Cara Cart' });
});
afterAll(async () => {
  await t.close();
});

const read = async (who: TestUser) =>
  CartSchema.parse((await client(t.app, who).get('/cart')).json());

describe('the cart', () => {
  it('starts empty, keeps what was put in it, and prices each line as an order would', async () => {
    const fresh = await t.signUp();
    expect(await read(fresh)).toEqual({
      lines: [],
      total: 0,
      currency: 'USD',
      isReady: false,
      problem: null,
      updatedAt: null,
      version: 0,
    });

    const knife = await t.addTool({
      name: 'Cart Knife',
      price: 399,
      minimumOrder: 10,
      quantity: 1_000,
      priceTiers: [{ minQuantity: 100, price: 349 }],
    });
    const saw = await t.addTool({ name: 'Cart Saw', price: 990, minimumOrder: 5, quantity: 50 });
    const put = await client(t.app, fresh).put('/cart', {
      lines: [
        { toolId: knife.id, quantity: 120 },
        { toolId: saw.id, quantity: 5 },
      ],
    });
    expect(put.statusCode, put.body).toBe(200);
    const cart = CartSchema.parse(put.json());
    expect(cart.lines.map((line) => [line.tool?.name, line.unitPrice, line.lineTotal])).toEqual([
      ['Cart Knife', 349, 41_880],
      ['Cart Saw', 990, 4_950],
    ]);
    expect(cart).toMatchObject({ total: 46_830, isReady: true });
    expect(cart.lines[0]?.tool?.priceTiers).toEqual([{ minQuantity: 100, price: 349 }]);
    // The same cart from another device (a second session of the same account).
    const cookie = await t.signIn(fresh.email, fresh.password);
    expect(await read({ ...fresh, cookie, headers: { ...fresh.headers, cookie } })).toEqual(cart);

    const emptied = await client(t.app, fresh).put('/cart', { lines: [] });
    expect(CartSchema.parse(emptied.json())).toMatchObject({ lines: [], total: 0, isReady: false });
    // Each change raises the version a checkout names (cart-checkout.test.ts).
    expect([cart.version, CartSchema.parse(emptied.json()).version]).toEqual([1, 2]);
    expect((await read(fresh)).version).toBe(2);
  });

  it('says what is wrong with a line before checkout: below the minimum, over the stock, removed', async () => {
    const small = await t.addTool({ name: 'Cart Level', minimumOrder: 20, quantity: 30 });
    const gone = await t.addTool({ name: 'Cart Clamp', minimumOrder: 1, quantity: 10 });
    const ok = await t.addTool({ name: 'Cart Tape', minimumOrder: 1, quantity: 10, price: 500 });
    await client(t.app, buyer).put('/cart', {
      lines: [
        { toolId: small.id, quantity: 10 },
        { toolId: gone.id, quantity: 2 },
        { toolId: ok.id, quantity: 2 },
      ],
    });
    await t.removeTool(gone.id);
    let cart = await read(buyer);
    expect(cart.lines.map((line) => line.problem?.code ?? null)).toEqual([
      'below_minimum',
      'unavailable',
      null,
    ]);
    expect(cart.lines[0]?.problem?.message).toBe(
      'Order at least 20 units of Cart Level (its minimum order).',
    );
    expect(cart.lines[1]?.problem?.message).toBe(
      'Cart Clamp is no longer in the catalogue; remove it from the cart.',
    );
    expect(cart).toMatchObject({ isReady: false, total: 1_000 });

    await client(t.app, buyer).put('/cart', { lines: [{ toolId: small.id, quantity: 31 }] });
    cart = await read(buyer);
    expect(cart.lines[0]?.problem).toEqual({
      code: 'over_stock',
      message: 'Only 30 units of Cart Level are in stock; order at most that.',
    });
  });

  it('says when a line, or the whole cart, is too large for one order', async () => {
    const dear = await t.addTool({
      name: 'Cart Press',
      price: 99_999_999,
      minimumOrder: 1,
      quantity: 1_000,
    });
    const who = await t.signUp();
    await client(t.app, who).put('/cart', { lines: [{ toolId: dear.id, quantity: 22 }] });
    let cart = await read(who);
    expect(cart.lines[0]?.problem?.code).toBe('too_large');
    expect(cart.isReady).toBe(false);

    const other = await t.addTool({
      name: 'Cart Press 2',
      price: 99_999_999,
      minimumOrder: 1,
      quantity: 1_000,
    });
    await client(t.app, who).put('/cart', {
      lines: [
        { toolId: dear.id, quantity: 20 },
        { toolId: other.id, quantity: 20 },
      ],
    });
    cart = await read(who);
    expect(cart.lines.map((line) => line.problem)).toEqual([null, null]);
    expect(cart).toMatchObject({
      isReady: false,
      problem:
        'This cart is too large to order at once; split it into smaller orders or contact us.',
    });
  });

  it('refuses lines naming no tool of the catalogue, the same tool twice, and bad quantities', async () => {
    const tool = await t.addTool();
    const before = await read(buyer);
    const put = (lines: unknown) => client(t.app, buyer).put('/cart', { lines });
    const fieldsOf = async (lines: unknown) =>
      expectProblem(await put(lines), 400, 'validation_failed').errors?.map((e) => e.field);
    expect(await fieldsOf([{ toolId: randomUUID(), quantity: 1 }])).toEqual(['lines.0.toolId']);
    expect(
      await fieldsOf([
        { toolId: tool.id, quantity: 1 },
        { toolId: tool.id, quantity: 2 },
      ]),
    ).toEqual(['lines.1.toolId']);
    // An id in capitals is the same tool: twice still, and once it is that tool.
    expect(
      await fieldsOf([
        { toolId: tool.id, quantity: 1 },
        { toolId: tool.id.toUpperCase(), quantity: 2 },
      ]),
    ).toEqual(['lines.1.toolId']);
    expect(await fieldsOf([{ toolId: tool.id, quantity: 0 }])).toEqual(['lines.0.quantity']);
    expect(await fieldsOf([{ toolId: tool.id, quantity: 1.5 }])).toEqual(['lines.0.quantity']);
    // A quantity beyond any count is told the line's bound, once (not also JavaScript's largest
    // whole number, which zod's whole-number check bounds it by as well).
    const huge = expectProblem(
      await put([{ toolId: tool.id, quantity: 1e20 }]),
      400,
      'validation_failed',
    );
    expect(huge.errors).toEqual([
      { field: 'lines.0.quantity', in: 'body', message: 'Must be at most 1,000,000 units.' },
    ]);
    expect(
      await fieldsOf(Array.from({ length: 51 }, () => ({ toolId: tool.id, quantity: 1 }))),
    ).toContain('lines');
    expect(await read(buyer)).toEqual(before);
    const shouted = await put([{ toolId: tool.id.toUpperCase(), quantity: 10 }]);
    expect(shouted.statusCode, shouted.body).toBe(200);
    expect((shouted.json() as { lines: { toolId: string }[] }).lines[0]?.toolId).toBe(tool.id);
    await put([]);
    expectProblem(await client(t.app).get('/cart'), 401, 'unauthenticated');
  });

  it('with a version, replaces only the cart at that version: a change made from a cart changed elsewhere is refused and changes nothing', async () => {
    const owner = await t.signUp({ name: 'Vera Version' });
    const [drill, saw] = [await t.addTool(), await t.addTool()];
    const put = (body: unknown) => client(t.app, owner).put('/cart', body);
    const first = { toolId: drill.id, quantity: drill.minimumOrder };
    const second = { toolId: saw.id, quantity: saw.minimumOrder };

    // 0 names a cart never stored: once one is, 0 is refused.
    const created = await put({ lines: [first], version: 0 });
    expect(created.statusCode, created.body).toBe(200);
    expect(CartSchema.parse(created.json()).version).toBe(1);
    const stored = await read(owner);
    expectProblem(await put({ lines: [second], version: 0 }), 409, 'cart_changed');
    expect(await read(owner)).toEqual(stored);

    // The version read: replaced, and raised.
    const changed = await put({ lines: [first, second], version: 1 });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(CartSchema.parse(changed.json()).version).toBe(2);
    const now = await read(owner);

    // A tab that read version 1 removes a line: refused, and the cart is as the other left it.
    const stale = expectProblem(await put({ lines: [], version: 1 }), 409, 'cart_changed');
    expect(stale.detail).toMatch(/changed since this page last read it/);
    expect(await read(owner)).toEqual(now);
    // A version never reached, and one that is no version at all.
    expectProblem(await put({ lines: [], version: 99 }), 409, 'cart_changed');
    const badVersion = expectProblem(
      await put({ lines: [], version: -1 }),
      400,
      'validation_failed',
    );
    expect(badVersion.errors?.map((e) => e.field)).toEqual(['version']);
    expect(await read(owner)).toEqual(now);

    // Two changes from the same version at once: one is stored, the other finds it moved on.
    const raced = await Promise.all([
      put({ lines: [first], version: 2 }),
      put({ lines: [second], version: 2 }),
    ]);
    expect(raced.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const winner = raced.find((answer) => answer.statusCode === 200);
    const after = await read(owner);
    expect(after.version).toBe(3);
    expect(after.lines.map((line) => line.toolId)).toEqual(
      CartSchema.parse(winner?.json()).lines.map((line) => line.toolId),
    );

    // Without a version the lines replace the cart whatever its version, as before.
    const unconditional = await put({ lines: [] });
    expect(unconditional.statusCode, unconditional.body).toBe(200);
    expect(CartSchema.parse(unconditional.json())).toMatchObject({ lines: [], version: 4 });
  });
});
