import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { OrderLineInput } from '../../contract/order-placement.ts';
import type { Order } from '../../contract/orders.ts';
import { asSessionUser } from '../testing/session-user.ts';
import type { TestUser } from '../testing/test-app.ts';
import {
  accountedUnits,
  deadlocksSoFar,
  invoiceRun,
  orderSums,
  politely,
  problemsBeyondBusy,
  startTwoInstances,
  type TwoInstances,
} from '../testing/two-instances.ts';
import { orderMismatch, randomCart, randomInt, refusalMismatch } from './cart-outcomes.ts';

const BUYERS = 200;
const ROUNDS = 20;
/** Few tools for many carts of up to four lines: nearly every order collides with others. */
const TOOLS = 6;
const STOCK = 500;
/** Of the buyers holding unpaid orders, the share that cancels one while the round's carts go in. */
const CANCEL_SHARE = 0.3;
/** Of those cancels, the share sent twice at once (through both instances when there are two). */
const TWICE_SHARE = 0.2;
/** Of the buyers holding unpaid orders, the share that pays one (each payment issues an invoice). */
const PAY_SHARE = 0.2;
const nextYear = String((new Date().getUTCFullYear() + 1) % 100).padStart(2, '0');
const card = {
  cardNumber: '4242 4242 4242 4242',
  expiry: `12/${nextYear}`,
  cvc: '123',
  nameOnCard: 'Stress Buyer',
};
const delivery = { phone: '+1 555 010 2030', address: '42 Workshop Road, Springfield' };

let store: TwoInstances;

beforeAll(async () => {
  store = await startTwoInstances({ buyers: BUYERS });
});
afterAll(async () => {
  await store?.close();
});

/** Answers the store turned away as busy and that were sent again (see `politely`). */
const busy = { answers: 0 };

const listUrl = (buyer: TestUser) => `/api/user?email=${encodeURIComponent(buyer.email)}`;

/** Cancels an order once, or twice at once through different instances. */
function cancel(apps: FastifyInstance[], buyer: TestUser, orderId: string, isTwice: boolean) {
  const at = randomInt(apps.length);
  return Promise.all(
    (isTwice ? [at, at + 1] : [at]).map((i) =>
      politely(
        () =>
          (apps[i % apps.length] as FastifyInstance).inject({
            method: 'DELETE',
            url: `/api/user/${orderId}`,
            headers: buyer.headers,
          }),
        busy,
      ),
    ),
  );
}

