import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Review, ReviewSchema } from '../../../contract/reviews.ts';
import { reviews, user } from '../../db/schema.ts';
import { type Client, client, expectFieldError, expectProblem, json } from '../../testing/http.ts';
import { buildTestApp, type TestContext, type TestUser } from '../../testing/test-app.ts';

let t: TestContext;
let visitor: Client;
let author: TestUser;
let asAuthor: Client;

beforeAll(async () => {
  t = await buildTestApp();
  visitor = client(t.app);
  author = await t.signUp({ name: 'Rita Reviewer' });
  await t.givePaidOrder(author);
  asAuthor = client(t.app, author);
});

/** A customer who may review: a confirmed email and a paid order. */
async function buyer(name: string): Promise<TestUser> {
  const made = await t.signUp({ name });
  await t.givePaidOrder(made);
  return made;
}
afterAll(async () => {
  await t.close();
});

async function countReviews(): Promise<number> {
  const [row] = await t.db.select({ n: sql<number>`count(*)::int` }).from(reviews);
  return row?.n ?? 0;
}

describe('POST /api/reviews', () => {
  it("stores the review under the session user's name (201)", async () => {
    const response = await asAuthor.post('/reviews', {
      review: 'Sturdy drills, fast delivery.',
      rating: 5,
    });
    expect(response.statusCode, response.body).toBe(201);
    const review = ReviewSchema.strict().parse(response.json());
    expect(review).toMatchObject({
      userName: 'Rita Reviewer',
      rating: 5,
      review: 'Sturdy drills, fast delivery.',
      img: null,
    });
    const [row] = await t.db.select().from(reviews).where(eq(reviews.id, review._id));
    expect(row).toMatchObject({ userId: author.id, userName: 'Rita Reviewer', rating: 5 });
  });

  it('shows the author’s photo when their account has one', async () => {
    const pictured = await buyer('Pia Picture');
    const photo = `/uploads/${'9f'.repeat(16)}-320.webp`;
    const changed = await client(t.app, pictured).post('/api/auth/update-user', { image: photo });
    expect(changed.statusCode, changed.body).toBe(200);
    const response = await client(t.app, pictured).post('/reviews', {
      review: 'Nice hammers.',
      rating: 4,
    });
    expect(json<Review>(response).img).toBe(photo);
  });

  it('needs a confirmed email (403 email_not_verified), storing nothing', async () => {
    const unverified = await t.signUp({ name: 'Toolyard Support', verified: false });
    // The email is checked first: the unconfirmed account hears about that, whatever it bought.
    const before = await countReviews();
    expectProblem(
      await client(t.app, unverified).post('/reviews', {
        review: 'Re-enter your card at https://x.example',
        rating: 5,
      }),
      403,
      'email_not_verified',
    );
    expect(await countReviews()).toBe(before);
  });

  it('needs a signed-in user (401), storing nothing', async () => {
    const before = await countReviews();
    expectProblem(
      await visitor.post('/reviews', { review: 'Anonymous praise.', rating: 5 }),
      401,
      'unauthenticated',
    );
    expect(await countReviews()).toBe(before);
  });

  it.each([
    ['userName', 'Someone Famous'],
    ['userId', 'someone-else'],
    ['img', 'https://evil.example/x.png'],
    ['createdAt', '2020-01-01T00:00:00Z'],
  ])('refuses a body carrying %s (400), storing nothing', async (key, value) => {
    const before = await countReviews();
    const response = await asAuthor.post('/reviews', {
      review: 'Great tools.',
      rating: 5,
      [key]: value,
    });
    expectFieldError(response, key);
    expect(await countReviews()).toBe(before);
  });

  it.each([0, 6, 4.5, '5', -1, null])(
    'refuses rating = %j (400), storing nothing',
    async (rating) => {
      const before = await countReviews();
      expectFieldError(
        await asAuthor.post('/reviews', { review: 'Great tools.', rating }),
        'rating',
      );
      expect(await countReviews()).toBe(before);
    },
  );

  it.each([1, 2, 3, 4, 5])('accepts rating %i', async (rating) => {
    const response = await asAuthor.post('/reviews', { review: 'Solid build quality.', rating });
    expect(response.statusCode).toBe(201);
    expect(json<Review>(response).rating).toBe(rating);
  });

  it.each([
    ['too short', 'ok'],
    ['only spaces around two letters', '   ok   '],
    ['too long', 'x'.repeat(1001)],
    ['empty', ''],
    ['not text', 42],
    ['a control character', 'Nice\u0007tools'],
  ])('refuses review text that is %s', async (_label, review) => {
    const before = await countReviews();
    expectFieldError(await asAuthor.post('/reviews', { review, rating: 3 }), 'review');
    expect(await countReviews()).toBe(before);
  });

  it('accepts 3 to 1000 characters, trimmed, keeping new lines', async () => {
    const shortest = await asAuthor.post('/reviews', { review: '  Wow  ', rating: 5 });
    expect(json<Review>(shortest).review).toBe('Wow');
    const longest = await asAuthor.post('/reviews', { review: 'y'.repeat(1000), rating: 5 });
    expect(longest.statusCode).toBe(201);
    const lines = await asAuthor.post('/reviews', { review: 'Line one\nLine two', rating: 5 });
    expect(json<Review>(lines).review).toBe('Line one\nLine two');
  });

  it('stores HTML verbatim and returns it as JSON text, never as markup', async () => {
    const html = '<script>alert("x")</script><img src=x onerror=alert(1)> & "quotes"';
    const response = await asAuthor.post('/reviews', { review: html, rating: 2 });
    expect(response.statusCode).toBe(201);
    const created = json<Review>(response);
    expect(created.review).toBe(html);
    const [row] = await t.db.select().from(reviews).where(eq(reviews.id, created._id));
    expect(row?.review).toBe(html);

    const list = await visitor.get('/reviews?limit=100');
    expect(list.headers['content-type']).toMatch(/^application\/json/);
    expect(json<Review[]>(list).find((review) => review._id === created._id)?.review).toBe(html);
  });
});

