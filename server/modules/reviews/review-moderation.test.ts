import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditEntrySchema } from '../../../contract/audit.ts';
import { type ManagedReview, ManagedReviewSchema, type Review } from '../../../contract/reviews.ts';
import { PAGES_WITH_REVIEWS } from '../../cache/catalogue-cache.ts';
import { prepareBody, prepareJson } from '../../cache/response-cache.ts';
import { auditLog, reviews } from '../../db/schema.ts';
import { catalogueChangesHeard, untilLive } from '../../testing/change-feed.ts';
import {
  type Client,
  client,
  expectFieldError,
  expectProblem,
  json,
  UNKNOWN_ID,
} from '../../testing/http.ts';
import { buildTestApp, type TestContext, type TestUser } from '../../testing/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database.ts';
import { within } from '../../testing/within.ts';

/**
 * Moderation: an admin hides, shows and deletes any review, an author deletes their own; hidden
 * reviews leave every public list at once, on every instance; each step is in the audit log.
 */

let database: TestDatabase;
let t: TestContext;
/** A second instance on the same database, as behind a load balancer. */
let other: TestContext;
let admin: TestUser;
let rita: TestUser;
let sam: TestUser;
let asAdmin: Client;
let asRita: Client;
let asSam: Client;
const visitor = () => client(t.app);

beforeAll(async () => {
  database = await createTestDatabase();
  t = await buildTestApp({}, { database });
  other = await buildTestApp({}, { database });
  admin = await t.signUp({ role: 'Admin', name: 'Ana Ruiz' });
  rita = await t.signUp({ name: 'Rita Reviewer' });
  sam = await t.signUp({ name: 'Sam Second' });
  for (const author of [rita, sam]) await t.givePaidOrder(author);
  asAdmin = client(t.app, admin);
  asRita = client(t.app, rita);
  asSam = client(t.app, sam);
  await untilLive(other);
});
afterAll(async () => {
  await t.close();
  await other.close();
  await database.drop();
});

/** A new review by `author`: the one they had before is gone first (one review per customer). */
async function post(author: TestUser, text: string, rating = 4): Promise<Review> {
  await t.db.delete(reviews).where(eq(reviews.userId, author.id));
  const response = await client(t.app, author).post('/reviews', { review: text, rating });
  expect(response.statusCode, response.body).toBe(201);
  return json<Review>(response);
}

const publicIds = async (via: Client = visitor()) =>
  json<Review[]>(await via.get('/reviews?limit=100')).map((review) => review._id);

async function auditOf(reviewId: string) {
  const rows = await t.db.select().from(auditLog).where(eq(auditLog.targetId, reviewId));
  return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}

