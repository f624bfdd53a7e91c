import type { AuditAction } from '../../../contract/audit.ts';
import type {
  CreateReviewBody,
  ListAllReviewsQuery,
  ManagedReview,
  Review,
  ReviewEligibility,
} from '../../../contract/reviews.ts';
import type { Db, Tx } from '../../db/client.ts';
import { AppError, assertEmailVerified, forbidden, notFound } from '../../errors.ts';
import type { SessionUser } from '../../http/session.ts';
import { recordAudit } from '../audit/index.ts';
import * as repo from './reviews.repo.ts';

export interface ReviewsOptions {
  /**
   * Called after a review is stored, hidden, shown or deleted: pages that show reviews are made
   * again, on every instance.
   */
  onChange: () => void;
}

/** How much of a review the audit log keeps: enough to know which one it was. */
const EXCERPT_LENGTH = 80;

function excerpt(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length <= EXCERPT_LENGTH ? line : `${line.slice(0, EXCERPT_LENGTH - 1).trimEnd()}…`;
}

const reviewNotFound = () => notFound('There is no review with this id.');

/** Why a customer without a paid order cannot review: said on the form and in the refusal. */
const NEEDS_PAID_ORDER =
  'Reviews come from customers who have bought from us: you can write yours once one of your orders is paid.';
const NEEDS_CONFIRMED_EMAIL =
  'Confirm your email address before posting a review: follow the link we emailed you.';

async function audit(
  tx: Tx,
  actor: SessionUser,
  action: AuditAction,
  review: repo.ManagedReviewRow,
): Promise<void> {
  await recordAudit(tx, actor, {
    action,
    target: { type: 'review', id: review.id, label: `review by ${review.userName}` },
    details: {
      author: review.userName,
      authorEmail: review.authorEmail,
      rating: review.rating,
      excerpt: excerpt(review.review),
    },
  });
}

export function createReviewsService(db: Db, { onChange }: ReviewsOptions) {
  return {
    /** One page of shown reviews, newest first, and how many there are in all. */
    async list(page: {
      limit: number;
      offset: number;
    }): Promise<{ reviews: Review[]; total: number }> {
      const [list, total] = await Promise.all([repo.listReviews(db, page), repo.countReviews(db)]);
      return { reviews: list, total };
    },

    /** Every review for admins, hidden ones included (or one kind), newest first. */
    listAll(query: ListAllReviewsQuery): Promise<{ reviews: ManagedReview[]; total: number }> {
      const hidden = query.hidden === undefined ? undefined : query.hidden === 'true';
      return repo.listManagedReviews(db, { hidden }, query);
    },

    /** The caller's own reviews, hidden ones included. */
    listMine(
      user: SessionUser,
      page: { limit: number; offset: number },
    ): Promise<{ reviews: ManagedReview[]; total: number }> {
      return repo.listManagedReviews(db, { userId: user.id }, page);
    },

    /** Whether the caller may post a review (why not, in a sentence), and the one they have. */
    async eligibility(user: SessionUser): Promise<ReviewEligibility> {
      const [review, hasPaid] = await Promise.all([
        repo.findOwnReview(db, user.id),
        repo.hasPaidOrder(db, user.id),
      ]);
      const reason = !user.emailVerified
        ? NEEDS_CONFIRMED_EMAIL
        : hasPaid
          ? null
          : NEEDS_PAID_ORDER;
      return { canPost: reason === null, reason, review: review ?? null };
    },

    /**
     * Posts the caller's review, or edits the one they have (one per customer). The author is the
     * session's user; the request body cannot name anyone. Only customers who confirmed their email
     * and have a paid order may post: a review shows their name and photo to every visitor, and one
     * from someone who never bought says nothing about the store.
     */
    async post(user: SessionUser, body: CreateReviewBody): Promise<Review> {
      assertEmailVerified(user, 'posting a review');
      const review = await db.transaction(async (tx) => {
        if (!(await repo.hasPaidOrder(tx, user.id))) {
          throw new AppError(403, 'paid_order_required', NEEDS_PAID_ORDER);
        }
        return repo.saveReview(tx, {
          userId: user.id,
          userName: user.name,
          image: user.image,
          rating: body.rating,
          review: body.review,
        });
      });
      onChange();
      return review;
    },

    /** Hides a review from every public list, or shows it again (admins); audited. */
    async setHidden(admin: SessionUser, id: string, hidden: boolean): Promise<ManagedReview> {
      const result = await db.transaction(async (tx) => {
        const review = await repo.lockManagedReview(tx, id);
        if (!review) throw reviewNotFound();
        if ((review.hiddenAt !== null) === hidden) return { review, changed: false };
        const hiddenAt = await repo.setHidden(tx, id, hidden ? admin.id : null);
        await audit(tx, admin, hidden ? 'review.hidden' : 'review.shown', review);
        return { review: { ...review, hiddenAt }, changed: true };
      });
      if (result.changed) onChange();
      return repo.toManagedReview(result.review);
    },

    /** Deletes a review: its author their own, an admin any; audited. */
    async delete(user: SessionUser, id: string): Promise<{ deletedCount: number }> {
      const deletedCount = await db.transaction(async (tx) => {
        const review = await repo.lockManagedReview(tx, id);
        if (!review) throw reviewNotFound();
        if (review.userId !== user.id && user.role !== 'Admin') {
          throw forbidden('You can only delete your own reviews.');
        }
        const deleted = await repo.deleteReview(tx, id);
        await audit(tx, user, 'review.deleted', review);
        return deleted;
      });
      onChange();
      return { deletedCount };
    },
  };
}

export type ReviewsService = ReturnType<typeof createReviewsService>;
