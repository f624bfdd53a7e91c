import type { APIRequestContext, Page } from '@playwright/test';
import type { Order } from '../contract/orders.ts';
import { freePort } from '../server/free-port.ts';
import { makeDataDir } from '../server/testing/data-dir.ts';
import type { StoreProcess } from '../server/testing/store-process.ts';
import { connectTo } from './database.ts';
import { apiContext, DEMO_CUSTOMER, demoTool, expect, test } from './fixtures.ts';
import { startStore, stopAndRemoveStore, stopStore } from './store-process.ts';

/**
 * A failed submit keeps the form and says what happened, with the store really down: this journey
 * runs a store of its own (the others share one), stops it under the customer's feet and starts it
 * again on the same data.
 */
test.describe.configure({ mode: 'serial' });

let dataDir: string;
let port: number;
let store: StoreProcess | undefined;
let origin: string;

async function startOwnStore(): Promise<void> {
  store = await startStore({
    dataDir,
    port,
    env: {
      SEED_DEMO: 'true',
      PUBLIC_URL: origin,
      // The demo customer orders in both journeys, whatever the demo data holds unpaid.
      UNPAID_ORDERS_MAX: '100',
    },
  });
}

test.beforeAll(async () => {
  test.setTimeout(240_000);
  dataDir = await makeDataDir('toolyard-e2e-outage-');
  port = await freePort();
  origin = `http://localhost:${port}`;
  await startOwnStore();
});

test.afterAll(async () => {
  await stopAndRemoveStore(store, dataDir);
});

const PHONE = '+44 20 7946 0958';
const ADDRESS = '12 Harbour Road, Bristol BS1 5TX';

/** Signs the demo customer in on this journey's own store (a page's context may sign in too). */
async function signInHere(api: APIRequestContext): Promise<void> {
  const response = await api.post(`${origin}/api/auth/sign-in/email`, {
    data: { email: DEMO_CUSTOMER.email, password: DEMO_CUSTOMER.password },
    headers: { origin },
  });
  expect(response.status()).toBe(200);
}

async function ordersOfCustomer(): Promise<Order[]> {
  const api = await apiContext({ baseURL: origin, extraHTTPHeaders: { origin } });
  await signInHere(api);
  const response = await api.get(`/api/user?email=${encodeURIComponent(DEMO_CUSTOMER.email)}`);
  const orders = (await response.json()) as Order[];
  await api.dispose();
  return orders;
}

test('with the store down, "Proceed to order" keeps the form, says nothing was confirmed, and ordering works once it is back', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signInHere(page.request);
  const api = await apiContext({ baseURL: origin });
  const tool = await demoTool(api, 'CH-450');
  await api.dispose();
  const before = (await ordersOfCustomer()).length;

  await page.goto(`${origin}/purchase/${tool._id}`);
  await page.getByLabel('Phone').fill(PHONE);
  await page.getByLabel('Delivery address').fill(ADDRESS);
  await page.getByLabel('Quantity (units)').fill(String(tool.minimumOrder));

  await stopStore(store, dataDir);
  await page.getByRole('button', { name: 'Proceed to order' }).click();

  const failure = page.getByRole('alert').filter({ hasText: 'We could not reach the store.' });
  await expect(failure).toContainText('We cannot tell whether your order was placed.');
  await expect(failure).toContainText('Everything you typed is still here.');
  await expect(failure.getByRole('link', { name: 'My orders' })).toBeVisible();
  // The form is still there, with everything typed.
  await expect(page.getByLabel('Phone')).toHaveValue(PHONE);
  await expect(page.getByLabel('Delivery address')).toHaveValue(ADDRESS);
  await expect(page.getByLabel('Quantity (units)')).toHaveValue(String(tool.minimumOrder));
  await expect(page.getByRole('heading', { name: 'This tool is not available' })).toHaveCount(0);

  await startOwnStore();
  await failure.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { name: 'Your order is placed' })).toBeFocused();
  expect((await ordersOfCustomer()).length).toBe(before + 1);
});

/**
 * The demo customer orders TM-8 on its page, and the first attempt reaches the store and is
 * carried out while its answer never reaches the page. Answers the tool, the customer's orders of
 * it before, and how many answers were lost.
 */
async function orderWithLostAnswer(page: Page) {
  await signInHere(page.request);
  const api = await apiContext({ baseURL: origin });
  const tool = await demoTool(api, 'TM-8');
  await api.dispose();
  const before = (await ordersOfCustomer()).filter((order) => order.toolId === tool._id);

  const lost = { count: 0 };
  await page.route('**/api/orders', async (route) => {
    if (route.request().method() !== 'POST' || lost.count > 0) return route.fallback();
    lost.count += 1;
    await route.fetch();
    await route.abort('connectionreset');
  });

  await page.goto(`${origin}/purchase/${tool._id}`);
  await page.getByLabel('Phone').fill(PHONE);
  await page.getByLabel('Delivery address').fill(ADDRESS);
  await page.getByLabel('Quantity (units)').fill(String(tool.minimumOrder));
  await page.getByRole('button', { name: 'Proceed to order' }).click();
  const failure = page.getByRole('alert').filter({ hasText: 'We could not reach the store.' });
  await expect(failure).toContainText('We cannot tell whether your order was placed.');
  const ordersNow = async () =>
    (await ordersOfCustomer()).filter((order) => order.toolId === tool._id);
  return { before, lost, failure, ordersNow };
}

