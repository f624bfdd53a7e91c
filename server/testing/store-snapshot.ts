import {
  auditLog,
  carts,
  orderLines,
  orderRefunds,
  orders,
  reviews,
  tools,
  user,
} from '../db/schema.ts';
import type { TestContext } from './test-app.ts';

/** Everything a request could change, to prove that a refused one changed nothing. */
export async function storeSnapshot(t: TestContext) {
  return {
    tools: await t.db.select().from(tools).orderBy(tools.id),
    orders: await t.db.select().from(orders).orderBy(orders.id),
    lines: await t.db.select().from(orderLines).orderBy(orderLines.orderId, orderLines.position),
    carts: await t.db.select().from(carts).orderBy(carts.userId),
    reviews: await t.db.select().from(reviews).orderBy(reviews.id),
    users: await t.db.select().from(user).orderBy(user.id),
    refunds: await t.db.select().from(orderRefunds).orderBy(orderRefunds.id),
    audit: await t.db.select().from(auditLog).orderBy(auditLog.id),
    uploads: await t.storedUploads(),
  };
}
