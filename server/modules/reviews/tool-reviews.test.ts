import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../../contract/audit.ts';
import type { ManagedReview, Review, ReviewEligibility } from '../../../contract/reviews.ts';
import type { Tool } from '../../../contract/tools.ts';
import { reviews, tools } from '../../db/schema.ts';
import { client, expectProblem, json } from '../../testing/http.ts';
import { placeOneLineOrder } from '../../testing/shop-test-app.ts';
import { buildTestApp, type TestContext, type TestUser } from '../../testing/test-app.ts';

/**
 * Reviews of one tool: only customers with a paid order with that tool on it may post, one each
 * (posting again edits it), beside their review of the store; the tool's rating (average and
 * count of its shown reviews) follows every post, edit, hiding and deletion.
 */

let t: TestContext;
let admin: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.signUp({ role: 'Admin', name: 'Mo Moderator' });
});
afterAll(() => t.close());

/** A customer with a paid order for `toolId`. */
async function buyerOf(toolId: string, name: string): Promise<TestUser> {
  const buyer = await t.signUp({ name });
  const order = await placeOneLineOrder(t, buyer, toolId);
  await t.markPaid(order._id, `txn_${randomUUID()}`);
  return buyer;
}

const toolAsServed = async (id: string) => json<Tool>(await client(t.app).get(`/purchase/${id}`));

describe('who may review a tool', () => {
  it('a buyer of the tool, not of another one, nor one whose order is unpaid', async () => {
    const bought = await t.addTool();
    const other = await t.addTool();
    const buyer = await buyerOf(bought.id, 'Bea Buyer');
    const asBuyer = client(t.app, buyer);

    expect(
      json<ReviewEligibility>(await asBuyer.get(`/tools/${bought.id}/reviews/eligibility`)),
    ).toEqual({ canPost: true, reason: null, review: null });
    const refused = await asBuyer.post(`/tools/${other.id}/reviews`, {
      review: 'Never used it.',
      rating: 1,
    });
    expectProblem(refused, 403, 'paid_order_required');
    expect(refused.json().detail).toMatch(/once an order with this tool on it is paid/);
    expect(
      json<ReviewEligibility>(await asBuyer.get(`/tools/${other.id}/reviews/eligibility`)),
    ).toEqual({ canPost: false, reason: refused.json().detail, review: null });

    await placeOneLineOrder(t, buyer, other.id);
    expectProblem(
      await asBuyer.post(`/tools/${other.id}/reviews`, { review: 'Unpaid.', rating: 1 }),
      403,
      'paid_order_required',
    );
    expect(await t.db.select().from(reviews).where(eq(reviews.toolId, other.id))).toEqual([]);

    const posted = await asBuyer.post(`/tools/${bought.id}/reviews`, {
      review: 'Holds a 19 mm nut without slipping.',
      rating: 5,
    });
    expect(posted.statusCode, posted.body).toBe(201);
  });

  it('a visitor may not post; nobody may review a tool that is not in the catalogue', async () => {
    const tool = await t.addTool();
    expectProblem(
      await client(t.app).post(`/tools/${tool.id}/reviews`, { review: 'Hi there.', rating: 5 }),
      401,
      'unauthenticated',
    );
    const buyer = await buyerOf(tool.id, 'Gil Gone');
    await t.db.update(tools).set({ deletedAt: new Date() }).where(eq(tools.id, tool.id));
    const asBuyer = client(t.app, buyer);
    for (const id of [tool.id, randomUUID()]) {
      expectProblem(
        await asBuyer.post(`/tools/${id}/reviews`, { review: 'Fine tool.', rating: 4 }),
        404,
        'not_found',
      );
      expectProblem(await asBuyer.get(`/tools/${id}/reviews/eligibility`), 404, 'not_found');
      expectProblem(await client(t.app).get(`/tools/${id}/reviews`), 404, 'not_found');
    }
    expectProblem(await client(t.app).get('/tools/not-an-id/reviews'), 400, 'validation_failed');
  });
});

