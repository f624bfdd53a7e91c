import type { CreateReviewBody, Review } from '../../../contract/reviews.ts';
import type { Db } from '../../db/client.ts';
import { assertEmailVerified } from '../../errors.ts';
import type { SessionUser } from '../../http/session.ts';
import * as repo from './reviews.repo.ts';

export interface ReviewsOptions {
  /** Called after a review is stored: pages that show reviews are made again. */
  onChange: () => void;
}

export function createReviewsService(db: Db, { onChange }: ReviewsOptions) {
  return {
    /** One page of reviews, newest first, and how many there are in all. */
    async list(page: {
      limit: number;
      offset: number;
    }): Promise<{ reviews: Review[]; total: number }> {
      const [list, total] = await Promise.all([repo.listReviews(db, page), repo.countReviews(db)]);
      return { reviews: list, total };
    },

    /**
     * The author is the session's user; the request body cannot name anyone. Only customers who
     * confirmed their email may post: a review shows their name and photo to every visitor.
     */
    async create(user: SessionUser, body: CreateReviewBody): Promise<Review> {
      assertEmailVerified(user, 'posting a review');
      const review = await repo.insertReview(db, {
        userId: user.id,
        userName: user.name,
        image: user.image,
        rating: body.rating,
        review: body.review,
      });
      onChange();
      return review;
    },
  };
}

export type ReviewsService = ReturnType<typeof createReviewsService>;
