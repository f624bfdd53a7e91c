import { z } from 'zod';
import {
  DeletedCountSchema,
  IdParamsSchema,
  IdSchema,
  multilineText,
  route,
  TimestampSchema,
} from './common.ts';

export const ReviewSchema = z.object({
  _id: IdSchema,
  /** The author's name, taken from their account when the review was posted. */
  userName: z.string(),
  /** The author's photo, when they have one. */
  img: z.string().nullable(),
  rating: z.int().min(1).max(5),
  review: z.string(),
  createdAt: TimestampSchema,
});
export type Review = z.infer<typeof ReviewSchema>;

export const CreateReviewBodySchema = z.strictObject({
  review: multilineText(3, 1000),
  rating: z
    .int({ error: 'Must be a whole number from 1 to 5.' })
    .min(1, { error: 'Must be from 1 to 5.' })
    .max(5, { error: 'Must be from 1 to 5.' }),
});
export type CreateReviewBody = z.infer<typeof CreateReviewBodySchema>;

export const DEFAULT_REVIEW_PAGE = 20;
export const MAX_REVIEW_PAGE = 100;

/** Reviews come a page at a time (newest first); the total is in X-Total-Count. */
export const ListReviewsQuerySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(MAX_REVIEW_PAGE).default(DEFAULT_REVIEW_PAGE),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

/** A review as its author and admins see it: whose it is, and whether it is hidden. */
export const ManagedReviewSchema = ReviewSchema.extend({
  authorEmail: z.string(),
  /** Hidden by an admin: out of every public list until shown again. */
  hidden: z.boolean(),
  hiddenAt: TimestampSchema.nullable(),
});
export type ManagedReview = z.infer<typeof ManagedReviewSchema>;

/** The reviews admins moderate: every one, or only the hidden or the shown ones; a page. */
export const ListAllReviewsQuerySchema = ListReviewsQuerySchema.extend({
  hidden: z.enum(['true', 'false'], { error: 'Must be true or false.' }).optional(),
});
export type ListAllReviewsQuery = z.output<typeof ListAllReviewsQuerySchema>;

export const SetReviewHiddenBodySchema = z.strictObject({
  hidden: z.boolean({ error: 'Must be true or false.' }),
});
export type SetReviewHiddenBody = z.infer<typeof SetReviewHiddenBodySchema>;

export const reviewRoutes = {
  list: route({
    method: 'GET',
    path: '/reviews',
    access: 'public',
    summary: `Shown reviews (hidden ones never), newest first, a page at a time (limit ${DEFAULT_REVIEW_PAGE} unless given, at most ${MAX_REVIEW_PAGE}); the total is in X-Total-Count.`,
    tags: ['reviews'],
    query: ListReviewsQuerySchema,
    response: z.array(ReviewSchema),
  }),
  create: route({
    method: 'POST',
    path: '/reviews',
    access: 'user',
    summary: "Post a review; the author's name comes from the session.",
    tags: ['reviews'],
    body: CreateReviewBodySchema,
    response: ReviewSchema,
    status: 201,
  }),
  listAll: route({
    method: 'GET',
    path: '/reviews/all',
    access: 'admin',
    summary: `Every review for moderation, hidden ones included (hidden=true or false keeps one kind), newest first, a page at a time (limit ${DEFAULT_REVIEW_PAGE} unless given, at most ${MAX_REVIEW_PAGE}); the total is in X-Total-Count.`,
    tags: ['reviews'],
    query: ListAllReviewsQuerySchema,
    response: z.array(ManagedReviewSchema),
  }),
  listMine: route({
    method: 'GET',
    path: '/reviews/mine',
    access: 'user',
    summary: `The signed-in customer's own reviews, hidden ones included, newest first, a page at a time (limit ${DEFAULT_REVIEW_PAGE} unless given, at most ${MAX_REVIEW_PAGE}); the total is in X-Total-Count.`,
    tags: ['reviews'],
    query: ListReviewsQuerySchema,
    response: z.array(ManagedReviewSchema),
  }),
  setHidden: route({
    method: 'PUT',
    path: '/reviews/:id',
    access: 'admin',
    summary:
      'Hide a review from every public list (home page included, at once), or show it again: `{hidden: true | false}`. Written to the audit log (review.hidden, review.shown).',
    tags: ['reviews'],
    params: IdParamsSchema,
    body: SetReviewHiddenBodySchema,
    response: ManagedReviewSchema,
  }),
  delete: route({
    method: 'DELETE',
    path: '/reviews/:id',
    access: 'user',
    summary:
      'Delete a review for good: its author may delete their own, an admin any (others 403, unknown 404). Written to the audit log (review.deleted).',
    tags: ['reviews'],
    params: IdParamsSchema,
    response: DeletedCountSchema,
  }),
} as const;
