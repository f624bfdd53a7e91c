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
    await t.markPaid(placed[day - 1]?._id as string, `txn_list_${day}`);
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
    // Days the database cannot hold (year 0) or cannot reach a day after (9999-12-31) are refused.
    expectFieldError(await asAdmin.get('/orderlist?from=0000-01-01&limit=1'), 'from', 'query');
    expectFieldError(await asAdmin.get('/orderlist?to=9999-12-31&limit=1'), 'to', 'query');
    expectFieldError(await asAdmin.get('/orderlist/export?from=0000-01-01'), 'from', 'query');
    expectFieldError(await asAdmin.get('/orderlist?page=2'), 'page', 'query');
    expectProblem(await client(t.app, buyer).get('/orderlist?limit=5'), 403, 'forbidden');
    expectProblem(await client(t.app).get('/orderlist?limit=5'), 401, 'unauthenticated');
  });
});

describe('GET /api/orderlist?q= with text', () => {
  let byName: Order;
  let byEmail: Order;
  let twoLines: Order;
  let percent: Order;

  beforeAll(async () => {
    // Placed after the tests above, which count the first ten orders.
    const zoe = await t.signUp({ name: 'Zoë Quillfeather' });
    const mara = await t.signUp({ name: 'Mara Stone', email: 'ledger.keeper@tradeworks.test' });
    const anna = await t.signUp({ name: 'Anna Plain' });
    const hammer = await t.addTool({ name: 'Claw Hammer', quantity: 1000, minimumOrder: 1 });
    const planer = await t.addTool({ name: 'Bench Planer', quantity: 1000, minimumOrder: 1 });
    const sale = await t.addTool({ name: '100% Cotton_Gloves', quantity: 1000, minimumOrder: 1 });
    const place = async (buyer: TestUser, lines: { toolId: string; quantity: number }[]) =>
      json<Order>(
        await client(t.app, buyer).post('/orders', {
          lines,
          phone: '+1 555 010 2030',
          address: '9 Search Street, Springfield',
        }),
      );
    byName = await place(zoe, [{ toolId: hammer.id, quantity: 1 }]);
    byEmail = await place(mara, [{ toolId: hammer.id, quantity: 2 }]);
    twoLines = await place(anna, [
      { toolId: hammer.id, quantity: 3 },
      { toolId: planer.id, quantity: 1 },
    ]);
    percent = await place(anna, [{ toolId: sale.id, quantity: 1 }]);
    await t.markPaid(twoLines._id, 'txn_search_two_lines');
  });

  const search = async (q: string, extra = '') =>
    numbers(await client(t.app, admin).get(`/orderlist?q=${encodeURIComponent(q)}${extra}`));

  it("finds orders by any part of the customer's name or email, in any letter case", async () => {
    expect(await search('quillFEATH')).toEqual([byName.number]);
    expect(await search('  zoë  ')).toEqual([byName.number]);
    expect(await search('LEDGER.keeper@trade')).toEqual([byEmail.number]);
    expect(await search('tradeworks')).toEqual([byEmail.number]);
    const response = await client(t.app, admin).get('/orderlist?q=tradeworks&limit=5');
    expect(response.headers['x-total-count']).toBe('1');
  });

  it('finds an order by a product on any of its lines, the second included', async () => {
    expect(await search('bench plan')).toEqual([twoLines.number]);
    expect(await search('claw')).toEqual([twoLines.number, byEmail.number, byName.number]);
  });

  it('takes % _ and \\ literally instead of as wildcards', async () => {
    expect(await search('100%')).toEqual([percent.number]);
    expect(await search('n_g')).toEqual([percent.number]);
    expect(await search('%%%')).toEqual([]);
    expect(await search('___')).toEqual([]);
    expect(await search('\\%%')).toEqual([]);
    expect(await search('ha%er')).toEqual([]);
  });

  it('combines the text with a status and the days placed', async () => {
    expect(await search('claw', '&status=paid')).toEqual([twoLines.number]);
    expect(await search('claw', '&status=unpaid')).toEqual([byEmail.number, byName.number]);
    expect(await search('claw', '&to=2026-03-10')).toEqual([]);
    expect(await search('Lisa', '&status=paid')).toEqual([6, 4, 2].map(numberOn));
  });

  it('still finds an order or invoice number exactly, and refuses text under three characters or too long', async () => {
    expect(await search(twoLines.number)).toEqual([twoLines.number]);
    expect(await search(twoLines.number.slice(3))).toEqual([twoLines.number]);
    const paid = json<Order>(await client(t.app, admin).get(`/orders/${twoLines._id}`));
    expect(await search(paid.invoice?.number as string)).toEqual([twoLines.number]);
    const asAdmin = client(t.app, admin);
    expectFieldError(await asAdmin.get('/orderlist?q=z'), 'q', 'query');
    // Two letters would read every order: the trigram indexes need three.
    expectFieldError(await asAdmin.get('/orderlist?q=zq'), 'q', 'query');
    expectFieldError(await asAdmin.get('/orderlist/export?q=e.'), 'q', 'query');
    expectFieldError(await asAdmin.get('/orderlist?q=%E2%80%AEabc'), 'q', 'query');
    expect(await search('42')).toEqual([]);
    expectFieldError(await asAdmin.get(`/orderlist?q=${'a'.repeat(101)}`), 'q', 'query');
    expectFieldError(await asAdmin.get('/orderlist?q=ab%00cd'), 'q', 'query');
    expect((await asAdmin.get(`/orderlist?q=${'a'.repeat(100)}`)).json()).toEqual([]);
    expect(await search('7')).toEqual([]);
  });
});

describe("GET /api/user: a customer's own orders, paged", () => {
  const mine = (query: string, who: TestUser = buyer) =>
    client(t.app, who).get(`/user?email=${encodeURIComponent(buyer.email)}${query}`);

  it('without paging answers every order as before, with the total', async () => {
    const all = await mine('');
    expect(all.statusCode).toBe(200);
    expect(numbers(all)).toEqual([10, 9, 8, 7, 6, 5, 4, 3, 2, 1].map(numberOn));
    expect(all.headers['x-total-count']).toBe('10');
  });

  it('pages and filters by status, the total counting what matches', async () => {
    const page2 = await mine('&limit=4&offset=4');
    expect(numbers(page2)).toEqual([6, 5, 4, 3].map(numberOn));
    expect(page2.headers['x-total-count']).toBe('10');
    const paid = await mine('&status=paid&limit=2');
    expect(numbers(paid)).toEqual([6, 4].map(numberOn));
    expect(paid.headers['x-total-count']).toBe('3');
    expect(numbers(await mine('&status=cancelled'))).toEqual([numberOn(9)]);
    expect(numbers(await mine('&status=shipped'))).toEqual([]);
    // An admin looking at this customer's orders by their email gets the same.
    expect(numbers(await mine('&status=paid', admin))).toEqual([6, 4, 2].map(numberOn));
  });

  it("refuses bad paging and statuses with the field, and another customer's orders", async () => {
    expectFieldError(await mine('&limit=0'), 'limit', 'query');
    expectFieldError(await mine('&limit=101'), 'limit', 'query');
    expectFieldError(await mine('&offset=-3'), 'offset', 'query');
    expectFieldError(await mine('&status=lost'), 'status', 'query');
    expectFieldError(await mine('&page=2'), 'page', 'query');
    const other = await t.signUp();
    expectProblem(await mine('&status=paid', other), 403, 'forbidden');
    expectProblem(
      await client(t.app).get(`/user?email=${buyer.email}&limit=5`),
      401,
      'unauthenticated',
    );
  });
});
