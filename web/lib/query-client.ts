import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-error.ts';

const FIVE_MINUTES = 5 * 60_000;
const MAX_RETRIES = 3;

/** Retry server and network failures only: a 4xx will answer the same way again. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.isClientError) return false;
  return failureCount < MAX_RETRIES;
}

/** Exponential back-off: 1 s, 2 s, 4 s... capped at 30 s. */
function retryDelay(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, 30_000);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: FIVE_MINUTES,
        gcTime: FIVE_MINUTES,
        retry: shouldRetry,
        retryDelay,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}

/** Root keys: a feature invalidates another's data by its root key only. */
export const queryKeys = {
  config: ['config'],
  session: ['session'],
  tools: ['tools'],
  orders: ['orders'],
  payments: ['payments'],
  reviews: ['reviews'],
  users: ['users'],
  cart: ['cart'],
  addresses: ['addresses'],
  deliveryMethods: ['delivery-methods'],
  quotes: ['quotes'],
  savedLists: ['saved-lists'],
  audit: ['audit'],
  catalogueImports: ['catalogue-imports'],
  companies: ['companies'],
  terms: ['terms'],
  tax: ['tax'],
} as const;
