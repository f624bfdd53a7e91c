import { createResponseCache, type ResponseCache } from './response-cache.ts';

/**
 * The channel on the change feed that names customers whose orders changed, subject
 * "user=<id>". Triggers on `orders`, `order_lines` and `order_refunds` (migration 0019) send it for
 * every change but a new order, from inside the changing transaction; a new order is announced by
 * the instance that placed it, after it commits (a NOTIFY in the placement's transaction would make
 * every placement's commit wait for the others').
 */
export const ORDERS_CHANNEL = 'toolyard_orders';

/** The subject that names one customer on ORDERS_CHANNEL. */
export const customerSubject = (userId: string): string => `user=${userId}`;

export interface CustomerCache {
  /** Prepared answers that belong to one customer, grouped by their id. */
  answers: ResponseCache;
  /** What the change feed heard on ORDERS_CHANNEL: "user=<id>", or anything else for everyone. */
  heard(subject: string): void;
}

/**
 * A customer's own answers (their order list) served from memory: the signed-in read a customer
 * repeats most. Each is dropped as soon as anything of that customer's orders changes, on any
 * instance; and the instance that made a change drops it at once, without waiting to hear it.
 */
export function createCustomerCache(): CustomerCache {
  const answers = createResponseCache({
    maxEntries: 5_000,
    maxBytes: 32 * 1024 * 1024,
    // A safety net for a change no one heard: an instance that stopped between an order's commit
    // and announcing it.
    maxAgeMs: 10_000,
  });
  return {
    answers,
    heard(subject) {
      if (subject.startsWith('user=')) answers.forget(subject.slice('user='.length));
      else answers.invalidate();
    },
  };
}
