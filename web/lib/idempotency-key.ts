import { useMemo, useRef } from 'react';
import { isApiError } from './api-error.ts';
import { isOutcomeUnknown } from './form-errors.ts';

/** `count` random bytes from getRandomValues (crypto.randomUUID exists only on secure origins). */
const randomBytes = (count: number) => crypto.getRandomValues(new Uint8Array(count));

const hexOf = (bytes: Uint8Array) =>
  Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');

/** A fresh Idempotency-Key: 128 random bits as hex. */
function newIdempotencyKey(): string {
  return hexOf(randomBytes(16));
}

/** A fresh random UUID (version 4). */
export function newRandomUuid(): string {
  const bytes = randomBytes(16);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = hexOf(bytes);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The key of the attempt under way, and the word that the store has answered it. */
export type AttemptKey = {
  /** The key this try sends: the attempt's own, made at its first try. */
  current: () => string;
  /**
   * The store answered (`error` left out: it was done): the next try is a new attempt with a new
   * key. Failed with an outcome nobody knows (the store unreachable, an answer lost, a provider
   * that did not answer, an earlier try still at work), the key stays, so that trying again is
   * found as this attempt.
   */
  settle: (error?: unknown) => void;
};

/**
 * A refusal that says an earlier try under the same key is still at work (a refund still waiting
 * for the payment provider's answer): how the attempt ends is not known yet, so it keeps its key.
 */
const isUnderWay = (error: unknown) => isApiError(error) && error.code === 'refund_being_sent';

/**
 * The Idempotency-Key of one thing a person means to do: an order, a refund, a payment. Every try
 * sends the same key until the store has answered, so that a retry after an answer that never
 * came, or a second press, is found as the first try and nothing happens twice. A try with changed
 * details keeps the key: the store refuses it (`idempotency_key_reused`) as the repeat it may be,
 * and the form says what the earlier try did, rather than making a second refund or order nobody
 * may have wanted (docs/decisions/084). `freshFor` changes when what is meant is another thing
 * altogether (a cart that changed): the next try is a new attempt.
 */
export function useAttemptKey(freshFor?: string): AttemptKey {
  const key = useRef<string | null>(null);
  const madeFor = useRef(freshFor);
  if (madeFor.current !== freshFor) {
    madeFor.current = freshFor;
    key.current = null;
  }
  return useMemo(
    () => ({
      current: () => {
        key.current ??= newIdempotencyKey();
        return key.current;
      },
      settle: (error?: unknown) => {
        const isOpen = error !== undefined && (isOutcomeUnknown(error) || isUnderWay(error));
        if (!isOpen) key.current = null;
      },
    }),
    [],
  );
}
