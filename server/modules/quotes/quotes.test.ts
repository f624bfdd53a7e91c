import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Quote, QuoteSummary } from '../../../contract/quote-schemas.ts';
import { OPEN_QUOTES_MAX, QUOTE_MESSAGES_MAX } from '../../../contract/quotes.ts';
import {
  auditLog,
  carts,
  companyMembers,
  mailOutbox,
  quoteMessages,
  quotes,
} from '../../db/schema.ts';
import { client, expectFieldError, expectProblem } from '../../testing/http.ts';
import { addCompany } from '../../testing/quote-companies.ts';
import { buildTestApp, type TestContext, type TestUser } from '../../testing/test-app.ts';

let t: TestContext;
let admin: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.signUp({ role: 'Admin', name: 'Quote Admin' });
});
afterAll(async () => {
  await t.close();
});

const inDays = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** A buyer's cart of these lines, then a quote asked for from it. */
async function askFor(buyer: TestUser, lines: { toolId: string; quantity: number }[]) {
  await client(t.app, buyer).put('/cart', { lines });
  const response = await client(t.app, buyer).post('/quotes', {
    message: 'We need these for a site in March; can you do better on price?',
    wantedBy: inDays(30),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as Quote;
}

describe('asking for a quote', () => {
  it('takes the cart’s lines at their list prices (volume prices too, above stock too) and leaves the cart', async () => {
    const buyer = await t.signUp({ name: 'Quinn Quote' });
    const hammer = await t.addTool({
      name: 'Claw Hammer',
      sku: 'CH-16',
      quantity: 50,
      minimumOrder: 10,
      price: 1200,
      priceTiers: [{ minQuantity: 100, price: 1000 }],
    });
    const quote = await askFor(buyer, [{ toolId: hammer.id, quantity: 200 }]);
    expect(quote.number).toMatch(/^Q-1\d{3,}$/);
    expect(quote.status).toBe('requested');
    expect(quote.lines).toEqual([
      {
        position: 1,
        toolId: hammer.id,
        productName: 'Claw Hammer',
        sku: 'CH-16',
        quantity: 200,
        listUnitPrice: 1000,
        offeredUnitPrice: null,
      },
    ]);
    expect(quote.listTotal).toBe(200_000);
    expect(quote.messages.map((m) => [m.authorSide, m.authorName])).toEqual([
      ['customer', 'Quinn Quote'],
    ]);
    expect(quote.canAct).toBe(true);
    const [cart] = await t.db.select().from(carts).where(eq(carts.userId, buyer.id));
    expect(cart?.lines).toEqual([{ toolId: hammer.id, quantity: 200 }]);
    // The store (its admins) is told; the audit log has it.
    const told = await t.db
      .select({ to: mailOutbox.to })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, 'quote_requested'), eq(mailOutbox.to, admin.email)));
    expect(told.length).toBeGreaterThan(0);
    const audited = await t.db.select().from(auditLog).where(eq(auditLog.targetId, quote._id));
    expect(audited.map((row) => row.action)).toEqual(['quote.requested']);
  });

  it('refuses an empty cart, a past wanted-by date, and more open quotes than the cap', async () => {
    const buyer = await t.signUp();
    expectProblem(await client(t.app, buyer).post('/quotes', { message: 'Hi' }), 409, 'cart_empty');
    const tool = await t.addTool();
    await client(t.app, buyer).put('/cart', { lines: [{ toolId: tool.id, quantity: 10 }] });
    expectFieldError(
      await client(t.app, buyer).post('/quotes', { message: 'Hi', wantedBy: inDays(-2) }),
      'wantedBy',
    );
    // A burst at once: the cap holds.
    const burst = await Promise.all(
      Array.from({ length: OPEN_QUOTES_MAX + 3 }, () =>
        client(t.app, buyer).post('/quotes', { message: 'Again' }),
      ),
    );
    expect(burst.filter((r) => r.statusCode === 201)).toHaveLength(OPEN_QUOTES_MAX);
    for (const refused of burst.filter((r) => r.statusCode !== 201)) {
      expectProblem(refused, 409, 'quote_limit');
    }
  });
});

