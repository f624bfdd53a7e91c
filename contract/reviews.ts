import { z } from 'zod';
import {
  DeletedCountSchema,
  IdParamsSchema,
  IdSchema,
  multilineText,
  pageFields,
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

const DEFAULT_REVIEW_PAGE = 20;
const MAX_REVIEW_PAGE = 100;

/** Reviews come a page at a time (newest first); the total is in X-Total-Count. */
const ListReviewsQuerySchema = z.strictObject({
  ...pageFields({ max: MAX_REVIEW_PAGE, fallback: DEFAULT_REVIEW_PAGE }),
});

/** A review as its author and admins see it: whose it is, and whether it is hidden. */
export const ManagedReviewSchema = ReviewSchema.extend({
  /** The tool it is about; null for a review of the store. */
  tool: z.object({ _id: IdSchema, name: z.string() }).nullable(),
  authorEmail: z.string(),
  /** Hidden by an admin: out of every public list until shown again. */
  hidden: z.boolean(),
  hiddenAt: TimestampSchema.nullable(),
});
export type ManagedReview = z.infer<typeof ManagedReviewSchema>;

/** The reviews admins moderate: every one, or only the hidden or the shown ones; a page. */
const ListAllReviewsQuerySchema = ListReviewsQuerySchema.extend({
  hidden: z.enum(['true', 'false'], { error: 'Must be true or false.' }).optional(),
});
export type ListAllReviewsQuery = z.output<typeof ListAllReviewsQuerySchema>;

/** Whether the signed-in customer may post a review, why not, and the review they have. */
export const ReviewEligibilitySchema = z.object({
  canPost: z.boolean(),
  /** Why they cannot, in a sentence for people; null when they can. */
  reason: z.string().nullable(),
  /** Their review (one per customer), to edit; null when they have none. */
  review: ManagedReviewSchema.nullable(),
});
export type ReviewEligibility = z.infer<typeof ReviewEligibilitySchema>;

const SetReviewHiddenBodySchema = z.strictObject({
  hidden: z.boolean({ error: 'Must be true or false.' }),
});

const PAGE = `a page at a time (limit ${DEFAULT_REVIEW_PAGE} unless given, at most ${MAX_REVIEW_PAGE}; offset), newest first; the total is in X-Total-Count`;
const NO_REVIEW = 'No review with this id.';
const NO_TOOL = 'No tool with this id in the catalogue.';

export const reviewRoutes = {
  list: route({
    method: 'GET',
    path: '/reviews',
    access: 'public',
    summary: 'List reviews',
    description: `The reviews of the store shown to everyone (never the hidden ones; a tool's reviews are listed with the tool), ${PAGE}.`,
    returns: 'A page of reviews.',
    tags: ['reviews'],
    query: ListReviewsQuerySchema,
    response: z.array(ReviewSchema),
    responseHeaders: ['X-Total-Count'],
  }),
  create: route({
    method: 'POST',
    path: '/reviews',
    access: 'user',
    summary: 'Post or edit your review',
    description:
      "Posts the signed-in customer's review, who must have confirmed their email and have a paid order; the author's name and photo come from their account. A customer has one review: posting again edits it (the same `_id`, the new text and rating; it keeps its place and, if an admin hid it, stays hidden). At most a few posts and edits a day (RATE_LIMIT_REVIEWS_PER_USER).",
    returns: 'The review as shown.',
    tags: ['reviews'],
    body: CreateReviewBodySchema,
    response: ReviewSchema,
    status: 201,
    errors: {
      403: 'email_not_verified: the customer has not confirmed their email yet; paid_order_required: the customer has no paid order.',
      429: "rate_limited: too many changes by this customer in a short time, or today's posts and edits are used up.",
    },
  }),
  toolList: route({
    method: 'GET',
    path: '/tools/:id/reviews',
    access: 'public',
    summary: "List a tool's reviews",
    description: `The shown reviews of one tool by customers who bought it, ${PAGE}. The tool's average and count are on the tool itself (\`rating\`).`,
    returns: "A page of the tool's reviews.",
    tags: ['reviews'],
    params: IdParamsSchema,
    query: ListReviewsQuerySchema,
    response: z.array(ReviewSchema),
    responseHeaders: ['X-Total-Count'],
    errors: { 404: NO_TOOL },
  }),
  toolCreate: route({
    method: 'POST',
    path: '/tools/:id/reviews',
    access: 'user',
    summary: 'Post or edit your review of a tool',
    description:
      "Posts the signed-in customer's review of one tool: they must have confirmed their email and have a paid order with that tool on it. One review per customer and tool: posting again edits it (the same `_id`; it keeps its place and, if an admin hid it, stays hidden). The tool's rating follows at once. Counts toward the same daily limit as the store review (RATE_LIMIT_REVIEWS_PER_USER).",
    returns: 'The review as shown.',
    tags: ['reviews'],
    params: IdParamsSchema,
    body: CreateReviewBodySchema,
    response: ReviewSchema,
    status: 201,
    errors: {
      403: 'email_not_verified: the customer has not confirmed their email yet; paid_order_required: none of their paid orders has this tool on it.',
      404: NO_TOOL,
      429: "rate_limited: too many changes by this customer in a short time, or today's posts and edits are used up.",
    },
  }),
  toolEligibility: route({
    method: 'GET',
    path: '/tools/:id/reviews/eligibility',
    access: 'user',
    summary: 'Whether you may review a tool',
    description:
      'Whether the signed-in customer may review this tool (a confirmed email and a paid order with the tool on it), why not in a sentence, and their review of it when they have one, to edit.',
    returns: 'Whether the customer may post, why not, and their review of the tool.',
    tags: ['reviews'],
    params: IdParamsSchema,
    response: ReviewEligibilitySchema,
    errors: { 404: NO_TOOL },
  }),
  eligibility: route({
    method: 'GET',
    path: '/reviews/eligibility',
    access: 'user',
    summary: 'Whether you may review',
    description:
      'Whether the signed-in customer may post a review (a confirmed email and a paid order), why not in a sentence, and their review when they have one, to edit.',
    returns: 'Whether the customer may post, why not, and their review.',
    tags: ['reviews'],
    response: ReviewEligibilitySchema,
  }),
  listAll: route({
    method: 'GET',
    path: '/reviews/all',
    access: 'admin',
    summary: 'List reviews for moderation',
    description: `Every review for admins, hidden ones included (hidden=true or false keeps one kind), ${PAGE}.`,
    returns: 'A page of reviews with their authors and whether they are hidden.',
    tags: ['reviews'],
    query: ListAllReviewsQuerySchema,
    response: z.array(ManagedReviewSchema),
    responseHeaders: ['X-Total-Count'],
  }),
  listMine: route({
    method: 'GET',
    path: '/reviews/mine',
    access: 'user',
    summary: "List the customer's reviews",
    description: `The signed-in customer's own reviews, hidden ones included, ${PAGE}.`,
    returns: "A page of the customer's reviews.",
    tags: ['reviews'],
    query: ListReviewsQuerySchema,
    response: z.array(ManagedReviewSchema),
    responseHeaders: ['X-Total-Count'],
  }),
  setHidden: route({
    method: 'PUT',
    path: '/reviews/:id',
    access: 'admin',
    summary: 'Hide or show a review',
    description:
      'Hides a review from every public list (the home page included, at once), or shows it again: `{hidden: true | false}`. Written to the audit log (review.hidden, review.shown).',
    returns: 'The review as admins see it.',
    tags: ['reviews'],
    params: IdParamsSchema,
    body: SetReviewHiddenBodySchema,
    response: ManagedReviewSchema,
    errors: { 404: NO_REVIEW },
  }),
  delete: route({
    method: 'DELETE',
    path: '/reviews/:id',
    access: 'user',
    summary: 'Delete a review',
    description:
      'Deletes a review for good: its author may delete their own, an admin any. Written to the audit log (review.deleted).',
    returns: 'How many reviews were deleted: 1.',
    tags: ['reviews'],
    params: IdParamsSchema,
    response: DeletedCountSchema,
    errors: {
      403: "The review is another customer's.",
      404: NO_REVIEW,
      429: 'rate_limited: too many changes by this customer in a short time.',
    },
  }),
} as const;
