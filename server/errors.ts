import type { FieldError, Problem, ProblemCode } from '../contract/problem.ts';

/** An error a client can act on: becomes a problem+json response with this status and code. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ProblemCode,
    message: string,
    readonly errors?: FieldError[],
    readonly headers?: Record<string, string>,
    /** Members of the problem beyond the usual ones (e.g. the lines short of stock). */
    readonly details?: Pick<Problem, 'lines' | 'confirm' | 'order'>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, errors?: FieldError[]) =>
  new AppError(400, 'validation_failed', message, errors);

export const fieldError = (field: string, message: string, location: FieldError['in'] = 'body') =>
  new AppError(400, 'validation_failed', message, [{ field, in: location, message }]);

export const unauthenticated = (message = 'Sign in to do this.') =>
  new AppError(401, 'unauthenticated', message);

export const forbidden = (message = 'You are not allowed to do this.') =>
  new AppError(403, 'forbidden', message);

/**
 * Ordering and reviewing need a confirmed email address; `toDo` says what waits ("placing an
 * order", "posting a review").
 */
export function assertEmailVerified(user: { emailVerified: boolean }, toDo: string): void {
  if (user.emailVerified) return;
  throw new AppError(
    403,
    'email_not_verified',
    `Confirm your email address before ${toDo}: follow the link we emailed you, or ask for a new one.`,
  );
}

export const notFound = (message = 'Not found.') => new AppError(404, 'not_found', message);

export const conflict = (code: ProblemCode, message: string) => new AppError(409, code, message);

/**
 * A request asked again with its Idempotency-Key but other details: a mistake, not a new request
 * (422). `already` is what the key already did ("placed an order with other details"), `newKeyFor`
 * what a new key would be for ("a new order").
 */
export const idempotencyKeyReused = (already: string, newKeyFor: string) =>
  new AppError(
    422,
    'idempotency_key_reused',
    `This Idempotency-Key already ${already}: use a new key for ${newKeyFor}.`,
  );

/**
 * A change that looks like a mistake: refused until the request acknowledges each of `confirm`;
 * `errors` say why under the fields concerned.
 */
export const confirmationRequired = (message: string, confirm: string[], errors: FieldError[]) =>
  new AppError(409, 'confirmation_required', message, errors, undefined, { confirm });

export const serviceUnavailable = (
  message = 'The store is temporarily unavailable. Please try again shortly.',
  retryAfterSeconds = 5,
) =>
  new AppError(503, 'service_unavailable', message, undefined, {
    'retry-after': String(retryAfterSeconds),
  });