describe('quantities a quote may ask for', () => {
  it('follow the pack, minimum and maximum of each tool, as an order’s do (stock may fall short)', async () => {
    const buyer = await t.signUp();
    const packs = await t.addTool({ name: 'Wall Plugs', minimumOrder: 10, orderIncrement: 10 });
    const capped = await t.addTool({ name: 'Laser Level', minimumOrder: 1, maxPerOrder: 3 });
    const cart = [
      { toolId: packs.id, quantity: 15 },
      { toolId: capped.id, quantity: 5 },
    ];
    await client(t.app, buyer).put('/cart', { lines: cart });
    await t.db.update(carts).set({ lines: cart }).where(eq(carts.userId, buyer.id));
    const refused = await client(t.app, buyer).post('/quotes', { message: 'Better price?' });
    const problem = expectFieldError(refused, 'lines.0.quantity');
    expect(problem.errors?.map((error) => error.message)).toEqual([
      'Sold in packs of 10: order 10 or 20 units of Wall Plugs, not 15.',
      'One order can have at most 3 units of Laser Level; order 3 or fewer.',
    ]);
    expect(await t.db.select().from(quotes).where(eq(quotes.userId, buyer.id))).toEqual([]);
  });
});

describe('offers, messages and answers', () => {
  it('an admin prices lines (one left out), the buyer sees list and offered prices, and accepts into an order at the offered prices', async () => {
    const buyer = await t.signUp({ name: 'Ada Accept' });
    const a = await t.addTool({ quantity: 500, minimumOrder: 10, price: 1500 });
    const b = await t.addTool({ quantity: 500, minimumOrder: 10, price: 900 });
    const quote = await askFor(buyer, [
      { toolId: a.id, quantity: 40 },
      { toolId: b.id, quantity: 20 },
    ]);
    const asAdmin = client(t.app, admin);
    const offered = await asAdmin.post(`/quote-requests/${quote._id}/offer`, {
      lines: [
        { position: 1, offeredUnitPrice: 1300 },
        { position: 2, offeredUnitPrice: null },
      ],
      validUntil: inDays(10),
      message: 'Line 2 we cannot do this month.',
    });
    expect(offered.statusCode, offered.body).toBe(200);
    const offer = offered.json() as Quote;
    expect(offer.status).toBe('offered');
    expect(offer.offeredTotal).toBe(40 * 1300);
    expect(offer.isExpired).toBe(false);
    expect(offer.messages.map((m) => m.authorSide)).toEqual(['customer', 'store']);

    const asBuyer = client(t.app, buyer);
    const written = await asBuyer.post(`/quotes/${quote._id}/messages`, { body: 'Thanks!' });
    expect(written.statusCode, written.body).toBe(201);
    const accepted = await asBuyer.post(`/quotes/${quote._id}/accept`, {
      phone: '+1 555 010 2030',
      address: '1 Quote Street, Springfield',
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const done = accepted.json() as Quote;
    expect(done.status).toBe('accepted');
    expect(done.order?.number).toMatch(/^TY-/);
    expect(done.order?.status).toBe('unpaid');
    const order = (await asBuyer.get(`/orders/${done.order?.id}`)).json() as {
      lines: { toolId: string; quantity: number; unitPrice: number }[];
      totalAmount: number;
    };
    expect(order.lines.map((l) => [l.toolId, l.quantity, l.unitPrice])).toEqual([[a.id, 40, 1300]]);
    expect(order.totalAmount).toBe(52_000);
    // Accepting again (a double click) answers the same order and places nothing more.
    const again = await asBuyer.post(`/quotes/${quote._id}/accept`, {
      phone: '+1 555 010 2030',
      address: '1 Quote Street, Springfield',
    });
    expect((again.json() as Quote).order?.id).toBe(done.order?.id);
    expectProblem(await asBuyer.post(`/quotes/${quote._id}/decline`), 409, 'quote_closed');
  });

  it('an offer leaving lines out names the lines field and which lines, and changes nothing', async () => {
    const buyer = await t.signUp({ name: 'Lena Lines' });
    const tools = [];
    for (const price of [1500, 900, 700]) {
      tools.push(await t.addTool({ quantity: 500, minimumOrder: 10, price }));
    }
    const quote = await askFor(
      buyer,
      tools.map((tool) => ({ toolId: tool.id, quantity: 10 })),
    );
    const offer = (lines: { position: number; offeredUnitPrice: number | null }[]) =>
      client(t.app, admin).post(`/quote-requests/${quote._id}/offer`, {
        lines,
        validUntil: inDays(10),
      });
    const oneLeft = expectFieldError(
      await offer([
        { position: 1, offeredUnitPrice: 1000 },
        { position: 2, offeredUnitPrice: 800 },
      ]),
      'lines',
    );
    expect(oneLeft.errors?.[0]?.message).toBe(
      'Price every line or leave it out: line 3 is missing.',
    );
    const twoLeft = expectFieldError(
      await offer([{ position: 2, offeredUnitPrice: 800 }]),
      'lines',
    );
    expect(twoLeft.errors?.[0]?.message).toBe(
      'Price every line or leave it out: lines 1 and 3 are missing.',
    );
    const [row] = await t.db.select().from(quotes).where(eq(quotes.id, quote._id));
    expect(row?.status).toBe('requested');
  });

  it('an offer coming to more than one order holds is refused: it could never be accepted', async () => {
    const buyer = await t.signUp({ name: 'Bea Bulk' });
    const tool = await t.addTool({ quantity: 500, minimumOrder: 10, price: 1000 });
    const quote = await askFor(buyer, [{ toolId: tool.id, quantity: 1_000 }]);
    const huge = expectFieldError(
      await client(t.app, admin).post(`/quote-requests/${quote._id}/offer`, {
        lines: [{ position: 1, offeredUnitPrice: 100_000_000 }],
        validUntil: inDays(10),
      }),
      'lines',
    );
    expect(huge.errors?.[0]?.message).toBe(
      'This offer comes to $1,000,000,000.00, more than one order can hold ($21,474,836.47), so it could never be accepted: offer lower prices or leave lines out.',
    );
    const [row] = await t.db.select().from(quotes).where(eq(quotes.id, quote._id));
    expect(row?.status).toBe('requested');
    // One within it is made.
    const fits = await client(t.app, admin).post(`/quote-requests/${quote._id}/offer`, {
      lines: [{ position: 1, offeredUnitPrice: 2_000_000 }],
      validUntil: inDays(10),
    });
    expect(fits.statusCode, fits.body).toBe(200);
  });

  it('an expired offer cannot be accepted (409), but can be declined', async () => {
    const buyer = await t.signUp();
    const tool = await t.addTool({ quantity: 500 });
    const quote = await askFor(buyer, [{ toolId: tool.id, quantity: 10 }]);
    await client(t.app, admin).post(`/quote-requests/${quote._id}/offer`, {
      lines: [{ position: 1, offeredUnitPrice: 1000 }],
      validUntil: inDays(0),
    });
    await t.db
      .update(quotes)
      .set({ validUntil: new Date(Date.now() - 1000) })
      .where(eq(quotes.id, quote._id));
    const asBuyer = client(t.app, buyer);
    expect(((await asBuyer.get(`/quotes/${quote._id}`)).json() as Quote).isExpired).toBe(true);
    const refused = expectProblem(
      await asBuyer.post(`/quotes/${quote._id}/accept`, {
        phone: '+1 555 010 2030',
        address: '1 Quote Street, Springfield',
      }),
      409,
      'quote_expired',
    );
    expect(refused.detail).toMatch(/can no longer be accepted/);
    const declined = await asBuyer.post(`/quotes/${quote._id}/decline`);
    expect((declined.json() as Quote).status).toBe('declined');
  });

  it('a line short of stock refuses the acceptance with its name; the quote stays offered and nothing is taken', async () => {
    const buyer = await t.signUp();
    const tool = await t.addTool({ name: 'Scarce Saw', quantity: 30, minimumOrder: 10 });
    const quote = await askFor(buyer, [{ toolId: tool.id, quantity: 60 }]);
    await client(t.app, admin).post(`/quote-requests/${quote._id}/offer`, {
      lines: [{ position: 1, offeredUnitPrice: 1000 }],
      validUntil: inDays(5),
    });
    const refused = expectProblem(
      await client(t.app, buyer).post(`/quotes/${quote._id}/accept`, {
        phone: '+1 555 010 2030',
        address: '1 Quote Street, Springfield',
      }),
      409,
      'out_of_stock',
    );
    expect(refused.detail).toContain('Scarce Saw (30 in stock)');
    expect(refused.lines?.map((l) => l.productName)).toEqual(['Scarce Saw']);
    const [row] = await t.db.select().from(quotes).where(eq(quotes.id, quote._id));
    expect([row?.status, row?.orderId]).toEqual(['offered', null]);
  });

  it('withdraws a request, refuses with a reason, and caps messages per quote', async () => {
    const buyer = await t.signUp();
    const tool = await t.addTool();
    const first = await askFor(buyer, [{ toolId: tool.id, quantity: 10 }]);
    const withdrawn = await client(t.app, buyer).post(`/quotes/${first._id}/withdraw`);
    expect((withdrawn.json() as Quote).status).toBe('withdrawn');

    const second = await askFor(buyer, [{ toolId: tool.id, quantity: 10 }]);
    const refused = await client(t.app, admin).post(`/quote-requests/${second._id}/refuse`, {
      reason: 'This tool is being discontinued.',
    });
    expect((refused.json() as Quote).status).toBe('refused');
    expect((refused.json() as Quote).messages.at(-1)?.body).toBe(
      'This tool is being discontinued.',
    );

    const third = await askFor(buyer, [{ toolId: tool.id, quantity: 10 }]);
    await t.db.insert(quoteMessages).values(
      Array.from({ length: QUOTE_MESSAGES_MAX - 1 }, (_, i) => ({
        quoteId: third._id,
        authorName: 'Filler',
        authorSide: 'customer' as const,
        body: `Message ${i}`,
      })),
    );
    expectProblem(
      await client(t.app, buyer).post(`/quotes/${third._id}/messages`, { body: 'One more' }),
      409,
      'quote_limit',
    );
  });
});

describe('a company’s quotes', () => {
  it('an offer a buyer accepts above their limit per order says its order waits for approval', async () => {
    const crew = await addCompany(t, 'Limit Works', ['owner', 'buyer']);
    await t.db
      .update(companyMembers)
      .set({ orderLimit: 5000 })
      .where(eq(companyMembers.userId, crew.members.buyer.id));
    const tool = await t.addTool({ quantity: 100, minimumOrder: 10, price: 1000 });
    const quote = await askFor(crew.members.buyer, [{ toolId: tool.id, quantity: 10 }]);
    const offered = await client(t.app, admin).post(`/quote-requests/${quote._id}/offer`, {
      lines: [{ position: 1, offeredUnitPrice: 900 }],
      validUntil: inDays(10),
    });
    expect(offered.statusCode, offered.body).toBe(200);

    const asBuyer = client(t.app, crew.members.buyer);
    const accepted = await asBuyer.post(`/quotes/${quote._id}/accept`, {
      phone: '+1 555 010 2030',
      address: '1 Quote Street, Springfield',
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((accepted.json() as Quote).order).toMatchObject({ status: 'awaiting_approval' });
    const read = (await asBuyer.get(`/quotes/${quote._id}`)).json() as Quote;
    expect(read.order).toMatchObject({ status: 'awaiting_approval' });
    const listed = (await asBuyer.get('/quotes')).json() as QuoteSummary[];
    expect(listed.find((q) => q._id === quote._id)?.order?.status).toBe('awaiting_approval');
  });

  it('owner, approver and viewer read the company’s quotes; a buyer only their own; another company nothing; only the asker and the owner answer', async () => {
    const crew = await addCompany(t, 'Harbour Builders', ['owner', 'buyer', 'approver', 'viewer']);
    const other = await addCompany(t, 'Rival Works', ['owner']);
    const secondBuyer = await t.signUp();
    await t.db.insert(companyMembers).values({
      userId: secondBuyer.id,
      companyId: crew.id,
      role: 'buyer',
    });
    const tool = await t.addTool();
    const quote = await askFor(crew.members.buyer, [{ toolId: tool.id, quantity: 10 }]);
    expect(quote.companyName).toBe('Harbour Builders');
    const listed = async (who: TestUser) =>
      ((await client(t.app, who).get('/quotes')).json() as QuoteSummary[]).map((q) => q._id);
    for (const reader of [crew.members.owner, crew.members.approver, crew.members.viewer]) {
      expect(await listed(reader)).toContain(quote._id);
      expect((await client(t.app, reader).get(`/quotes/${quote._id}`)).statusCode).toBe(200);
    }
    expect(await listed(secondBuyer)).not.toContain(quote._id);
    expectProblem(await client(t.app, secondBuyer).get(`/quotes/${quote._id}`), 403, 'forbidden');
    expectProblem(
      await client(t.app, other.members.owner).get(`/quotes/${quote._id}`),
      403,
      'forbidden',
    );
    const viewerWrites = await client(t.app, crew.members.viewer).post(
      `/quotes/${quote._id}/messages`,
      { body: 'Hello' },
    );
    expectProblem(viewerWrites, 403, 'forbidden');
    const ownerWrites = await client(t.app, crew.members.owner).post(
      `/quotes/${quote._id}/messages`,
      { body: 'The owner here.' },
    );
    expect(ownerWrites.statusCode).toBe(201);
  });
});
