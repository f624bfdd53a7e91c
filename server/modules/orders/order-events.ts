import type { Db, Tx } from '../../db/client.ts';

/** What can happen to an order: each change of an order goes through here once it commits. */
type OrderEvent =
  | 'placed'
  | 'approved'
  | 'rejected'
  | 'paid'
  | 'payment_failed'
  | 'shipped'
  | 'tracking_changed'
  | 'cancelled'
  | 'refunded';

/** Records, inside a transaction, that `event` happened to an order of the customer `userId`. */
export type Happened = (event: OrderEvent, userId: string) => void;

/** What the store does after orders change; each is optional (a test may not need it). */
export interface OrderEventEffects {
  /** The mail outbox: the change queued its email in its transaction; send it now. */
  nudgeMail(): void;
  /** This instance forgets a customer's cached answers (their order list) at once. */
  forgetCustomer?(userId: string): void;
  /** Tells every instance of a customer's new order. */
  announceNewOrder?(userId: string): void;
  /** Tells every instance that orders took stock. */
  announceStockTaken?(): void;
  /** This instance's catalogue answers go stale at once: stock came back. */
  stockReturned?(): void;
}

export interface OrderEvents {
  /** After a transaction that changed orders commits: announces each event alike. */
  committed(events: Iterable<readonly [OrderEvent, string]>): void;
  /**
   * Runs `work` in one transaction; what it records as having happened is announced once the
   * transaction commits, and forgotten if it rolls back.
   */
  transaction<T>(db: Db, work: (tx: Tx, happened: Happened) => Promise<T>): Promise<T>;
}

/**
 * The one place where the store announces what happened to orders (docs/architecture.md, "After
 * an order changes"). The database's triggers (migration 0019) tell every instance of every change
 * to orders but one, within moments; this instance, which made the change, acts at once:
 *
 * - any change: it forgets the customer's cached answers, so that their very next request sees
 *   it, and sends the email the change queued;
 * - `placed`: no trigger announces a new order or the stock it took (a NOTIFY in the placement's
 *   transaction would make every placement's commit wait for the others'), so it announces both
 *   to every instance, itself included;
 * - `cancelled` and `rejected`: the stock came back; its catalogue answers go stale (the tools' trigger tells the
 *   other instances).
 */
export function createOrderEvents(effects: OrderEventEffects): OrderEvents {
  const committed: OrderEvents['committed'] = (events) => {
    const customers = new Set<string>();
    const kinds = new Set<OrderEvent>();
    for (const [event, userId] of events) {
      kinds.add(event);
      customers.add(userId);
      if (event === 'placed') effects.announceNewOrder?.(userId);
    }
    if (kinds.size === 0) return;
    for (const userId of customers) effects.forgetCustomer?.(userId);
    if (kinds.has('placed')) effects.announceStockTaken?.();
    if (kinds.has('cancelled') || kinds.has('rejected')) effects.stockReturned?.();
    effects.nudgeMail();
  };
  return {
    committed,
    async transaction(db, work) {
      const events: [OrderEvent, string][] = [];
      const result = await db.transaction((tx) =>
        work(tx, (event, userId) => events.push([event, userId])),
      );
      committed(events);
      return result;
    },
  };
}
