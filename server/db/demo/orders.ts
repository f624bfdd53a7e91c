import { eq, inArray } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { SessionUser } from '../../../contract/session.ts';
import type { AppParts } from '../../app-parts.ts';
import type { Db } from '../client.ts';
import { DEMO_ACCOUNTS } from '../demo-accounts.ts';
import { appMeta, tools, user } from '../schema.ts';

/**
 * The demo customer's orders: placed, paid, shipped and cancelled through the store's own services,
 * as a customer and an admin would, so stock, totals, invoices, emails and the audit log agree with
 * them. seedDemo leaves a note that they are due; the first start that finds it (after the app is
 * built) takes the note and places them, once.
 */

export const DEMO_ORDERS_DUE = 'demo_orders_due';

type Services = Pick<AppParts['services'], 'orders' | 'payments' | 'reviews'>;

interface DemoOrder {
  /** Its Idempotency-Key: asked again, the store answers the order it placed. */
  key: string;
  lines: [sku: string, quantity: number][];
  poNumber?: string;
  note?: string;
  /** What becomes of it after it is placed. */
  outcome: 'ship' | 'pay' | 'leave' | 'cancel';
  shipment?: { carrier: string; trackingNumber: string };
}

/** Oldest first. */
const DEMO_ORDERS: DemoOrder[] = [
  {
    key: 'demo-order-site-crews',
    lines: [
      ['HD-13', 40],
      ['SDS-8-150', 60],
    ],
    poNumber: 'PO-2026-0412',
    outcome: 'ship',
    shipment: { carrier: 'DHL Freight', trackingNumber: 'JD014600006281234567' },
  },
  {
    key: 'demo-order-ppe-restock',
    lines: [
      ['GL-NIT-100', 300],
      ['EP-SG1-C', 240],
      ['HH-397-W', 40],
    ],
    poNumber: 'PO-2026-0438',
    outcome: 'ship',
    shipment: { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' },
  },
  {
    key: 'demo-order-measuring',
    lines: [
      ['TM-5', 500],
      ['SL-1200', 20],
    ],
    poNumber: 'PO-2026-0451',
    outcome: 'pay',
  },
  {
    key: 'demo-order-fixings',
    lines: [
      ['WS-440-200', 200],
      ['WP-N6-100', 500],
      ['CS-75100', 20],
    ],
    note: 'Deliver to the rear gate, Mondays to Fridays before 3 pm.',
    outcome: 'pay',
  },
  { key: 'demo-order-cabinet', lines: [['RC-7', 2]], outcome: 'cancel' },
  {
    key: 'demo-order-grinding',
    lines: [
      ['AG-125', 20],
      ['CD-1251-25', 100],
      ['FD-125-P60', 20],
    ],
    poNumber: 'PO-2026-0467',
    outcome: 'leave',
  },
  {
    key: 'demo-order-cordless',
    lines: [
      ['BAT-18-50', 50],
      ['DD-18-B', 10],
    ],
    outcome: 'leave',
  },
];

const DELIVERY = {
  phone: '+44 114 496 0321',
  address: 'Customer & Sons Joinery\nUnit 4, Riverside Works\nSheffield S3 8EN\nUnited Kingdom',
};
const TEST_CARD = {
  cardNumber: '4242 4242 4242 4242',
  expiry: '12/39',
  cvc: '123',
  nameOnCard: DEMO_ACCOUNTS.customer.name,
};

async function sessionUserOf(db: Db, email: string): Promise<SessionUser | undefined> {
  const [row] = await db
    .select({
      id: user.id,
      name: user.name,
      email: user.email,
      emailVerified: user.emailVerified,
      image: user.image,
      role: user.role,
    })
    .from(user)
    .where(eq(user.email, email));
  return row;
}

/** Takes the note seedDemo left; true for the one start that gets it. */
async function takeDueNote(db: Db): Promise<boolean> {
  const taken = await db
    .delete(appMeta)
    .where(eq(appMeta.key, DEMO_ORDERS_DUE))
    .returning({ key: appMeta.key });
  return taken.length > 0;
}

/** Places the demo customer's orders when seedDemo said they are due; otherwise does nothing. */
export async function seedDemoOrders(db: Db, services: Services, log: Logger): Promise<void> {
  if (!(await takeDueNote(db))) return;
  const customer = await sessionUserOf(db, DEMO_ACCOUNTS.customer.email);
  const admin = await sessionUserOf(db, DEMO_ACCOUNTS.admin.email);
  if (!customer || !admin) return;
  const skus = DEMO_ORDERS.flatMap((order) => order.lines.map(([sku]) => sku));
  const ids = new Map(
    (
      await db.select({ id: tools.id, sku: tools.sku }).from(tools).where(inArray(tools.sku, skus))
    ).map((row) => [row.sku, row.id]),
  );
  const canPay = services.payments.mode === 'test';
  const placed: string[] = [];
  for (const order of DEMO_ORDERS) {
    const { _id: id, number } = await services.orders.placeLines(
      customer,
      {
        lines: order.lines.map(([sku, quantity]) => ({ toolId: ids.get(sku) ?? '', quantity })),
        ...DELIVERY,
        ...(order.poNumber ? { poNumber: order.poNumber } : {}),
        ...(order.note ? { note: order.note } : {}),
      },
      order.key,
    );
    placed.push(number);
    if (order.outcome === 'cancel') await services.orders.cancel(customer, id);
    if ((order.outcome === 'pay' || order.outcome === 'ship') && canPay) {
      await services.payments.payWithTestCard(customer, id, TEST_CARD);
      if (order.outcome === 'ship') {
        await services.orders.ship(admin, id, { status: 'shipped', ...order.shipment });
      }
    }
  }
  if (canPay)
    await services.reviews.postForTool(customer, ids.get('HD-13') ?? '', {
      rating: 5,
      review:
        'Forty kits for two new site crews, delivered on one pallet the day after we paid. The drills have been through a month of anchor work in concrete without a single return.',
    });
  log.info(
    { orders: placed },
    canPay
      ? 'placed the demo customer’s orders: shipped, paid, unpaid and cancelled'
      : 'placed the demo customer’s orders; with Stripe set, none of them is paid',
  );
}
