import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateReviewBody } from '../../../../contract/reviews.ts';
import { callApi } from '../../../lib/api-client.ts';
import { apiRoutes } from '../../../lib/api-routes.ts';
import { queryKeys } from '../../../lib/query-client.ts';

export const HOME_REVIEW_COUNT = 3;

export function latestReviewsQuery(limit: number) {
  return queryOptions({
    queryKey: [...queryKeys.reviews, 'latest', limit],
    queryFn: ({ signal }) => callApi(apiRoutes.reviews.list, { query: { limit } }, { signal }),
  });
}

export const useLatestReviews = (limit = HOME_REVIEW_COUNT) => useQuery(latestReviewsQuery(limit));

export function useCreateReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateReviewBody) => callApi(apiRoutes.reviews.create, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.reviews }),
  });
}
