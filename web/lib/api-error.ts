import type { FieldError, Problem } from '#contract/problem.ts';

/** A failed API call, built from the server's problem+json (or from a network failure). */
export class ApiError extends Error {
  readonly status: number;
  /** Stable code to branch on (`out_of_stock`, `invalid_email_or_password`, `network_error`...). */
  readonly code: string;
  readonly detail: string;
  readonly errors: FieldError[];
  /** With `confirmation_required`: what the request must acknowledge in `confirm` to go ahead. */
  readonly confirm: string[];
  /** With `cart_checked_out`: the order that cart became. */
  readonly order: Problem['order'];
  /** Seconds to wait before asking again (a 429 or 503's Retry-After), when the server said. */
  readonly retryAfter: number | undefined;

  constructor(init: {
    status: number;
    code: string;
    detail: string;
    errors?: FieldError[];
    confirm?: string[];
    order?: Problem['order'];
    retryAfter?: number | undefined;
  }) {
    super(init.detail);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.detail = init.detail;
    this.errors = init.errors ?? [];
    this.confirm = init.confirm ?? [];
    this.order = init.order;
    this.retryAfter = init.retryAfter;
  }

  /** 4xx: asking again will not help, so queries do not retry these. */
  get isClientError(): boolean {
    return this.status >= 400 && this.status < 500;
  }
}

/** A Retry-After header in seconds (a whole number above 0), or undefined when it says nothing usable. */
export function retryAfterSeconds(header: string | null): number | undefined {
  const seconds = Number(header);
  return Number.isInteger(seconds) && seconds > 0 ? seconds : undefined;
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/**
 * Whether asking again can help: after a failure of the network or the store, a 408 or a 429,
 * never after any other refusal (a 403, a 404, a validation error).
 */
export function isWorthRetrying(error: unknown): boolean {
  if (!isApiError(error) || !error.isClientError) return true;
  return error.status === 408 || error.status === 429;
}

/** A sentence a person can read, for any error. */
export function errorMessage(error: unknown): string {
  if (isApiError(error)) return error.detail;
  if (error instanceof Error && error.message) return error.message;
  return 'Something went wrong. Please try again.';
}

export const NETWORK_ERROR_DETAIL =
  'Could not reach the store. Check your connection and try again.';
