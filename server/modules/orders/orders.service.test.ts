import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, tools } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { SessionUser } from '../../http/session.ts';
import { asSessionUser } from '../../testing/session-user.ts';
import { buildTestApp, type TestContext } from '../../testing/test-app.ts';

// The order rules without HTTP: the service as the routes (and payment providers) call it.

let t: TestContext;
let ana: SessionUser;
let admin: SessionUser;

beforeAll(async () => {
  t = await buildTestApp();
  ana = asSessionUser(await t.signUp({ name: 'Ana' }));
  admin = asSessionUser(await t.signUp({ role: 'Admin' }), 'Admin');
});
afterAll(async () => {
  await t.close();
});

const service = () => t.app.services.orders;
const body = (toolId: string, orderedNum: number) => ({
  toolId,
  orderedNum,
  phone: '+1 555 010 2030',
  address: '42 Workshop Road',
});

async function stockOf(toolId: string) {
  const [row] = await t.db.select().from(tools).where(eq(tools.id, toolId));
  return row?.quantity;
}

/** The AppError a promise rejects with (failing the test if it resolves or throws otherwise). */
async function appError(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('orders service', () => {
  it('place: price and name come from the database; the session user is the customer', async () => {
    const tool = await t.addTool({ name: 'Chisel Set', price: 999, quantity: 50, minimumOrder: 5 });
    const order = await service().place(ana, ana.email, body(tool.id, 7));
    expect(order).toMatchObject({
      productName: 'Chisel Set',
      unitPrice: 999,
      totalAmount: 6993,
      name: 'Ana',
      email: ana.email,
      status: 'unpaid',
    });
    expect(await stockOf(tool.id)).toBe(43);
  });

  it('place: refuses someone else’s email and unverified accounts before touching stock', async () => {
    const tool = await t.addTool({ quantity: 50 });
    expect((await appError(service().place(ana, admin.email, body(tool.id, 10)))).code).toBe(
      'forbidden',
    );
    const unverified = { ...ana, emailVerified: false };
    expect((await appError(service().place(unverified, ana.email, body(tool.id, 10)))).code).toBe(
      'email_not_verified',
    );
    expect(await stockOf(tool.id)).toBe(50);
  });

  it('place: below the minimum is a field error, above the stock a conflict', async () => {
    const tool = await t.addTool({ quantity: 50, minimumOrder: 10 });
    const tooFew = await appError(service().place(ana, ana.email, body(tool.id, 9)));
    expect([tooFew.status, tooFew.code, tooFew.errors?.[0]?.field]).toEqual([
      400,
      'validation_failed',
      'orderedNum',
    ]);
    const tooMany = await appError(service().place(ana, ana.email, body(tool.id, 51)));
    expect([tooMany.status, tooMany.code]).toEqual([409, 'out_of_stock']);
    expect(await stockOf(tool.id)).toBe(50);
  });

  it('payOrder (as a provider confirms) moves only unpaid orders; a second confirmation changes nothing', async () => {
    const tool = await t.addTool({ quantity: 50 });
    const order = await service().place(ana, ana.email, body(tool.id, 10));
    const paid = await t.markPaid(order._id, 'txn_service_1');
    expect(paid).toMatchObject({ status: 'paid', transactionId: 'txn_service_1' });
    expect(paid?.paidAt).not.toBeNull();
    expect(await t.markPaid(order._id, 'txn_service_2')).toBeUndefined();
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order._id));
    expect(row?.transactionId).toBe('txn_service_1');

    const cancelled = await service().place(ana, ana.email, body(tool.id, 10));
    await service().cancel(ana, cancelled._id);
    expect(await t.markPaid(cancelled._id, 'txn_service_3')).toBeUndefined();
  });

  it('cancel and ship follow the state machine', async () => {
    const tool = await t.addTool({ quantity: 50 });
    const order = await service().place(ana, ana.email, body(tool.id, 10));
    expect(
      (await appError(service().ship(admin, order._id, { status: 'shipped', noTracking: true })))
        .code,
    ).toBe('order_not_shippable');
    expect(await service().cancel(admin, order._id)).toEqual({ deletedCount: 1 });
    expect(await stockOf(tool.id)).toBe(50);
    expect((await appError(service().cancel(ana, order._id))).code).toBe('order_not_cancellable');

    const other = await service().place(ana, ana.email, body(tool.id, 10));
    await t.markPaid(other._id, 'txn_service_4');
    expect(
      (await service().ship(admin, other._id, { status: 'shipped', noTracking: true })).status,
    ).toBe('shipped');
    expect(
      (await appError(service().ship(admin, other._id, { status: 'shipped', noTracking: true })))
        .code,
    ).toBe('order_not_shippable');
  });
});