describe('GET /api/reviews', () => {
  it('lists reviews newest first, to anyone', async () => {
    const texts = ['First of three', 'Second of three', 'Third of three'];
    for (const review of texts) {
      await client(t.app, await buyer(review)).post('/reviews', { review, rating: 4 });
    }

    const response = await visitor.get('/reviews');
    expect(response.statusCode).toBe(200);
    const list = json<Review[]>(response);
    expect(list).toHaveLength(await countReviews());
    expect(response.headers['x-total-count']).toBe(String(await countReviews()));
    expect(list.slice(0, 3).map((review) => review.review)).toEqual([...texts].reverse());
    const times = list.map((review) => Date.parse(review.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('returns at most `limit` reviews, the newest ones', async () => {
    await client(t.app, await buyer('Lena Latest')).post('/reviews', {
      review: 'The very latest one',
      rating: 5,
    });
    const list = json<Review[]>(await visitor.get('/reviews?limit=3'));
    expect(list).toHaveLength(3);
    expect(list[0]?.review).toBe('The very latest one');
  });

  it('comes a page at a time: 20 unless asked, the total in X-Total-Count', async () => {
    // 25 customers' reviews, written straight to the database: this is about reading them.
    for (let i = 0; i < 25; i += 1) {
      const id = `paging-${i}`;
      await t.db.insert(user).values({ id, name: `Page ${i}`, email: `${id}@example.com` });
      await t.db
        .insert(reviews)
        .values({ userId: id, userName: `Page ${i}`, review: `Review number ${i}`, rating: 3 });
    }
    const total = await countReviews();
    const first = await visitor.get('/reviews');
    expect(json<Review[]>(first)).toHaveLength(20);
    expect(first.headers['x-total-count']).toBe(String(total));
    const second = await visitor.get(`/reviews?limit=20&offset=20`);
    const firstIds = new Set(json<Review[]>(first).map((r) => r._id));
    expect(json<Review[]>(second).some((r) => firstIds.has(r._id))).toBe(false);
    expect(json<Review[]>(await visitor.get(`/reviews?offset=${total}`))).toEqual([]);
  });

  it.each(['limit=0', 'limit=101', 'limit=2.5', 'limit=many', 'offset=-1', 'page=2'])(
    'refuses ?%s with 400',
    async (query) => {
      const field = query.split('=')[0] ?? '';
      expectFieldError(await visitor.get(`/reviews?${query}`), field, 'query');
    },
  );
});
