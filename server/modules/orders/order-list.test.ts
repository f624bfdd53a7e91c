import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../../contract/orders.ts';
import { orders } from '../../db/schema.ts';
import { client, expectFieldError, expectProblem, json } from '../../testing/http.ts';
import { buildTestApp, type TestContext, type TestUser } from '../../testing/test-app.ts';

/**
 * The admin's order list, GET /api/orderlist: a page at a time with the total in X-Total-Count,
 * by status and the days orders were placed, sorted; without a limit, as the original API did.
 */

let t: TestContext;
let admin: TestUser;
let buyer: TestUser;
/** Ten orders of one fresh database, placed on 1 to 10 March 2026, totals rising. */
let placed: Order[];

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.signUp({ role: 'Admin' });
  buyer = await t.signUp({ name: 'Lisa List' });
  const tool = await t.addTool({ quantity: 10_000, minimumOrder: 1, price: 100 });
  placed = [];
  for (let day = 1; day <= 10; day += 1) {
    const response = await client(t.app, buyer).post('/orders', {
      lines: [{ toolId: tool.id, quantity: day }],
      phone: '+1 555 010 2030',
      address: '1 List Lane, Springfield',
    });
    const order = json<Order>(response);
    await t.db
      .update(orders)
      .set({ createdAt: new Date(`2026-03-${String(day).padStart(2, '0')}T12:00:00Z`) })
      .where(eq(orders.id, order._id));
    placed.push(order);
  }
  // Days 2, 4 and 6 are paid; day 9 is cancelled.
  for (const day of [2, 4, 6]) {
    await t.app.services.orders.markPaid(placed[day - 1]?._id as string, `txn_list_${day}`);
  }
  await client(t.app, buyer).delete(`/user/${placed[8]?._id}`);
});
afterAll(async () => {
  await t.close();
});

const numbers = (response: { json: () => unknown }) =>
  (response.json() as Order[]).map((order) => order.number);
const numberOn = (day: number) => placed[day - 1]?.number;

describe('GET /api/orderlist', () => {
  it('without a page, answers every order newest first, as before, with the total', async () => {
    const response = await client(t.app, admin).get('/orderlist');
    expect(response.statusCode).toBe(200);
    expect(numbers(response)).toEqual([10, 9, 8, 7, 6, 5, 4, 3, 2, 1].map(numberOn));
    expect(response.headers['x-total-count']).toBe('10');
  });

  it('pages, sorts, filters by status and by the days placed (UTC, both ends included)', async () => {
    const asAdmin = client(t.app, admin);
    const page2 = await asAdmin.get('/orderlist?limit=3&offset=3');
    expect(numbers(page2)).toEqual([7, 6, 5].map(numberOn));
    expect(page2.headers['x-total-count']).toBe('10');
    expect(numbers(await asAdmin.get('/orderlist?sort=oldest&limit=2'))).toEqual(
      [1, 2].map(numberOn),
    );
    expect(numbers(await asAdmin.get('/orderlist?sort=total_desc&limit=2'))).toEqual(
      [10, 9].map(numberOn),
    );
    const paid = await asAdmin.get('/orderlist?status=paid');
    expect(numbers(paid)).toEqual([6, 4, 2].map(numberOn));
    expect(paid.headers['x-total-count']).toBe('3');
    expect(numbers(await asAdmin.get('/orderlist?status=cancelled'))).toEqual([numberOn(9)]);
    const march = await asAdmin.get('/orderlist?from=2026-03-03&to=2026-03-05&sort=oldest');
    expect(numbers(march)).toEqual([3, 4, 5].map(numberOn));
    expect(
      numbers(await asAdmin.get('/orderlist?status=paid&from=2026-03-03&to=2026-03-10')),
    ).toEqual([6, 4].map(numberOn));
    const past = await asAdmin.get('/orderlist?offset=50&limit=10');
    expect(past.json()).toEqual([]);
    expect(past.headers['x-total-count']).toBe('10');
    const one = await asAdmin.get(`/orderlist?q=${numberOn(4)}&status=paid`);
    expect(numbers(one)).toEqual([numberOn(4)]);
    expect(one.headers['x-total-count']).toBe('1');
    expect((await asAdmin.get(`/orderlist?q=${numberOn(4)}&status=unpaid`)).json()).toEqual([]);
  });

  it('refuses a bad page, status, day or order of days with the field, and is for admins only', async () => {
    const asAdmin = client(t.app, admin);
    expectFieldError(await asAdmin.get('/orderlist?limit=0'), 'limit', 'query');
    expectFieldError(await asAdmin.get('/orderlist?limit=101'), 'limit', 'query');
    expectFieldError(await asAdmin.get('/orderlist?offset=-1'), 'offset', 'query');
    expectFieldError(await asAdmin.get('/orderlist?status=lost'), 'status', 'query');
    expectFieldError(await asAdmin.get('/orderlist?sort=random'), 'sort', 'query');
    expectFieldError(await asAdmin.get('/orderlist?from=2026-02-30'), 'from', 'query');
    expectFieldError(await asAdmin.get('/orderlist?to=yesterday'), 'to', 'query');
    expectFieldError(await asAdmin.get('/orderlist?from=2026-03-05&to=2026-03-04'), 'to', 'query');
    expectFieldError(await asAdmin.get('/orderlist?page=2'), 'page', 'query');
    expectProblem(await client(t.app, buyer).get('/orderlist?limit=5'), 403, 'forbidden');
    expectProblem(await client(t.app).get('/orderlist?limit=5'), 401, 'unauthenticated');
  });
});