describe.each([
  ['one instance', 1],
  ['two instances sharing one database', 2],
] as const)('carts over shared tools (%s)', (label, instances) => {
  it(`${BUYERS} buyers, ${ROUNDS} rounds of carts of 1 to 4 lines over ${TOOLS} tools, with cancels and payments racing`, async () => {
    const apps = store.instances(instances);
    const tools = await Promise.all(
      Array.from({ length: TOOLS }, (_, i) =>
        store.first.addTool({
          name: `Cart Tool ${i}`,
          quantity: STOCK,
          minimumOrder: 1,
          price: 150 + 37 * i,
          // Volume prices on half the tools: a line's unit price depends on its quantity.
          priceTiers: i % 2 === 0 ? [{ minQuantity: 5, price: 120 + 37 * i }] : [],
        }),
      ),
    );
    const toolsById = new Map(tools.map((tool) => [tool.id, tool]));
    const toolIds = [...toolsById.keys()];
    const deadlocksBefore = await deadlocksSoFar(store.database);
    const started = performance.now();
    const unpaid = new Map<string, string[]>(store.buyers.map((buyer) => [buyer.id, []]));
    const tally = { placed: 0, refused: 0, cancelled: 0, cancelledTwice: 0, paid: 0 };

    for (let round = 0; round < ROUNDS; round += 1) {
      const carts = store.buyers.map(() => randomCart(tools));
      const outcomes = await Promise.all(
        store.buyers.map(async (buyer, i) => {
          const held = unpaid.get(buyer.id) ?? [];
          const cancelling =
            held.length > 0 && Math.random() < CANCEL_SHARE
              ? held.splice(randomInt(held.length), 1)[0]
              : undefined;
          const isTwice = Math.random() < TWICE_SHARE;
          const paying =
            held.length > 0 && Math.random() < PAY_SHARE
              ? held.splice(randomInt(held.length), 1)[0]
              : undefined;
          const idempotencyKey = randomUUID();
          const [placed, cancels, payment] = await Promise.all([
            politely(
              () =>
                (apps[i % apps.length] as FastifyInstance).inject({
                  method: 'POST',
                  url: '/api/orders',
                  headers: { ...buyer.headers, 'idempotency-key': idempotencyKey },
                  payload: { lines: carts[i], ...delivery },
                }),
              busy,
            ),
            cancelling ? cancel(apps, buyer, cancelling, isTwice) : [],
            paying
              ? politely(
                  () =>
                    (apps[(i + 1) % apps.length] as FastifyInstance).inject({
                      method: 'POST',
                      url: `/api/payment/${paying}`,
                      headers: buyer.headers,
                      payload: card,
                    }),
                  busy,
                )
              : undefined,
            // Their order list, read meanwhile on another instance: kept there while it races.
            politely(
              () =>
                (apps[(i + 1) % apps.length] as FastifyInstance).inject({
                  method: 'GET',
                  url: listUrl(buyer),
                  headers: buyer.headers,
                }),
              busy,
            ),
          ]);
          return { buyer, cart: carts[i] as OrderLineInput[], placed, cancels, payment };
        }),
      );

      const wrong: string[] = [];
      for (const { buyer, cart, placed, cancels, payment } of outcomes) {
        if (payment) {
          if (payment.statusCode === 200) tally.paid += 1;
          else wrong.push(`paying: ${payment.statusCode} ${payment.body}`);
        }
        if (placed.statusCode === 201) {
          const order = placed.json() as Order;
          unpaid.get(buyer.id)?.push(order._id);
          tally.placed += 1;
          const mismatch = orderMismatch(order, cart, toolsById);
          if (mismatch) wrong.push(`order ${order.number}: ${mismatch}`);
        } else if (placed.statusCode === 409) {
          tally.refused += 1;
          const mismatch = refusalMismatch(placed.json(), cart);
          if (mismatch) wrong.push(`refusal: ${mismatch}: ${placed.body}`);
        } else {
          wrong.push(`placing: ${placed.statusCode} ${placed.body}`);
        }
        if (cancels.length === 0) continue;
        const statuses = cancels.map((response) => response.statusCode).sort((a, b) => a - b);
        // Twice at once: one cancels, the other finds the order cancelled already.
        const expected = cancels.length === 1 ? [200] : [200, 409];
        if (statuses.join() !== expected.join()) {
          wrong.push(`cancelling: ${statuses} ${cancels.map((r) => r.body).join(' ')}`);
        }
        const refusal = cancels.find((response) => response.statusCode === 409);
        if (refusal && refusal.json().code !== 'order_not_cancellable') {
          wrong.push(`cancelling twice: ${refusal.body}`);
        }
        tally.cancelled += 1;
        if (refusal) tally.cancelledTwice += 1;
      }
      expect(wrong, `round ${round}`).toEqual([]);

      // Every unit is on the shelf or on a line of an order that was not cancelled.
      const ledger = await accountedUnits(store.database, toolIds);
      for (const id of toolIds) {
        expect(ledger.get(id)?.stock, `round ${round}, stock of ${id}`).toBeGreaterThanOrEqual(0);
        expect(ledger.get(id)?.accounted, `round ${round}, units of ${id}`).toBe(STOCK);
      }
    }
    const seconds = (performance.now() - started) / 1000;

    // The database agrees with the answers: each order its lines' sum, each cancel counted once.
    expect(await orderSums(store.database, toolIds)).toEqual({
      orders: tally.placed,
      cancelled: tally.cancelled,
      mismatched: 0,
      half_cancelled: 0,
      bad_lines: 0,
    });
    expect(tally.placed).toBeGreaterThan(0);
    expect(tally.refused).toBeGreaterThan(0);
    expect(tally.cancelled).toBeGreaterThan(0);
    expect(tally.paid).toBeGreaterThan(0);
    // Invoices issued by payments racing on two instances still run 1, 2, 3… without a gap.
    const invoices = await invoiceRun(store.database);
    const issued = invoices?.issued ?? 0;
    expect(invoices).toEqual({
      issued,
      highest: issued,
      counter: issued,
      paid_without: 0,
    });
    // Every customer's order list, as each instance answers it (from memory, kept through the
    // races), is the database's within a second.
    for (const app of apps) {
      for (const buyer of store.buyers) {
        const stored = await store.first.app.services.orders.listOfUser(asSessionUser(buyer), {
          email: buyer.email,
        });
        await vi.waitFor(
          async () => {
            const answer = await app.inject({ url: listUrl(buyer), headers: buyer.headers });
            expect(answer.json()).toEqual(JSON.parse(JSON.stringify(stored.orders)));
          },
          { timeout: 1_000, interval: 20 },
        );
      }
    }
    expect(await deadlocksSoFar(store.database)).toBe(deadlocksBefore);
    // Nothing logged but one overload warning per busy answer (each 5xx is logged with its cause).
    expect(problemsBeyondBusy(store.problems, busy)).toEqual([]);
    console.log(
      `carts over shared tools (${label}): ${BUYERS * ROUNDS} carts in ${ROUNDS} rounds, ` +
        `${tally.placed} placed, ${tally.refused} refused out_of_stock, ${tally.cancelled} cancelled ` +
        `(${tally.cancelledTwice} of them twice at once), ${tally.paid} paid, ` +
        `${busy.answers} turned away busy and sent again, ${seconds.toFixed(1)} s`,
    );
  });
});
