import { count, desc, eq } from 'drizzle-orm';
import type { Review } from '../../../contract/reviews.ts';
import type { Tx } from '../../db/client.ts';
import { reviews, user } from '../../db/schema.ts';

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
    img: row.img,
    rating: row.rating,
    review: row.review,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listReviews(
  tx: Tx,
  page: { limit: number; offset: number },
): Promise<Review[]> {
  const rows = await tx
    .select(columns)
    .from(reviews)
    .innerJoin(user, eq(user.id, reviews.userId))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(page.limit)
    .offset(page.offset);
  return rows.map(toReview);
}

export async function countReviews(tx: Tx): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(reviews);
  return row?.n ?? 0;
}

export async function insertReview(
  tx: Tx,
  values: {
    userId: string;
    userName: string;
    image: string | null;
    rating: number;
    review: string;
  },
): Promise<Review> {
  const [row] = await tx
    .insert(reviews)
    .values({
      userId: values.userId,
      userName: values.userName,
      rating: values.rating,
      review: values.review,
    })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return toReview({ ...row, img: values.image });
}
