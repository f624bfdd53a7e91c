import { z } from 'zod';
import { IdSchema, multilineText, route, TimestampSchema } from './common.ts';

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

export const reviewRoutes = {
  list: route({
    method: 'GET',
    path: '/reviews',
    access: 'public',
    summary: `Reviews, newest first, a page at a time (limit ${DEFAULT_REVIEW_PAGE} unless given, at most ${MAX_REVIEW_PAGE}); the total is in X-Total-Count.`,
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
} as const;
