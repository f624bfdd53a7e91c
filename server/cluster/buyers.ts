import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { Answer, ClusterClient, Retry } from './cluster-client.ts';

type Outcome = 'paid' | 'cancelled' | 'unpaid';

/** An order as its buyer knows it: what it holds and what the buyer last did with it. */
export interface KnownOrder {
  id: string;
  idempotencyKey: string;
  lines: Array<{ toolId: string; quantity: number }>;
  outcome: Outcome;
}

/** What the buyers did and met, for the test to check and print. */
export interface Tally {
  orders: KnownOrder[];
  /** Orders whose checkout had to be sent more than once (same Idempotency-Key). */
  retriedCheckouts: number;
  /** A payment or cancel answered 409 after a resend: the order read back, already so. */
  settledByReading: number;
  /** Answers no client could take as success nor safely send again: must stay empty. */
  unexpected: string[];
  /** Every request sent again, when and why. */
  retries: Retry[];
}

export function newTally(): Tally {
  return {
    orders: [],
    retriedCheckouts: 0,
    settledByReading: 0,
    unexpected: [],
    retries: [],
  };
}

const PASSWORD = 'sturdy-anvil-cluster-7';
const DELIVERY = { phone: '+1 555 010 2030', address: '7 Cluster Court, Springfield' };
const TEST_CARD = {
  cardNumber: '4242 4242 4242 4242',
  expiry: '12/40',
  cvc: '123',
  nameOnCard: 'Cluster Buyer',
};

/**
 * A customer made as the web app makes one, through the proxy: signs up, then confirms with a
 * token the test sets (only a token's hash is stored, and the mail goes to an outbox on whichever
 * instance sends it), which signs them in.
 */
export async function signUpBuyer(client: ClusterClient, email: string, db: pg.Pool) {
  const retries: Retry[] = [];
  const signUp = await client.send('POST', '/api/auth/sign-up/email', {
    body: { name: `Buyer ${email.split('@')[0]}`, email, password: PASSWORD },
    retries,
  });
  expectStatus(signUp, 200, `sign-up of ${email}`);
  const { rows } = await db.query<{ id: string }>(
    `update pending_sign_up set token_hash = encode(sha256(convert_to(id, 'UTF8')), 'hex')
      where email = $1 returning id`,
    [email],
  );
  const confirmed = await client.send('POST', '/api/auth/confirm-sign-up', {
    body: { token: rows[0]?.id, password: PASSWORD },
    retries,
  });
  expectStatus(confirmed, 200, `confirmation of ${email}`);
}

export async function signIn(client: ClusterClient, email: string, password = PASSWORD) {
  const answer = await client.send('POST', '/api/auth/sign-in/email', {
    body: { email, password },
    retries: [],
  });
  expectStatus(answer, 200, `sign-in of ${email}`);
}

/**
 * One round of a buyer: looks at a tool, fills the cart (1 to 3 tools), checks it out with an Idempotency-Key,
 * then pays (45 %), cancels (30 %) or leaves the order unpaid. Every request is sent again after
 * a retryable failure; a payment or cancel that meets 409 after a resend (the first try took
 * effect, its answer was lost) reads the order back.
 */
export async function buyOnce(client: ClusterClient, toolIds: string[], tally: Tally) {
  const picked = [...toolIds].sort(() => Math.random() - 0.5).slice(0, 1 + randomBelow(3));
  // A look at the tool first, as on its page: a public answer, kept in each instance's memory.
  const tool = await client.send('GET', `/api/purchase/${picked[0]}`, { retries: tally.retries });
  if (!expectStatus(tool, 200, 'GET /api/purchase/:id', tally)) return;
  const lines = picked.map((toolId) => ({ toolId, quantity: 1 + randomBelow(5) }));
  const cart = await client.send('PUT', '/api/cart', { body: { lines }, retries: tally.retries });
  if (!expectStatus(cart, 200, 'PUT /api/cart', tally)) return;
  const idempotencyKey = randomUUID();
  const checkout = await client.send('POST', '/api/cart/checkout', {
    body: { ...DELIVERY, cartVersion: (cart.body as { version: number }).version },
    headers: { 'idempotency-key': idempotencyKey },
    retries: tally.retries,
  });
  if (!expectStatus(checkout, 201, 'POST /api/cart/checkout', tally)) return;
  if (checkout.tries > 1) tally.retriedCheckouts += 1;
  const order: KnownOrder = {
    id: (checkout.body as { _id: string })._id,
    idempotencyKey,
    lines,
    outcome: 'unpaid',
  };
  tally.orders.push(order);
  const roll = Math.random();
  if (roll < 0.45) {
    const paid = await client.send('POST', `/api/payment/${order.id}`, {
      body: TEST_CARD,
      retries: tally.retries,
    });
    if (await settled(client, paid, order.id, 'paid', tally)) order.outcome = 'paid';
  } else if (roll < 0.75) {
    const cancelled = await client.send('DELETE', `/api/user/${order.id}`, {
      retries: tally.retries,
    });
    if (await settled(client, cancelled, order.id, 'cancelled', tally)) order.outcome = 'cancelled';
  }
}

/** Whether the order is now `status`: answered so, or answered 409 and read back so. */
async function settled(
  client: ClusterClient,
  answer: Answer,
  orderId: string,
  status: Outcome,
  tally: Tally,
): Promise<boolean> {
  if (answer.status === 200) return true;
  if (answer.status === 409) {
    const read = await client.send('GET', `/api/payment/${orderId}`, { retries: tally.retries });
    if ((read.body as { status?: string }).status === status) {
      tally.settledByReading += 1;
      return true;
    }
  }
  tally.unexpected.push(`${status} ${orderId}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return false;
}

function expectStatus(answer: Answer, status: number, what: string, tally?: Tally): boolean {
  if (answer.status === status) return true;
  const problem = `${what}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`;
  if (!tally) throw new Error(problem);
  tally.unexpected.push(problem);
  return false;
}

function randomBelow(n: number): number {
  return Math.floor(Math.random() * n);
}
