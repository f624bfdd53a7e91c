import { eq } from 'drizzle-orm';
import type { Order } from '../../contract/orders.ts';
import { orders, user } from '../db/schema.ts';
import { client, json } from './http.ts';
import { buildTestApp, type TestUser } from './test-app.ts';

/**
 * The real app with four orders to export, placed on 1 to 4 May 2026: two lines from a buyer with
 * company details (paid), one shipped and partly refunded, one cancelled, and one from a customer
 * whose name a spreadsheet would run as a formula.
 */
export async function buildExportTestApp() {
  const t = await buildTestApp();
  const admin = await t.signUp({ role: 'Admin' });
  const buyer = await t.signUp({ name: 'Zoë Ærøskøbing, "Zed"' });
  const sly = await t.signUp({ name: 'Sly Cell' });
  const delivery = { phone: '+1 555 010 2030', address: '5 Export Avenue,\nSpringfield' };
  // Names a spreadsheet would run as formulas, as a profile could hold them.
  await t.db
    .update(user)
    .set({ name: '=HYPERLINK("http://evil.example")' })
    .where(eq(user.id, sly.id));
  await t.db
    .update(user)
    .set({ companyName: 'Zoë Works Ltd', vatNumber: 'GB123456789' })
    .where(eq(user.id, buyer.id));
  const hammer = await t.addTool({
    sku: 'CH-450',
    name: 'Claw Hammer',
    price: 2500,
    quantity: 1000,
    minimumOrder: 1,
  });
  const planer = await t.addTool({
    sku: 'BP-82',
    name: 'Bench Planer',
    price: 1250,
    quantity: 1000,
    minimumOrder: 1,
  });
  const minus = await t.addTool({
    sku: 'SAW-23',
    name: '-2+3 Saw',
    price: 100,
    quantity: 1000,
    minimumOrder: 1,
  });
  const place = async (who: TestUser, lines: { toolId: string; quantity: number }[]) =>
    json<Order>(await client(t.app, who).post('/orders', { lines, ...delivery }));
  const twoLines = await place(buyer, [
    { toolId: hammer.id, quantity: 10 },
    { toolId: planer.id, quantity: 5 },
  ]);
  const shipped = await place(buyer, [{ toolId: hammer.id, quantity: 1 }]);
  const plain = await place(buyer, [{ toolId: planer.id, quantity: 2 }]);
  const formula = await place(sly, [{ toolId: minus.id, quantity: 3 }]);
  // Placed on 1 to 4 May 2026, in that order.
  for (const [i, order] of [twoLines, shipped, plain, formula].entries()) {
    await t.db
      .update(orders)
      .set({ createdAt: new Date(`2026-05-0${i + 1}T08:30:00Z`) })
      .where(eq(orders.id, order._id));
  }
  const asAdmin = client(t.app, admin);
  await t.markPaid(twoLines._id, 'txn_export_1');
  await t.markPaid(shipped._id, 'txn_export_2');
  await asAdmin.put(`/order/${shipped._id}`, {
    status: 'shipped',
    carrier: 'UPS',
    trackingNumber: '1Z999AA10123456784',
  });
  await asAdmin.post(`/orders/${shipped._id}/refunds`, { amount: 500, note: 'Dented box.' });
  await client(t.app, buyer).delete(`/user/${plain._id}`);
  return {
    t,
    admin,
    buyer,
    sly,
    twoLines,
    shipped,
    plain,
    formula,
    /** GET /api/orderlist/export, as an admin unless told otherwise. */
    exportOf: (query = '', who: TestUser | 'visitor' = admin) =>
      client(t.app, who === 'visitor' ? undefined : who).get(`/orderlist/export${query}`),
    close: () => t.close(),
  };
}

export type ExportTestApp = Awaited<ReturnType<typeof buildExportTestApp>>;