test('an order whose answer is lost on the way back is not placed twice when tried again', async ({
  page,
}) => {
  const { before, lost, failure, ordersNow } = await orderWithLostAnswer(page);
  await failure.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { name: 'Your order is placed' })).toBeVisible();
  expect(lost.count).toBe(1);
  expect((await ordersNow()).length).toBe(before.length + 1);
});

test('an order whose answer is lost, tried again with a changed address, says the first attempt placed it and orders nothing more', async ({
  page,
}) => {
  const { before, ordersNow } = await orderWithLostAnswer(page);
  await page.getByLabel('Delivery address').fill(`${ADDRESS}, back door`);
  await page.getByRole('button', { name: 'Proceed to order' }).click();
  await expect(page.getByRole('alert')).toContainText(
    'Your earlier attempt placed an order, with the details as they were before your change: it is in My orders. Nothing was ordered now; place the order again only if you want a second one.',
  );
  await expect(page.getByRole('alert')).not.toContainText('Idempotency');
  await page.getByRole('alert').getByRole('link', { name: 'Open My orders' }).click();
  await expect(page).toHaveURL(/\/dashboard\/myorder$/);
  const after = await ordersNow();
  expect(after.length).toBe(before.length + 1);
  expect(after.find((order) => !before.some((old) => old._id === order._id))?.address).toBe(
    ADDRESS,
  );
});

/**
 * The demo customer's cart on this journey's own store holds one line of `sku`; answers how many
 * orders the customer has.
 */
async function cartOfOneLine(page: Page, sku: string): Promise<number> {
  await signInHere(page.request);
  const api = await apiContext({ baseURL: origin });
  const tool = await demoTool(api, sku);
  await api.dispose();
  const filled = await page.request.put(`${origin}/api/cart`, {
    data: { lines: [{ toolId: tool._id, quantity: tool.minimumOrder }] },
    headers: { origin },
  });
  expect(filled.status()).toBe(200);
  return (await ordersOfCustomer()).length;
}

/** Every checkout the page sends, its Idempotency-Key and body; `lose` says what becomes of each. */
async function watchCheckouts(
  page: Page,
  lose: (attempt: number) => 'answer' | 'request' | null,
): Promise<{ key: string; body: unknown }[]> {
  const attempts: { key: string; body: unknown }[] = [];
  await page.route('**/api/cart/checkout', async (route) => {
    const sent = route.request();
    if (sent.method() !== 'POST') return route.fallback();
    attempts.push({ key: sent.headers()['idempotency-key'] ?? '', body: sent.postDataJSON() });
    const lost = lose(attempts.length);
    if (lost === null) return route.fallback();
    // The request reaches the store and is carried out, or never leaves; either way no answer.
    if (lost === 'answer') await route.fetch();
    await route.abort('connectionreset');
  });
  return attempts;
}

async function placeCart(page: Page): Promise<void> {
  await page.goto(`${origin}/cart`);
  await page.getByLabel('Phone').fill(PHONE);
  await page.getByLabel('Delivery address').fill(ADDRESS);
  await page.getByRole('button', { name: 'Place order' }).click();
}

test('a cart checkout whose answer is lost learns at once that the order was placed, and places it once', async ({
  page,
}) => {
  const before = await cartOfOneLine(page, 'TM-8');
  // The first attempt empties the cart and its answer is lost: the page reads the cart, finds it
  // moved on, and asks again with the same key and body, which the store answers with the order.
  const attempts = await watchCheckouts(page, (attempt) => (attempt === 1 ? 'answer' : null));
  await placeCart(page);

  await expect(page.getByRole('heading', { name: 'Your order is placed' })).toBeFocused();
  expect(attempts).toHaveLength(2);
  expect(attempts[1]).toEqual(attempts[0]);
  expect((await ordersOfCustomer()).length).toBe(before + 1);
  await expect(page.getByTestId('cart-count')).toHaveCount(0);
});

test('a cart checkout that never reached the store can be tried again, with the same key and cart', async ({
  page,
}) => {
  const before = await cartOfOneLine(page, 'TM-8');
  // The first attempt never reaches the store: the cart is still at the version sent, so the
  // outcome stays for the buyer to settle.
  const attempts = await watchCheckouts(page, (attempt) => (attempt === 1 ? 'request' : null));
  await placeCart(page);

  const failure = page.getByRole('alert').filter({ hasText: 'We could not reach the store.' });
  await expect(failure).toContainText('We cannot tell whether your order was placed.');
  expect(attempts).toHaveLength(1);
  await failure.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { name: 'Your order is placed' })).toBeVisible();
  expect(attempts).toHaveLength(2);
  expect(attempts[1]).toEqual(attempts[0]);
  expect((await ordersOfCustomer()).length).toBe(before + 1);
});

test('a page whose data does not come in time answers 503, is not kept, and is whole next time', async () => {
  const api = await apiContext({ baseURL: origin });
  const tool = await demoTool(api, 'UK-R5');
  const database = await connectTo(dataDir);
  try {
    // The catalogue stops answering: a transaction holds the tools table.
    await database.query('begin');
    await database.query('lock table tools in access exclusive mode');
    const degraded = await api.get(`/tools/${tool._id}`);
    expect(degraded.status()).toBe(503);
    expect(degraded.headers()['cache-control']).toBe('no-store');
    expect(await degraded.text()).toContain('Loading the tool');
  } finally {
    await database.query('rollback').catch(() => {});
    await database.end();
  }
  const whole = await api.get(`/tools/${tool._id}`);
  expect(whole.status()).toBe(200);
  expect(await whole.text()).toContain(`<title>${tool.name} · Toolyard</title>`);
  await api.dispose();
});
