/**
 * An integrator's program, written only against the types openapi-typescript makes from the
 * store's API description (`npm run test:openapi` generates them into ./generated and type-checks
 * this file against them, so a change to the description that would break a client fails there).
 * It lists tools, reads one, signs in, places an order and says what a refusal means.
 *
 *   node --import tsx examples/api-client/sample.ts http://localhost:3000 customer@example.com demo-customer-2026
 */
import type { components, operations } from './generated/api.ts';

type Tool = components['schemas']['Tool'];
type Order = components['schemas']['Order'];
type ToolsQuery = NonNullable<operations['toolsList']['parameters']['query']>;
type ToolId = operations['toolsGet']['parameters']['path']['id'];
type SignInBody = operations['authSignIn']['requestBody']['content']['application/json'];
type PlaceOrderBody = operations['ordersCreate']['requestBody']['content']['application/json'];
/** What the store answers when it refuses an order for its stock: a problem with a stable code. */
type Refusal = operations['ordersCreate']['responses'][409]['content']['application/problem+json'];

const [base = 'http://localhost:3000', email = '', password = ''] = process.argv.slice(2);
const origin = new URL(base).origin;

/** A refusal of the store, with its problem details. */
class StoreRefused extends Error {
  constructor(readonly problem: Refusal) {
    super(`${problem.status} ${problem.code}: ${problem.detail}`);
  }
}

/** Sends a request as the store's own pages would (its Origin), and throws its problems. */
async function send(path: string, init: RequestInit = {}): Promise<Response> {
  const response = await fetch(new URL(path, base), {
    ...init,
    headers: { origin, 'content-type': 'application/json', ...init.headers },
  });
  if (response.headers.get('content-type')?.startsWith('application/problem+json')) {
    throw new StoreRefused((await response.json()) as Refusal);
  }
  return response;
}

async function listTools(query: ToolsQuery): Promise<{ tools: Tool[]; total: number }> {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined) search.set(name, String(value));
  }
  const response = await send(`/api/tools?${search}`);
  const tools: operations['toolsList']['responses'][200]['content']['application/json'] =
    await response.json();
  return { tools, total: Number(response.headers.get('x-total-count')) };
}

async function getTool(id: ToolId): Promise<Tool> {
  const response = await send(`/api/purchase/${encodeURIComponent(id)}`);
  const tool: operations['toolsGet']['responses'][200]['content']['application/json'] =
    await response.json();
  return tool;
}

/** Signs in; the session is the cookie the answer sets, sent back with every later call. */
async function signIn(body: SignInBody): Promise<string> {
  const response = await send('/api/auth/sign-in/email', {
    method: 'POST',
    body: JSON.stringify(body),
  });
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

async function placeOrder(session: string, order: PlaceOrderBody): Promise<Order> {
  const response = await send('/api/orders', {
    method: 'POST',
    // Asking again with the same key after a lost answer returns this order, never a second one.
    headers: { cookie: session, 'idempotency-key': crypto.randomUUID() },
    body: JSON.stringify(order),
  });
  const placed: operations['ordersCreate']['responses'][201]['content']['application/json'] =
    await response.json();
  return placed;
}

/** What to tell a buyer when the store refuses an order, from the problem's stable code. */
function explain(problem: Refusal): string {
  switch (problem.code) {
    case 'out_of_stock':
      return `Not enough in stock: ${(problem.lines ?? [])
        .map((line) => `${line.productName} (${line.available} left)`)
        .join(', ')}.`;
    case 'price_changed':
      return 'A price changed since the total was shown; show the new one and ask again.';
    case 'validation_failed':
      return (problem.errors ?? []).map((error) => `${error.field}: ${error.message}`).join('; ');
    default:
      return problem.detail;
  }
}

const { tools, total } = await listTools({ q: 'hammer', sort: 'relevance', limit: 5 });
console.log(`${total} tools match; the first ${tools.length}:`);
for (const tool of tools) console.log(`- ${tool.name}: ${tool.price} (minor units) each`);
const first = tools[0];
if (first && email) {
  const tool = await getTool(first._id);
  const session = await signIn({ email, password });
  try {
    const order = await placeOrder(session, {
      lines: [{ toolId: tool._id, quantity: tool.minimumOrder }],
      phone: '+1 555 010 2030',
      address: '42 Workshop Road, Springfield',
      expectedTotal: tool.price * tool.minimumOrder,
    });
    console.log(`Placed ${order.number}: ${order.totalAmount} ${order.currency}, ${order.status}.`);
  } catch (error) {
    if (!(error instanceof StoreRefused)) throw error;
    console.log(`Refused: ${explain(error.problem)}`);
  }
}
