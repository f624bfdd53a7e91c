import type { CreateReviewBody, Review } from '../../../contract/reviews.ts';
import type { Db } from '../../db/client.ts';
import type { SessionUser } from '../../http/session.ts';
import * as repo from './reviews.repo.ts';

export function createReviewsService(db: Db) {
  return {
    list: (limit?: number): Promise<Review[]> => repo.listReviews(db, limit),

    /** The author is the session's user; the request body cannot name anyone. */
    create: (user: SessionUser, body: CreateReviewBody): Promise<Review> =>
      repo.insertReview(db, {
        userId: user.id,
        userName: user.name,
        image: user.image,
        rating: body.rating,
        review: body.review,
      }),
  };
}

export type ReviewsService = ReturnType<typeof createReviewsService>;
