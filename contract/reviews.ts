import { z } from 'zod';
import { IdSchema, plainText, route, TimestampSchema } from './common.ts';

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
  review: plainText(3, 1000),
  rating: z
    .int({ error: 'Must be a whole number from 1 to 5.' })
    .min(1, { error: 'Must be from 1 to 5.' })
    .max(5, { error: 'Must be from 1 to 5.' }),
});
export type CreateReviewBody = z.infer<typeof CreateReviewBodySchema>;

export const ListReviewsQuerySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(100).optional(),
});

export const reviewRoutes = {
  list: route({
    method: 'GET',
    path: '/reviews',
    access: 'public',
    summary: 'Reviews, newest first.',
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
