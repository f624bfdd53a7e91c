import {
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { CreateReviewBody, ManagedReview } from '#contract/reviews.ts';
import { callApi, callApiPage } from '#web/lib/api-client.ts';
import { apiRoutes } from '#web/lib/api-routes.ts';
import { queryKeys } from '#web/lib/query-client.ts';

export const HOME_REVIEW_COUNT = 3;

export function latestReviewsQuery(limit: number) {
  return queryOptions({
    queryKey: [...queryKeys.reviews, 'latest', limit],
    queryFn: ({ signal }) => callApi(apiRoutes.reviews.list, { query: { limit } }, { signal }),
  });
}

export const useLatestReviews = (limit = HOME_REVIEW_COUNT) => useQuery(latestReviewsQuery(limit));

/** Whether the signed-in customer may post a review, why not, and the review they have. */
function reviewEligibilityQuery() {
  return queryOptions({
    queryKey: [...queryKeys.reviews, 'eligibility'],
    queryFn: ({ signal }) => callApi(apiRoutes.reviews.eligibility, {}, { signal }),
  });
}

export const useReviewEligibility = () => useQuery(reviewEligibilityQuery());

/** How many of a tool's reviews its page shows first (rendered by the server). */
const TOOL_REVIEW_PAGE = 5;
/** How many more each "Show more reviews" brings. */
const MORE_REVIEWS_PAGE = 20;

/** The newest reviews of a tool, the first page: what the server renders. */
export function toolReviewsQuery(toolId: string) {
  return queryOptions({
    queryKey: [...queryKeys.reviews, 'tool', toolId],
    queryFn: async ({ signal }) => {
      const { items, total } = await callApiPage(
        apiRoutes.reviews.toolList,
        { params: { id: toolId }, query: { limit: TOOL_REVIEW_PAGE, offset: 0 } },
        { signal },
      );
      return { reviews: items, total };
    },
  });
}

export const useToolReviews = (toolId: string) => useQuery(toolReviewsQuery(toolId));

/**
 * The reviews after the first page, a page at a time, asked for once the reader wants more: as
 * many as the tool has, each page read from the store (never the whole list at once).
 */
export function useMoreToolReviews(toolId: string, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: [...queryKeys.reviews, 'tool', toolId, 'more'],
    initialPageParam: TOOL_REVIEW_PAGE,
    queryFn: async ({ pageParam, signal }) => {
      const { items, total } = await callApiPage(
        apiRoutes.reviews.toolList,
        { params: { id: toolId }, query: { limit: MORE_REVIEWS_PAGE, offset: pageParam } },
        { signal },
      );
      return { reviews: items, total, offset: pageParam };
    },
    getNextPageParam: (last) =>
      last.offset + MORE_REVIEWS_PAGE < last.total ? last.offset + MORE_REVIEWS_PAGE : undefined,
    enabled,
  });
}

/** Whether the signed-in customer may review a tool, why not, and their review of it. */
export const useToolReviewEligibility = (toolId: string, enabled: boolean) =>
  useQuery({
    queryKey: [...queryKeys.reviews, 'tool', toolId, 'eligibility'],
    queryFn: ({ signal }) =>
      callApi(apiRoutes.reviews.toolEligibility, { params: { id: toolId } }, { signal }),
    enabled,
  });

/**
 * Posts the customer's review of the store, or of a tool (`toolId`), or edits the one they have
 * (one each). A tool's review changes its rating: the tool is read again too.
 */
export function useCreateReview(toolId?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateReviewBody) =>
      toolId === undefined
        ? callApi(apiRoutes.reviews.create, { body })
        : callApi(apiRoutes.reviews.toolCreate, { params: { id: toolId }, body }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.reviews }),
        toolId === undefined ? null : queryClient.invalidateQueries({ queryKey: queryKeys.tools }),
      ]),
  });
}

/** What the moderation screen asks for: all reviews, or only hidden or shown ones; a page. */
export interface ReviewListParams {
  hidden?: 'true' | 'false' | undefined;
  limit: number;
  offset: number;
}

/** Every review for admins, hidden ones included, a page at a time. */
function allReviewsQuery(params: ReviewListParams) {
  return queryOptions({
    queryKey: [...queryKeys.reviews, 'all', params],
    queryFn: async ({ signal }) => {
      const { items, total } = await callApiPage(
        apiRoutes.reviews.listAll,
        { query: params },
        { signal },
      );
      return { reviews: items, total };
    },
  });
}

/** The signed-in customer's own reviews, a page at a time. */
function myReviewsQuery(params: { limit: number; offset: number }) {
  return queryOptions({
    queryKey: [...queryKeys.reviews, 'mine', params],
    queryFn: async ({ signal }) => {
      const { items, total } = await callApiPage(
        apiRoutes.reviews.listMine,
        { query: params },
        { signal },
      );
      return { reviews: items, total };
    },
  });
}

export const useAllReviews = (params: ReviewListParams) =>
  useQuery({ ...allReviewsQuery(params), placeholderData: keepPreviousData });
export const useMyReviews = (params: { limit: number; offset: number }) =>
  useQuery({ ...myReviewsQuery(params), placeholderData: keepPreviousData });

/** Every review list (home page included) and the audit log change with a moderation. */
function useReviewsChanged() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.reviews }),
      queryClient.invalidateQueries({ queryKey: queryKeys.audit }),
    ]);
}

export function useSetReviewHidden() {
  const changed = useReviewsChanged();
  return useMutation({
    mutationFn: ({ review, hidden }: { review: ManagedReview; hidden: boolean }) =>
      callApi(apiRoutes.reviews.setHidden, { params: { id: review._id }, body: { hidden } }),
    onSettled: changed,
  });
}

export function useDeleteReview() {
  const changed = useReviewsChanged();
  return useMutation({
    mutationFn: (review: ManagedReview) =>
      callApi(apiRoutes.reviews.delete, { params: { id: review._id } }),
    onSettled: changed,
  });
}
