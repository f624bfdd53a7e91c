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
   * again, on every instance. A tool's review changes the tool itself (its rating): `tool`.
   */
  onChange: (about: 'store' | 'tool') => void;
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
    target: {
      type: 'review',
      id: review.id,
      label:
        review.toolName === null
          ? `review by ${review.userName}`
          : `review of ${review.toolName} by ${review.userName}`,
    },
    details: {
      author: review.userName,
      authorEmail: review.authorEmail,
      rating: review.rating,
      excerpt: excerpt(review.review),
    },
  });
}

const NEEDS_TOOL_BOUGHT =
  'Reviews of a tool come from customers who bought it: you can write yours once an order with this tool on it is paid.';
const toolNotFound = () => notFound('There is no tool with this id in the catalogue.');

export function createReviewsService(db: Db, { onChange }: ReviewsOptions) {
  /** The tool a review would be about: one in the catalogue, or a 404. */
  async function listedTool(tx: Db | Tx, id: string): Promise<{ id: string; name: string }> {
    const tool = await repo.findListedTool(tx, id);
    if (!tool) throw toolNotFound();
    return tool;
  }

  /** Whether the caller may review the store (null) or a tool, and why not, in a sentence. */
  async function refusal(tx: Db | Tx, user: SessionUser, toolId: string | null) {
    if (!user.emailVerified) return NEEDS_CONFIRMED_EMAIL;
    if (toolId === null) return (await repo.hasPaidOrder(tx, user.id)) ? null : NEEDS_PAID_ORDER;
    return (await repo.hasPaidOrder(tx, user.id, toolId)) ? null : NEEDS_TOOL_BOUGHT;
  }

  /**
   * Posts the caller's review of the store (null) or of a tool, or edits the one they have. The
   * author is the session's user; the request body cannot name anyone. Only customers who
   * confirmed their email and bought (the tool, for a tool's review) may post: a review shows their
   * name and photo to every visitor, and one from someone who never bought says nothing.
   */
  async function post(user: SessionUser, toolId: string | null, body: CreateReviewBody) {
    assertEmailVerified(user, 'posting a review');
    const review = await db.transaction(async (tx) => {
      if (toolId !== null) await listedTool(tx, toolId);
      const reason = await refusal(tx, user, toolId);
      if (reason !== null) throw new AppError(403, 'paid_order_required', reason);
      return repo.saveReview(tx, {
        userId: user.id,
        userName: user.name,
        image: user.image,
        subject: toolId,
        rating: body.rating,
        review: body.review,
      });
    });
    onChange(toolId === null ? 'store' : 'tool');
    return review;
  }

  async function eligibility(user: SessionUser, toolId: string | null): Promise<ReviewEligibility> {
    const [review, reason] = await Promise.all([
      repo.findOwnReview(db, user.id, toolId),
      refusal(db, user, toolId),
    ]);
    return { canPost: reason === null, reason, review: review ?? null };
  }

  return {
    /** One page of the store's shown reviews, newest first, and how many there are in all. */
    async list(page: {
      limit: number;
      offset: number;
    }): Promise<{ reviews: Review[]; total: number }> {
      const [list, total] = await Promise.all([
        repo.listReviews(db, null, page),
        repo.countReviews(db, null),
      ]);
      return { reviews: list, total };
    },

    /** One page of a tool's shown reviews, newest first, and how many there are in all. */
    async listForTool(
      toolId: string,
      page: { limit: number; offset: number },
    ): Promise<{ reviews: Review[]; total: number }> {
      await listedTool(db, toolId);
      const [list, total] = await Promise.all([
        repo.listReviews(db, toolId, page),
        repo.countReviews(db, toolId),
      ]);
      return { reviews: list, total };
    },

    /** Every review for admins, hidden ones included (or one kind), newest first. */
    listAll(query: ListAllReviewsQuery): Promise<{ reviews: ManagedReview[]; total: number }> {
      const hidden = query.hidden === undefined ? undefined : query.hidden === 'true';
      return repo.listManagedReviews(db, { hidden }, query);
    },

    /** The caller's own reviews, of the store and of tools, hidden ones included. */
    listMine(
      user: SessionUser,
      page: { limit: number; offset: number },
    ): Promise<{ reviews: ManagedReview[]; total: number }> {
      return repo.listManagedReviews(db, { userId: user.id }, page);
    },

    /** Whether the caller may review the store (why not, in a sentence), and the one they have. */
    eligibility: (user: SessionUser) => eligibility(user, null),

    /** Whether the caller may review a tool (why not, in a sentence), and the one they have. */
    async eligibilityForTool(user: SessionUser, toolId: string): Promise<ReviewEligibility> {
      await listedTool(db, toolId);
      return eligibility(user, toolId);
    },

    /** Posts or edits the caller's review of the store. */
    post: (user: SessionUser, body: CreateReviewBody): Promise<Review> => post(user, null, body),

    /** Posts or edits the caller's review of a tool; the tool's rating follows (a trigger). */
    postForTool: (user: SessionUser, toolId: string, body: CreateReviewBody): Promise<Review> =>
      post(user, toolId, body),

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
      if (result.changed) onChange(result.review.toolId === null ? 'store' : 'tool');
      return repo.toManagedReview(result.review);
    },

    /** Deletes a review: its author their own, an admin any; audited. */
    async delete(user: SessionUser, id: string): Promise<{ deletedCount: number }> {
      const result = await db.transaction(async (tx) => {
        const review = await repo.lockManagedReview(tx, id);
        if (!review) throw reviewNotFound();
        if (review.userId !== user.id && user.role !== 'Admin') {
          throw forbidden('You can only delete your own reviews.');
        }
        const deleted = await repo.deleteReview(tx, id);
        await audit(tx, user, 'review.deleted', review);
        return { deleted, about: review.toolId === null ? ('store' as const) : ('tool' as const) };
      });
      onChange(result.about);
      return { deletedCount: result.deleted };
    },
  };
}

export type ReviewsService = ReturnType<typeof createReviewsService>;
