import { useCallback, useState } from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { errorMessage, isApiError, isWorthRetrying } from './api-error.ts';

/**
 * Puts the server's field errors back into the form. Returns true when at least one field got
 * its message; otherwise the caller shows the error for the whole form.
 */
function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): boolean {
  if (!isApiError(error)) return false;
  let applied = false;
  for (const fieldError of error.errors) {
    const field = fields.find((name) => name === fieldError.field);
    if (!field) continue;
    setError(field, { type: 'server', message: fieldError.message }, { shouldFocus: !applied });
    applied = true;
  }
  return applied;
}

/**
 * What a form says happened when its submit failed, in its own words: "Nothing was ordered." when
 * the store answered, and what is unknown (and how to check) when no answer came back.
 */
export interface SubmitOutcome {
  notDone: string;
  unknown: string;
}

/** A failed submit, said for people: one message, and whether asking again can help. */
export interface SubmitFailure {
  message: string;
  canRetry: boolean;
  /** No answer came back: the request may or may not have been carried out. */
  outcomeUnknown: boolean;
  /** The store's code for its refusal (never shown): a form may offer a way on for some. */
  code?: string;
}

/**
 * A refusal said for a person: `reused` where an earlier try whose answer was lost did the thing
 * and the details were changed before trying again (the same Idempotency-Key with other details,
 * web/lib/idempotency-key.ts), whose own sentence speaks to API clients; the store's sentence
 * otherwise.
 */
export function explainReusedAttempt(reused: string): (error: unknown) => string {
  return (error) =>
    isApiError(error) && error.code === 'idempotency_key_reused' ? reused : errorMessage(error);
}

/** No answer from the store itself: the connection failed, or a proxy gave up waiting. */
export function isOutcomeUnknown(error: unknown): boolean {
  if (!isApiError(error)) return true;
  return error.status === 0 || error.status === 502 || error.status === 504;
}

function describeSubmitFailure(
  error: unknown,
  outcome: SubmitOutcome,
  explain: (error: unknown) => string = errorMessage,
): SubmitFailure {
  if (isOutcomeUnknown(error)) {
    return {
      message: `We could not reach the store. ${outcome.unknown} Everything you typed is still here.`,
      canRetry: true,
      outcomeUnknown: true,
    };
  }
  const explained = explain(error);
  // The store's sentence may say it already ("Nothing was ordered: pay it by card…").
  const isSaid = explained.includes(outcome.notDone.replace(/\.$/, ''));
  return {
    message: isSaid ? explained : [explained, outcome.notDone].filter(Boolean).join(' '),
    canRetry: isWorthRetrying(error),
    outcomeUnknown: false,
    ...(isApiError(error) ? { code: error.code } : {}),
  };
}

/**
 * The one way a form handles a failed submit: the server's field errors go under their fields
 * (and nowhere else); anything else becomes one message for the whole form.
 */
export function useSubmitFailure<T extends FieldValues>(
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
  outcome: SubmitOutcome,
  explain?: (error: unknown) => string,
) {
  const [failure, setFailure] = useState<SubmitFailure | null>(null);
  const fail = useCallback(
    (error: unknown) => {
      if (applyServerErrors(error, setError, fields)) setFailure(null);
      else setFailure(describeSubmitFailure(error, outcome, explain));
    },
    [setError, fields, outcome, explain],
  );
  const clear = useCallback(() => setFailure(null), []);
  return { failure, fail, clear, setFailure };
}
