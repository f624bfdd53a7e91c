import { and, count, desc, eq, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import { shownProfilePhoto } from '../../../contract/auth.ts';
import type { ManagedReview, Review } from '../../../contract/reviews.ts';
import { readTogether, type Tx } from '../../db/client.ts';
import { orderLines, orders, reviews, tools, user } from '../../db/schema.ts';

const columns = {
  id: reviews.id,
  userName: reviews.userName,
  img: user.image,
  rating: reviews.rating,
  review: reviews.review,
  createdAt: reviews.createdAt,
};
type ReviewRow = {
  id: string;
  userName: string;
  img: string | null;
  rating: number;
  review: string;
  createdAt: Date;
};

function toReview(row: ReviewRow): Review {
  return {
    _id: row.id,
    userName: row.userName,
    // A photo stored before the rules of shownProfilePhoto is never put in front of a visitor.
    img: shownProfilePhoto(row.img),
    rating: row.rating,
    review: row.review,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Shown reviews only: a hidden one is in no public list. */
const isShown = isNull(reviews.hiddenAt);

/** What a review is about: one tool (its id), or the store (null). */
export type ReviewSubject = string | null;

const about = (subject: ReviewSubject): SQL =>
  subject === null ? isNull(reviews.toolId) : eq(reviews.toolId, subject);

/** One page of the shown reviews of the store or of one tool, newest first. */
export async function listReviews(
  tx: Tx,
  subject: ReviewSubject,
  page: { limit: number; offset: number },
): Promise<Review[]> {
  const rows = await tx
    .select(columns)
    .from(reviews)
    .innerJoin(user, eq(user.id, reviews.userId))
    .where(and(isShown, about(subject)))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(page.limit)
    .offset(page.offset);
  return rows.map(toReview);
}

export async function countReviews(tx: Tx, subject: ReviewSubject): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(reviews)
    .where(and(isShown, about(subject)));
  return row?.n ?? 0;
}

const managedColumns = {
  ...columns,
  userId: reviews.userId,
  authorEmail: user.email,
  hiddenAt: reviews.hiddenAt,
  toolId: reviews.toolId,
  toolName: tools.name,
};
export type ManagedReviewRow = ReviewRow & {
  userId: string;
  authorEmail: string;
  hiddenAt: Date | null;
  toolId: string | null;
  toolName: string | null;
};

export function toManagedReview(row: ManagedReviewRow): ManagedReview {
  return {
    ...toReview(row),
    tool: row.toolId === null ? null : { _id: row.toolId, name: row.toolName ?? '' },
    authorEmail: row.authorEmail,
    hidden: row.hiddenAt !== null,
    hiddenAt: row.hiddenAt?.toISOString() ?? null,
  };
}

export interface ManagedFilter {
  /** One author's reviews. */
  userId?: string;
  /** Only those about one tool, or only those of the store (null). */
  subject?: ReviewSubject;
  /** Only the hidden (true) or only the shown (false) ones. */
  hidden?: boolean | undefined;
}

function managedFilter(filter: ManagedFilter): SQL | undefined {
  return and(
    filter.userId !== undefined ? eq(reviews.userId, filter.userId) : undefined,
    filter.subject !== undefined ? about(filter.subject) : undefined,
    filter.hidden === undefined ? undefined : filter.hidden ? isNotNull(reviews.hiddenAt) : isShown,
  );
}

/** Reviews with their author and whether hidden, newest first, and how many match in all. */
export async function listManagedReviews(
  tx: Tx,
  filter: ManagedFilter,
  page: { limit: number; offset: number },
): Promise<{ reviews: ManagedReview[]; total: number }> {
  const where = managedFilter(filter);
  const [rows, [counted]] = await readTogether(tx, [
    () =>
      tx
        .select(managedColumns)
        .from(reviews)
        .innerJoin(user, eq(user.id, reviews.userId))
        .leftJoin(tools, eq(tools.id, reviews.toolId))
        .where(where)
        .orderBy(desc(reviews.createdAt), desc(reviews.id))
        .limit(page.limit)
        .offset(page.offset),
    () => tx.select({ total: sql<number>`count(*)::int` }).from(reviews).where(where),
  ]);
  return { reviews: rows.map(toManagedReview), total: counted?.total ?? 0 };
}

/** The review, its row locked until the transaction ends. */
export async function lockManagedReview(tx: Tx, id: string): Promise<ManagedReviewRow | undefined> {
  const [row] = await tx
    .select(managedColumns)
    .from(reviews)
    .innerJoin(user, eq(user.id, reviews.userId))
    .leftJoin(tools, eq(tools.id, reviews.toolId))
    .where(eq(reviews.id, id))
    .for('update', { of: reviews });
  return row;
}

export async function setHidden(tx: Tx, id: string, hiddenBy: string | null): Promise<Date | null> {
  const [row] = await tx
    .update(reviews)
    .set({
      hiddenAt: hiddenBy === null ? null : sql`now()`,
      hiddenBy,
      updatedAt: sql`now()`,
    })
    .where(eq(reviews.id, id))
    .returning({ hiddenAt: reviews.hiddenAt });
  return row?.hiddenAt ?? null;
}

export async function deleteReview(tx: Tx, id: string): Promise<number> {
  const rows = await tx.delete(reviews).where(eq(reviews.id, id)).returning({ id: reviews.id });
  return rows.length;
}

/**
 * Whether the customer has an order that was paid (shipped ones were paid first); with a tool,
 * one with that tool on it.
 */
export async function hasPaidOrder(tx: Tx, userId: string, toolId?: string): Promise<boolean> {
  const paid = and(eq(orders.userId, userId), isNotNull(orders.paidAt));
  const [row] =
    toolId === undefined
      ? await tx.select({ id: orders.id }).from(orders).where(paid).limit(1)
      : await tx
          .select({ id: orders.id })
          .from(orderLines)
          .innerJoin(orders, eq(orders.id, orderLines.orderId))
          .where(and(eq(orderLines.toolId, toolId), eq(orderLines.userId, userId), paid))
          .limit(1);
  return row !== undefined;
}

/** A tool in the catalogue (not deleted): its id and name; undefined when there is none. */
export async function findListedTool(
  tx: Tx,
  id: string,
): Promise<{ id: string; name: string } | undefined> {
  const [row] = await tx
    .select({ id: tools.id, name: tools.name })
    .from(tools)
    .where(and(eq(tools.id, id), isNull(tools.deletedAt)));
  return row;
}

/** The customer's one review of the store or of a tool; undefined when they have none. */
export async function findOwnReview(
  tx: Tx,
  userId: string,
  subject: ReviewSubject,
): Promise<ManagedReview | undefined> {
  const { reviews: found } = await listManagedReviews(
    tx,
    { userId, subject },
    { limit: 1, offset: 0 },
  );
  return found[0];
}

/**
 * Stores the customer's review of the store or of a tool: their first, or a new text and rating
 * for the one they have (one per customer and subject: reviews_user_idx, reviews_user_tool_idx).
 * An edit keeps its place among the newest (createdAt) and whether an admin hid it; the name is
 * the account's as it is now.
 */
export async function saveReview(
  tx: Tx,
  values: {
    userId: string;
    userName: string;
    image: string | null;
    subject: ReviewSubject;
    rating: number;
    review: string;
  },
): Promise<Review> {
  const [row] = await tx
    .insert(reviews)
    .values({
      userId: values.userId,
      userName: values.userName,
      toolId: values.subject,
      rating: values.rating,
      review: values.review,
    })
    .onConflictDoUpdate({
      ...(values.subject === null
        ? { target: reviews.userId, targetWhere: sql`${reviews.toolId} is null` }
        : {
            target: [reviews.userId, reviews.toolId],
            targetWhere: sql`${reviews.toolId} is not null`,
          }),
      set: {
        userName: values.userName,
        rating: values.rating,
        review: values.review,
        updatedAt: sql`now()`,
      },
    })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return toReview({ ...row, img: values.image });
}