describe('PUT /api/reviews/:id (hide and show)', () => {
  it('hides a review from the public list and its count, shows it again, and audits both', async () => {
    const review = await post(rita, 'Rubbish service, terrible saws and rude staff everywhere.', 1);
    const kept = await post(sam, 'Great saws.', 5);
    const before = await visitor().get('/reviews?limit=100');
    expect(await publicIds()).toEqual([kept._id, review._id]);

    const hidden = await asAdmin.put(`/reviews/${review._id}`, { hidden: true });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(ManagedReviewSchema.strict().parse(hidden.json())).toMatchObject({
      _id: review._id,
      authorEmail: rita.email,
      hidden: true,
    });
    expect(json<ManagedReview>(hidden).hiddenAt).not.toBeNull();
    const [row] = await t.db.select().from(reviews).where(eq(reviews.id, review._id));
    expect(row).toMatchObject({ hiddenBy: admin.id });
    const after = await visitor().get('/reviews?limit=100');
    expect(await publicIds()).toEqual([kept._id]);
    expect(Number(after.headers['x-total-count'])).toBe(
      Number(before.headers['x-total-count']) - 1,
    );
    // Hiding twice changes nothing and records nothing more.
    expect((await asAdmin.put(`/reviews/${review._id}`, { hidden: true })).statusCode).toBe(200);

    const shown = await asAdmin.put(`/reviews/${review._id}`, { hidden: false });
    expect(json<ManagedReview>(shown)).toMatchObject({ hidden: false, hiddenAt: null });
    expect(await publicIds()).toEqual([kept._id, review._id]);

    const entries = await auditOf(review._id);
    expect(entries.map((entry) => entry.action)).toEqual(['review.hidden', 'review.shown']);
    expect(entries[0]).toMatchObject({
      actorId: admin.id,
      actorName: 'Ana Ruiz',
      targetType: 'review',
      targetLabel: 'review by Rita Reviewer',
      details: {
        author: 'Rita Reviewer',
        authorEmail: rita.email,
        rating: 1,
        excerpt: 'Rubbish service, terrible saws and rude staff everywhere.',
      },
    });
  });

  it('is for admins only; an unknown review is 404; a bad body names the field', async () => {
    const review = await post(rita, 'Fine tools, would buy again.');
    expectProblem(await asRita.put(`/reviews/${review._id}`, { hidden: true }), 403, 'forbidden');
    expectProblem(await asSam.put(`/reviews/${review._id}`, { hidden: true }), 403, 'forbidden');
    expectProblem(
      await visitor().put(`/reviews/${review._id}`, { hidden: true }),
      401,
      'unauthenticated',
    );
    expectProblem(await asAdmin.put(`/reviews/${UNKNOWN_ID}`, { hidden: true }), 404, 'not_found');
    expectFieldError(await asAdmin.put(`/reviews/${review._id}`, { hidden: 'yes' }), 'hidden');
    expectFieldError(await asAdmin.put(`/reviews/${review._id}`, {}), 'hidden');
    expectFieldError(
      await asAdmin.put(`/reviews/${review._id}`, { hidden: true, review: 'x' }),
      'review',
    );
    expectFieldError(await asAdmin.put('/reviews/not-an-id', { hidden: true }), 'id', 'params');
    expect(await publicIds()).toContain(review._id);
    expect(await auditOf(review._id)).toEqual([]);
  });

  it('drops the pages that show reviews on every instance at once, and nothing else', async () => {
    const review = await post(rita, 'Reviews on every page.');
    // The post's own announcement reaches the other instance before its pages are kept.
    await catalogueChangesHeard(other, { announcedBy: t });
    const builds = { home: 0, catalogue: 0, tools: 0 };
    const { pages, responses } = other.app.catalogue;
    const html = () => prepareBody('<html></html>', { 'content-type': 'text/html' });
    // The home page's render read the reviews (server/plugins/web.ts names its group); the
    // catalogue page's did not.
    const home = () =>
      pages.get('/', async () => {
        builds.home += 1;
        return { ...html(), group: PAGES_WITH_REVIEWS };
      });
    const catalogue = () =>
      pages.get('/tools', async () => {
        builds.catalogue += 1;
        return html();
      });
    const tools = () =>
      responses.get('/api/tools', async () => {
        builds.tools += 1;
        return prepareJson([]);
      });
    for (let i = 0; i < 2; i += 1) await Promise.all([home(), catalogue(), tools()]);
    expect(builds).toEqual({ home: 1, catalogue: 1, tools: 1 });
    expect((await asAdmin.put(`/reviews/${review._id}`, { hidden: true })).statusCode).toBe(200);
    await within(2_000, async () => {
      await home();
      expect(builds.home).toBe(2);
    });
    await Promise.all([catalogue(), tools()]);
    expect(builds).toEqual({ home: 2, catalogue: 1, tools: 1 });
    expect(await publicIds(client(other.app))).not.toContain(review._id);
  });
});

