import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { createOrderEvents, type OrderEventEffects } from './order-events.ts';

/** What each event makes the store do, recorded in the order it happens. */
function recording() {
  const done: string[] = [];
  const effects: OrderEventEffects = {
    nudgeMail: () => done.push('mail'),
    forgetCustomer: (id) => done.push(`forget ${id}`),
    announceNewOrder: (id) => done.push(`new order ${id}`),
    announceStockTaken: () => done.push('stock taken'),
    stockReturned: () => done.push('stock returned'),
  };
  return { done, events: createOrderEvents(effects) };
}

/** A database whose transactions run their work and commit (or roll back on a throw). */
const db = { transaction: (work: (tx: unknown) => Promise<unknown>) => work({}) } as unknown as Db;

describe('what happens after orders change', () => {
  it('a new order is announced with the stock it took, its customer forgotten, its mail sent', () => {
    const { done, events } = recording();
    events.committed([['placed', 'ana']]);
    expect(done).toEqual(['new order ana', 'forget ana', 'stock taken', 'mail']);
  });

  it('a cancel returns stock; a payment, a shipment or a refund only forgets and mails, once per customer', () => {
    const { done, events } = recording();
    events.committed([
      ['cancelled', 'ana'],
      ['cancelled', 'bob'],
      ['cancelled', 'ana'],
    ]);
    expect(done).toEqual(['forget ana', 'forget bob', 'stock returned', 'mail']);
    for (const event of ['paid', 'payment_failed', 'shipped', 'refunded'] as const) {
      done.length = 0;
      events.committed([[event, 'ana']]);
      expect(done, event).toEqual(['forget ana', 'mail']);
    }
  });

  it('nothing is announced for a transaction that changed no order, or rolled back', async () => {
    const { done, events } = recording();
    expect(await events.transaction(db, async () => 'nothing')).toBe('nothing');
    await expect(
      events.transaction(db, async (_tx, happened) => {
        happened('shipped', 'ana');
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(done).toEqual([]);
    await events.transaction(db, async (_tx, happened) => happened('shipped', 'ana'));
    expect(done).toEqual(['forget ana', 'mail']);
  });
});
