import type { Order } from '../../contract/orders.ts';
import type { App, AppConfig } from '../app.ts';
import type { Db } from '../db/client.ts';
import { payOrder } from '../modules/orders/index.ts';

/**
 * Marks an order paid as a payment provider's confirmation does, without a provider or a payment
 * record, for tests whose subject is what follows payment: payOrder (order-lifecycle.ts, the only
 * way from unpaid to paid) in one transaction, announced through the app's own order events (the
 * customer's cached answers forgotten at once, the receipt sent). Undefined when the order was no
 * longer unpaid. The store itself pays orders only through server/modules/payments/.
 */
export function orderPayer(app: App, db: Db, config: AppConfig) {
  const life = {
    mailer: app.mailer,
    storeName: config.storeName,
    publicUrl: config.publicUrl,
    invoicing: config.invoicing,
  };
  return (id: string, transactionId: string): Promise<Order | undefined> =>
    app.orderEvents.transaction(db, (tx, happened) =>
      payOrder(tx, happened, life, id, transactionId, null),
    );
}