describe('DELETE /api/reviews/:id', () => {
  it('lets the author delete their own review, audited', async () => {
    const review = await post(rita, 'I changed my mind about this.', 2);
    expectProblem(await asSam.delete(`/reviews/${review._id}`), 403, 'forbidden');
    expect(await publicIds()).toContain(review._id);
    const response = await asRita.delete(`/reviews/${review._id}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ deletedCount: 1 });
    expect(await t.db.select().from(reviews).where(eq(reviews.id, review._id))).toEqual([]);
    expect(await publicIds()).not.toContain(review._id);
    const [entry] = await auditOf(review._id);
    expect(entry).toMatchObject({
      action: 'review.deleted',
      actorId: rita.id,
      details: { author: 'Rita Reviewer', rating: 2, excerpt: 'I changed my mind about this.' },
    });
    expectProblem(await asRita.delete(`/reviews/${review._id}`), 404, 'not_found');
  });

  it('lets an admin delete any review, hidden ones too; the excerpt is the beginning', async () => {
    const long = `Long review ${'and more words '.repeat(20)}`.trim();
    const review = await post(sam, long, 3);
    await asAdmin.put(`/reviews/${review._id}`, { hidden: true });
    const response = await asAdmin.delete(`/reviews/${review._id}`);
    expect(response.statusCode, response.body).toBe(200);
    const entries = await auditOf(review._id);
    expect(entries.map((entry) => entry.action)).toEqual(['review.hidden', 'review.deleted']);
    const excerpt = String(entries[1]?.details.excerpt);
    expect(excerpt.length).toBeLessThanOrEqual(80);
    expect(excerpt).toMatch(/^Long review and more words .*…$/);
    // The audit log answers it over HTTP too.
    const audit = await asAdmin.get(`/audit?targetType=review&targetId=${review._id}`);
    expect(AuditEntrySchema.array().parse(audit.json())).toHaveLength(2);
  });

  it('answers 401 to visitors, 404 to an unknown id, 400 to a malformed one', async () => {
    const review = await post(rita, 'Still here after all that.');
    expectProblem(await visitor().delete(`/reviews/${review._id}`), 401, 'unauthenticated');
    expectProblem(await asAdmin.delete(`/reviews/${UNKNOWN_ID}`), 404, 'not_found');
    expectProblem(await asSam.delete(`/reviews/${UNKNOWN_ID}`), 404, 'not_found');
    expectFieldError(await asAdmin.delete('/reviews/12345'), 'id', 'params');
    expect(await publicIds()).toContain(review._id);
  });
});

describe('GET /api/reviews/all and /api/reviews/mine', () => {
  it('gives admins every review, hidden ones included, or one kind, with the total', async () => {
    const hidden = await post(sam, 'Hidden from the public.');
    await asAdmin.put(`/reviews/${hidden._id}`, { hidden: true });
    const all = await asAdmin.get('/reviews/all?limit=100');
    expect(all.statusCode).toBe(200);
    const list = ManagedReviewSchema.strict().array().parse(all.json());
    expect(list.map((review) => review._id)).toContain(hidden._id);
    expect(all.headers['x-total-count']).toBe(String(list.length));
    const onlyHidden = ManagedReviewSchema.array().parse(
      (await asAdmin.get('/reviews/all?hidden=true')).json(),
    );
    expect(onlyHidden.length).toBeGreaterThan(0);
    expect(onlyHidden.every((review) => review.hidden)).toBe(true);
    const onlyShown = ManagedReviewSchema.array().parse(
      (await asAdmin.get('/reviews/all?hidden=false&limit=100')).json(),
    );
    expect(onlyShown.map((review) => review._id).sort()).toEqual((await publicIds()).sort());
    const first = await asAdmin.get('/reviews/all?limit=1&offset=1');
    expect(json<ManagedReview[]>(first)).toEqual([list[1]]);
    expectFieldError(await asAdmin.get('/reviews/all?hidden=maybe'), 'hidden', 'query');
    expectProblem(await asSam.get('/reviews/all'), 403, 'forbidden');
    expectProblem(await visitor().get('/reviews/all'), 401, 'unauthenticated');
  });

  it('gives a customer their own reviews only, hidden ones marked', async () => {
    const mine = ManagedReviewSchema.array().parse((await asSam.get('/reviews/mine')).json());
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((review) => review.authorEmail === sam.email)).toBe(true);
    expect(mine.some((review) => review.hidden)).toBe(true);
    expectProblem(await visitor().get('/reviews/mine'), 401, 'unauthenticated');
    expectFieldError(await asSam.get('/reviews/mine?limit=101'), 'limit', 'query');
  });
});
