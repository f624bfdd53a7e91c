import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { type Order, OrderSchema } from '../../contract/orders.ts';
import type { AppConfig } from '../app.ts';
import { user } from '../db/schema.ts';
import { client } from './http.ts';
import { buildTestApp, type TestUser } from './test-app.ts';

/** The seller as the settings name it for these tests. */
export const seller = {
  name: 'Toolyard Trading Ltd',
  address: '1 Forge Lane\nSheffield S1 2AB\nUnited Kingdom',
  taxId: 'GB123456789',
  email: 'accounts@toolyard.example',
};

const nextYear = String((new Date().getUTCFullYear() + 1) % 100).padStart(2, '0');
/** A card the test gateway accepts. */
export const card = {
  cardNumber: '4242 4242 4242 4242',
  expiry: `12/${nextYear}`,
  cvc: '123',
  nameOnCard: 'Ivana Kowalska',
};

/**
 * The real app invoicing at 20 % tax as `seller`, with a buyer whose profile has company details,
 * another customer and an admin; and the two-line order the buyer places and pays.
 */
export async function buildBillingTestApp(overrides: Partial<AppConfig> = {}) {
  const t = await buildTestApp({
    invoicing: {
      taxRateBasisPoints: 2000,
      pricesIncludeTax: true,
      sellerCountry: null,
      euSellerCountry: null,
      seller,
    },
    ...overrides,
  });
  const buyer = await t.signUp({ name: 'Ивана Kowalska' });
  const other = await t.signUp({ name: 'Other Buyer' });
  const admin = await t.signUp({ role: 'Admin' });
  await t.db
    .update(user)
    .set({
      companyName: 'Kowalska Joinery GmbH',
      vatNumber: 'DE811907980',
      billingAddress: 'Hauptstraße 5\n10115 Berlin',
    })
    .where(eq(user.id, buyer.id));

  return {
    t,
    buyer,
    other,
    admin,
    /** 12 hammers at $12.50 and 100 saws at their volume price of $8.90: $1,040.00. */
    async placeOrder(as: TestUser = buyer): Promise<Order> {
      const hammer = await t.addTool({ name: 'Invoice Hammer', quantity: 500, minimumOrder: 1 });
      const saw = await t.addTool({
        name: 'Invoice Saw',
        quantity: 500,
        minimumOrder: 1,
        price: 990,
        priceTiers: [{ minQuantity: 100, price: 890 }],
      });
      const response = await client(t.app, as).post('/orders', {
        lines: [
          { toolId: hammer.id, quantity: 12 },
          { toolId: saw.id, quantity: 100 },
        ],
        phone: '+44 20 7946 0958',
        address: 'Werkstatt 3, Hinterhof\n10117 Berlin',
        poNumber: 'PO-7781',
      });
      expect(response.statusCode, response.body).toBe(201);
      return OrderSchema.parse(response.json());
    },
    async pay(order: Order, as: TestUser = buyer): Promise<Order> {
      const paid = await client(t.app, as).post(`/payment/${order._id}`, card);
      expect(paid.statusCode, paid.body).toBe(200);
      return OrderSchema.parse((await client(t.app, as).get(`/orders/${order._id}`)).json());
    },
    close: () => t.close(),
  };
}

export type BillingTestApp = Awaited<ReturnType<typeof buildBillingTestApp>>;
