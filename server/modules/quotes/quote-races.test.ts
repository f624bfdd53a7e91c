import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Quote } from '../../../contract/quote-schemas.ts';
import { orders, quotes, tools } from '../../db/schema.ts';
import { client } from '../../testing/http.ts';
import { addQuote } from '../../testing/quote-fixtures.ts';
import { buildTestApp, type TestContext } from '../../testing/test-app.ts';
import { delivery } from '../../testing/valid-requests.ts';

let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('accepting offers at once', () => {
  it('two acceptances of one offer (a double click, two tabs) place one order, and both answer it', async () => {
    const buyer = await t.signUp();
    const tool = await t.addTool({ quantity: 1000, minimumOrder: 10 });
    const offer = await addQuote(t, buyer.id, tool, 'offered');
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        client(t.app, buyer).post(`/quotes/${offer.id}/accept`, delivery),
      ),
    );
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    const named = new Set(answers.map((r) => (r.json() as Quote).order?.id));
    expect(named.size).toBe(1);
    const placed = await t.db.select().from(orders).where(eq(orders.userId, buyer.id));
    expect(placed).toHaveLength(1);
    const [tool2] = await t.db.select().from(tools).where(eq(tools.id, tool.id));
    expect(tool2?.quantity).toBe(990);
  });

  it('offers racing for the last stock never oversell: the ones that do not fit are refused and stay offered', async () => {
    const tool = await t.addTool({ quantity: 30, minimumOrder: 10 });
    const buyers = await Promise.all(Array.from({ length: 6 }, () => t.signUp()));
    const offers = await Promise.all(buyers.map((b) => addQuote(t, b.id, tool, 'offered', 10)));
    const answers = await Promise.all(
      buyers.map((buyer, i) =>
        client(t.app, buyer).post(`/quotes/${offers[i]?.id}/accept`, delivery),
      ),
    );
    const accepted = answers.filter((r) => r.statusCode === 200);
    const refused = answers.filter((r) => r.statusCode === 409);
    expect(accepted).toHaveLength(3);
    expect(refused).toHaveLength(3);
    for (const r of refused) expect((r.json() as { code: string }).code).toBe('out_of_stock');
    const [left] = await t.db.select().from(tools).where(eq(tools.id, tool.id));
    expect(left?.quantity).toBe(0);
    const statuses = await Promise.all(
      offers.map(async (o) => (await t.db.select().from(quotes).where(eq(quotes.id, o.id)))[0]),
    );
    expect(statuses.filter((q) => q?.status === 'accepted')).toHaveLength(3);
    expect(statuses.filter((q) => q?.status === 'offered' && q.orderId === null)).toHaveLength(3);
  });
});
