import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Review,
  type ReviewEligibility,
  ReviewEligibilitySchema,
} from '../../../contract/reviews.ts';
import { reviews } from '../../db/schema.ts';
import { client, expectProblem, json } from '../../testing/http.ts';
import { placeOneLineOrder } from '../../testing/shop-test-app.ts';
import { buildTestApp, type TestContext, testConfig } from '../../testing/test-app.ts';

/**
 * Who may review and how often: customers with a paid order, one review each (posting again edits
 * it), a few posts and edits a day; a flood from one account leaves one review.
 */

let t: TestContext;
beforeAll(async () => {
  // Rate limits on, as in production: the daily cap is one of the rules here.
  t = await buildTestApp({ rateLimits: { ...testConfig.rateLimits, enabled: true } });
});
afterAll(() => t.close());

async function reviewsOf(userId: string) {
  return t.db.select().from(reviews).where(eq(reviews.userId, userId));
}

describe('who may review', () => {
  it('not a customer without a paid order: 403 paid_order_required, in a sentence', async () => {
    const newcomer = await t.signUp({ name: 'Nina Newcomer' });
    const asNewcomer = client(t.app, newcomer);
    const refused = await asNewcomer.post('/reviews', {
      review: 'Rubbish, buy elsewhere.',
      rating: 1,
    });
    expectProblem(refused, 403, 'paid_order_required');
    expect(refused.json().detail).toMatch(/once one of your orders is paid/);
    // An unpaid order is not enough, nor a cancelled one.
    const order = await placeOneLineOrder(t, newcomer, (await t.addTool()).id);
    expectProblem(
      await asNewcomer.post('/reviews', { review: 'Rubbish.', rating: 1 }),
      403,
      'paid_order_required',
    );
    await asNewcomer.delete(`/user/${order._id}`);
    expectProblem(
      await asNewcomer.post('/reviews', { review: 'Rubbish.', rating: 1 }),
      403,
      'paid_order_required',
    );
    expect(await reviewsOf(newcomer.id)).toEqual([]);
    const eligibility = json<ReviewEligibility>(await asNewcomer.get('/reviews/eligibility'));
    expect(ReviewEligibilitySchema.strict().parse(eligibility)).toEqual({
      canPost: false,
      reason: refused.json().detail,
      review: null,
    });
  });

  it('a customer with a paid order, who learns so before writing', async () => {
    const buyer = await t.signUp({ name: 'Bea Buyer' });
    await t.givePaidOrder(buyer);
    const asBuyer = client(t.app, buyer);
    expect(json<ReviewEligibility>(await asBuyer.get('/reviews/eligibility'))).toEqual({
      canPost: true,
      reason: null,
      review: null,
    });
    const posted = await asBuyer.post('/reviews', { review: 'Good clamps.', rating: 4 });
    expect(posted.statusCode, posted.body).toBe(201);
    const { review } = json<ReviewEligibility>(await asBuyer.get('/reviews/eligibility'));
    expect(review).toMatchObject({ _id: json<Review>(posted)._id, review: 'Good clamps.' });
  });
});

describe('one review per customer', () => {
  it('posting again edits it: the same review, its place kept, hidden if it was', async () => {
    const rita = await t.signUp({ name: 'Rita Reviewer' });
    await t.givePaidOrder(rita);
    const asRita = client(t.app, rita);
    const first = json<Review>(await asRita.post('/reviews', { review: 'Good.', rating: 3 }));
    const edited = await asRita.post('/reviews', { review: 'Better than I said.', rating: 5 });
    expect(edited.statusCode).toBe(201);
    expect(json<Review>(edited)).toMatchObject({
      _id: first._id,
      review: 'Better than I said.',
      rating: 5,
      createdAt: first.createdAt,
    });
    expect(await reviewsOf(rita.id)).toHaveLength(1);

    const admin = await t.signUp({ role: 'Admin', name: 'Mo Moderator' });
    await client(t.app, admin).put(`/reviews/${first._id}`, { hidden: true });
    await asRita.post('/reviews', { review: 'Now I say something else.', rating: 1 });
    const [row] = await reviewsOf(rita.id);
    expect(row?.hiddenAt).not.toBeNull();
    const shown = json<Review[]>(await client(t.app).get('/reviews?limit=100'));
    expect(shown.some((review) => review._id === first._id)).toBe(false);
  });

  it('twenty posts at once from one account leave one review, and the cap refuses the rest', async () => {
    const flooder = await t.signUp({ name: 'Fay Flood' });
    await t.givePaidOrder(flooder);
    const asFlooder = client(t.app, flooder);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        asFlooder.post('/reviews', { review: `Buy at rival.example instead (${i})`, rating: 1 }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    // Five posts a day (RATE_LIMIT_REVIEWS_PER_USER): the others are refused with 429.
    expect(statuses).toEqual([...Array(5).fill(201), ...Array(15).fill(429)]);
    expect(await reviewsOf(flooder.id)).toHaveLength(1);
    const refused = answers.find((answer) => answer.statusCode === 429);
    expect(refused?.json().detail).toMatch(/come back tomorrow/);
    const [counted] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(reviews)
      .where(eq(reviews.userId, flooder.id));
    expect(counted?.n).toBe(1);
  });
});