describe('one review per customer and tool', () => {
  it('posting again edits it; the review of the store is a separate one', async () => {
    const tool = await t.addTool();
    const rita = await buyerOf(tool.id, 'Rita Reviewer');
    const asRita = client(t.app, rita);
    const first = json<Review>(
      await asRita.post(`/tools/${tool.id}/reviews`, { review: 'Good.', rating: 3 }),
    );
    const edited = json<Review>(
      await asRita.post(`/tools/${tool.id}/reviews`, { review: 'Better than I said.', rating: 5 }),
    );
    expect(edited).toMatchObject({ _id: first._id, rating: 5, createdAt: first.createdAt });
    const ofStore = json<Review>(await asRita.post('/reviews', { review: 'Fast.', rating: 4 }));
    expect(ofStore._id).not.toBe(first._id);

    const rows = await t.db.select().from(reviews).where(eq(reviews.userId, rita.id));
    expect(rows.map((row) => [row.toolId, row.rating]).sort()).toEqual(
      [
        [tool.id, 5],
        [null, 4],
      ].sort(),
    );
    // The store's list (the home page's) keeps to reviews of the store; the tool's to its own.
    const store = json<Review[]>(await client(t.app).get('/reviews?limit=100'));
    expect(store.map((review) => review._id)).toContain(ofStore._id);
    expect(store.map((review) => review._id)).not.toContain(first._id);
    const ofTool = await client(t.app).get(`/tools/${tool.id}/reviews`);
    expect(json<Review[]>(ofTool).map((review) => review._id)).toEqual([first._id]);
    expect(ofTool.headers['x-total-count']).toBe('1');

    const mine = json<ManagedReview[]>(await asRita.get('/reviews/mine'));
    expect(mine.find((review) => review._id === first._id)?.tool).toEqual({
      _id: tool.id,
      name: tool.name,
    });
    expect(mine.find((review) => review._id === ofStore._id)?.tool).toBeNull();
  });
});

describe("a tool's rating", () => {
  it('follows posts, edits, hiding, showing and deletion, in the tool and its lists', async () => {
    const tool = await t.addTool();
    expect((await toolAsServed(tool.id)).rating).toEqual({ average: null, count: 0 });
    const ratings = [5, 4, 4, 3, 5, 3];
    const buyers = await Promise.all(
      ratings.map((_, i) => buyerOf(tool.id, `Rater Number${i + 1}`)),
    );
    const cai = buyers[2] ?? never();
    // Posted at once: none waits on another for ever (a deadlock), and every one is counted.
    const posted = await Promise.all(
      buyers.map((buyer, i) =>
        client(t.app, buyer).post(`/tools/${tool.id}/reviews`, {
          review: `Review number ${i + 1}.`,
          rating: ratings[i],
        }),
      ),
    );
    expect(posted.map((answer) => answer.statusCode)).toEqual(ratings.map(() => 201));
    expect((await toolAsServed(tool.id)).rating).toEqual({ average: 4, count: 6 });

    await client(t.app, cai).post(`/tools/${tool.id}/reviews`, { review: 'Worse.', rating: 1 });
    expect((await toolAsServed(tool.id)).rating).toEqual({ average: 3.5, count: 6 });

    const asAdmin = client(t.app, admin);
    const caiReview = json<Review>(posted[2] ?? never());
    await asAdmin.put(`/reviews/${caiReview._id}`, { hidden: true });
    expect((await toolAsServed(tool.id)).rating).toEqual({ average: 4, count: 5 });
    const list = json<Tool[]>(await client(t.app).get('/tools?limit=100&sort=newest'));
    expect(list.find((listed) => listed._id === tool.id)?.rating).toEqual({
      average: 4,
      count: 5,
    });

    await asAdmin.put(`/reviews/${caiReview._id}`, { hidden: false });
    expect((await toolAsServed(tool.id)).rating.count).toBe(6);
    for (const answer of posted) {
      await asAdmin.delete(`/reviews/${json<Review>(answer)._id}`);
    }
    expect((await toolAsServed(tool.id)).rating).toEqual({ average: null, count: 0 });
    const [row] = await t.db.select().from(tools).where(eq(tools.id, tool.id));
    expect([row?.ratingCount, row?.ratingTotal]).toEqual([0, 0]);
  });

  it("moderators see which tool a review is about, and so does the audit log's line", async () => {
    const tool = await t.addTool({ name: 'Audited Torque Wrench' });
    const dee = await buyerOf(tool.id, 'Dee Detail');
    const review = json<Review>(
      await client(t.app, dee).post(`/tools/${tool.id}/reviews`, { review: 'Exact.', rating: 5 }),
    );
    const asAdmin = client(t.app, admin);
    const all = json<ManagedReview[]>(await asAdmin.get('/reviews/all?limit=100'));
    expect(all.find((managed) => managed._id === review._id)?.tool).toEqual({
      _id: tool.id,
      name: 'Audited Torque Wrench',
    });
    await asAdmin.put(`/reviews/${review._id}`, { hidden: true });
    const audit = json<AuditEntry[]>(await asAdmin.get('/audit?limit=20'));
    expect(audit.find((entry) => entry.target.id === review._id)?.target.label).toBe(
      'review of Audited Torque Wrench by Dee Detail',
    );
  });
});

function never(): never {
  throw new Error('missing answer');
}
