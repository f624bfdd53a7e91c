import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import type { Order } from '../contract/orders.ts';
import type { Tool } from '../contract/tools.ts';
import {
  addFromToolPage,
  apiAs,
  cartLine,
  createTool,
  DEMO_ADMIN,
  expect,
  expectAccessible,
  keepScreenshot,
  newAccount,
  serverCart,
  test,
  waitForReady,
} from './fixtures.ts';
import { mailsTo } from './outbox.ts';
import { createAccount, signedUp } from './sessions.ts';

async function fillDelivery(page: Page) {
  await page.getByLabel('Phone').fill('+1 555 010 4000');
  await page.getByLabel('Delivery address').fill('12 Cart Lane, Springfield');
}

/**
 * A new customer signed up in `page` whose cart holds `quantity` units of a new tool named
 * `name` (and a time stamp); answers the admin who made it (to dispose of) and the tool.
 */
async function customerWithOneLine(
  page: Page,
  {
    name,
    customer,
    price = 1000,
    minimumOrder = 5,
    quantity = 5,
  }: {
    name: string;
    customer: string;
    price?: number;
    minimumOrder?: number;
    quantity?: number;
  },
) {
  const admin = await apiAs(DEMO_ADMIN);
  const tool = await createTool(admin, {
    name: `${name} ${Date.now().toString(36)}`,
    price,
    minimumOrder,
    quantity: 100,
  });
  const account = newAccount(customer);
  await signedUp(page, account);
  await page.request.put('/api/cart', { data: { lines: [{ toolId: tool._id, quantity }] } });
  return { admin, tool, account };
}

/** A second tab of `page`'s customer; both on the cart, showing `total`. */
async function secondTabOnCart(page: Page, total: string): Promise<Page> {
  const stale = await page.context().newPage();
  for (const tab of [page, stale]) {
    await tab.goto('/cart');
    await waitForReady(tab);
    await expect(tab.getByTestId('cart-total')).toHaveText(total);
  }
  return stale;
}

/** Types a line's units in a cart tab and leaves the field, as a buyer changes it. */
async function setUnits(tab: Page, name: string, units: number): Promise<void> {
  const field = cartLine(tab, name).getByLabel(/^Units of/);
  await field.fill(String(units));
  await field.blur();
}

test('a customer fills the cart from tool pages and the catalogue, sees the volume price, checks out once and lands on payment', async ({
  page,
}) => {
  const admin = await apiAs(DEMO_ADMIN);
  const suffix = Date.now().toString(36);
  const vise = await createTool(admin, { name: `Cart Vise ${suffix}`, minimumOrder: 30 });
  const knife = await createTool(admin, {
    name: `Cart Knife ${suffix}`,
    price: 1200,
    minimumOrder: 10,
    quantity: 1000,
    priceTiers: [{ minQuantity: 100, price: 999 }],
  });
  const gloves = await createTool(admin, {
    name: `Cart Gloves ${suffix}`,
    price: 450,
    minimumOrder: 5,
    quantity: 200,
  });
  const customer = newAccount('Cara Cart');
  await signedUp(page, customer);

  await addFromToolPage(page, vise);
  await addFromToolPage(page, knife, 120);
  // From the catalogue: the card adds the tool's minimum order.
  await page.goto(`/tools?q=${encodeURIComponent(gloves.name)}`);
  await waitForReady(page);
  await page.getByRole('button', { name: `Add to cart: ${gloves.name}, 5 units` }).click();
  const added = page.getByRole('status').filter({ hasText: 'Added' });
  await expect(added).toHaveText(`Added 5 × ${gloves.name} to your cart. View cart`);
  await expect(page.getByTestId('cart-count')).toHaveText('3 tools');
  await added.getByRole('link', { name: 'View cart' }).click();

  await expect(page).toHaveURL(/\/cart$/);
  await expect(page).toHaveTitle('Your cart · Toolyard');
  await waitForReady(page);
  const knifeLine = cartLine(page, knife.name);
  await expect(knifeLine.getByTestId('unit-price')).toHaveText('$9.99');
  await expect(knifeLine.getByTestId('volume-price')).toHaveText(
    'Volume price: 100+ at $9.99 (instead of $12.00)',
  );
  await expect(knifeLine.getByTestId('line-total')).toHaveText('$1,198.80');
  await expect(cartLine(page, vise.name).getByTestId('unit-price')).toHaveText('$12.90');
  // 30 × $12.90 + 120 × $9.99 + 5 × $4.50
  await expect(page.getByTestId('cart-total')).toHaveText('$1,608.30');
  await expectAccessible(page, 'the cart');

  // One request places the order and empties the cart: nothing else writes (no PUT of an empty cart).
  const orderCalls: string[] = [];
  const writes: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (request.method() === 'POST' && pathname === '/api/cart/checkout')
      orderCalls.push(request.headers()['idempotency-key'] ?? '');
    if (request.method() !== 'GET') writes.push(`${request.method()} ${pathname}`);
  });
  await fillDelivery(page);
  await page.getByLabel('Purchase order number (optional)').fill('PO-2026-17');
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByRole('heading', { name: 'Your order is placed' })).toBeFocused();
  // Three tools, 155 units in all: never "155 × the first tool".
  await expect(page.getByRole('status').filter({ hasText: 'Your order is placed' })).toContainText(
    /Order TY-\d+: 3 tools, 155 units, total \$1,608\.30\./,
  );
  expect(orderCalls).toHaveLength(1);
  expect(orderCalls[0]).toMatch(/^[0-9a-f]{32}$/);
  expect((await serverCart(page)).lines).toEqual([]);
  // The header's cart is empty again.
  await expect(page.getByTestId('cart-count')).toHaveCount(0);
  expect(writes).toEqual(['POST /api/cart/checkout']);

  await page.getByRole('link', { name: 'Pay now' }).click();
  await expect(page).toHaveURL(/\/dashboard\/payment\/[\w-]+$/);
  await expect(page.getByText('$1,608.30').first()).toBeVisible();
  const orders = (await (
    await page.request.get(`/api/user?email=${encodeURIComponent(customer.email)}`)
  ).json()) as Order[];
  expect(orders).toHaveLength(1);
  expect(orders[0]).toMatchObject({ totalAmount: 160_830, poNumber: 'PO-2026-17' });
  expect(orders[0]?.lines.map((line) => [line.productName, line.quantity, line.unitPrice])).toEqual(
    [
      [vise.name, 30, 1290],
      [knife.name, 120, 999],
      [gloves.name, 5, 450],
    ],
  );
});

test("with the keyboard, removing a line lands on the page's title, not the page's start", async ({
  page,
}) => {
  const admin = await apiAs(DEMO_ADMIN);
  const suffix = Date.now().toString(36);
  const saw = await createTool(admin, { name: `Gone Saw ${suffix}`, minimumOrder: 1 });
  const rule = await createTool(admin, { name: `Kept Rule ${suffix}`, minimumOrder: 1 });
  await signedUp(page, newAccount('Rio Remove'));
  const put = await page.request.put('/api/cart', {
    data: {
      lines: [
        { toolId: saw._id, quantity: 2 },
        { toolId: rule._id, quantity: 3 },
      ],
    },
  });
  expect(put.status()).toBe(200);
  await page.goto('/cart');
  await waitForReady(page);
  const remove = page.getByRole('button', { name: `Remove ${saw.name}` });
  await remove.focus();
  await page.keyboard.press('Enter');
  await expect(remove).toHaveCount(0);
  await expect(cartLine(page, rule.name)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Your cart' })).toBeFocused();
});

test('a line that ran out between cart and checkout is marked on that line, and nothing is taken', async ({
  page,
}) => {
  const admin = await apiAs(DEMO_ADMIN);
  const suffix = Date.now().toString(36);
  const level = await createTool(admin, {
    name: `Short Level ${suffix}`,
    minimumOrder: 10,
    quantity: 100,
  });
  const tape = await createTool(admin, {
    name: `Plenty Tape ${suffix}`,
    minimumOrder: 10,
    quantity: 100,
  });
  const customer = newAccount('Sam Short');
  await signedUp(page, customer);
  const put = await page.request.put('/api/cart', {
    data: {
      lines: [
        { toolId: level._id, quantity: 50 },
        { toolId: tape._id, quantity: 20 },
      ],
    },
  });
  expect(put.status()).toBe(200);

  await page.goto('/cart');
  await waitForReady(page);
  await expect(cartLine(page, level.name).getByTestId('line-total')).toHaveText('$645.00');
  await fillDelivery(page);
  // Someone else bought most of it meanwhile.
  expect(
    (await admin.put(`/api/purchase/${level._id}`, { data: { newQuantity: 3 } })).status(),
  ).toBe(200);
  await page.getByRole('button', { name: 'Place order' }).click();

  await expect(cartLine(page, level.name).getByTestId('line-problem')).toHaveText(
    `Only 3 units of ${level.name} are in stock.`,
  );
  await expect(cartLine(page, tape.name).getByTestId('line-problem')).toHaveCount(0);
  const alert = page.getByRole('alert').filter({ hasText: 'Nothing was ordered' });
  await expect(alert).toBeVisible();
  await expect(alert).not.toContainText('out_of_stock');
  await expect(page.getByRole('heading', { name: 'Your order is placed' })).toHaveCount(0);
  // What was typed stays.
  await expect(page.getByLabel('Delivery address')).toHaveValue('12 Cart Lane, Springfield');

  const stock = async (tool: Tool) =>
    ((await (await admin.get(`/api/purchase/${tool._id}`)).json()) as Tool).quantity;
  expect(await stock(level)).toBe(3);
  expect(await stock(tape)).toBe(100);
  const orders = await page.request.get(`/api/user?email=${encodeURIComponent(customer.email)}`);
  expect(await orders.json()).toEqual([]);
  expect((await serverCart(page)).lines.map((line) => line.quantity)).toEqual([50, 20]);
});

test('a price that changed between cart and checkout stops the order, says the new total and shows it', async ({
  page,
}) => {
  const admin = await apiAs(DEMO_ADMIN);
  const clamp = await createTool(admin, {
    name: `Repriced Clamp ${Date.now().toString(36)}`,
    price: 1000,
    minimumOrder: 10,
    quantity: 100,
  });
  const customer = newAccount('Pia Price');
  await signedUp(page, customer);
  const put = await page.request.put('/api/cart', {
    data: { lines: [{ toolId: clamp._id, quantity: 10 }] },
  });
  expect(put.status()).toBe(200);

  await page.goto('/cart');
  await waitForReady(page);
  await expect(page.getByTestId('cart-total')).toHaveText('$100.00');
  await fillDelivery(page);
  // The admin raises the price while the buyer types.
  expect((await admin.patch(`/api/tools/${clamp._id}`, { data: { price: 1100 } })).status()).toBe(
    200,
  );
  await page.getByRole('button', { name: 'Place order' }).click();

  const alert = page.getByRole('alert').filter({ hasText: 'Prices changed since you looked' });
  await expect(alert).toContainText('this order now comes to $110.00, not $100.00');
  await expect(page.getByTestId('cart-total')).toHaveText('$110.00');
  const orders = await page.request.get(`/api/user?email=${encodeURIComponent(customer.email)}`);
  expect(await orders.json()).toEqual([]);

  // Seen, the new total can be ordered.
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByRole('heading', { name: 'Your order is placed' })).toBeFocused();
  await admin.dispose();
});

test('a stale tab of the cart says the cart was checked out, links the order, and orders nothing', async ({
  page,
}) => {
  const admin = await apiAs(DEMO_ADMIN);
  const saw = await createTool(admin, {
    name: `Two Tab Saw ${Date.now().toString(36)}`,
    price: 2500,
    minimumOrder: 4,
    quantity: 100,
  });
  const customer = newAccount('Tia Tabs');
  await signedUp(page, customer);
  const put = await page.request.put('/api/cart', {
    data: { lines: [{ toolId: saw._id, quantity: 8 }] },
  });
  expect(put.status()).toBe(200);

  // Two tabs of one signed-in browser, each showing the cart.
  const stale = await page.context().newPage();
  for (const tab of [page, stale]) {
    await tab.goto('/cart');
    await waitForReady(tab);
    await expect(tab.getByTestId('cart-total')).toHaveText('$200.00');
    await fillDelivery(tab);
  }
  await page.getByRole('button', { name: 'Place order' }).click();
  const placed = page.getByRole('status').filter({ hasText: 'Your order is placed' });
  await expect(placed).toContainText(/Order TY-\d+: 8 × Two Tab Saw/);
  const number = (await placed.textContent())?.match(/TY-\d+/)?.[0] ?? '';

  await stale.getByRole('button', { name: 'Place order' }).click();
  const notice = stale.getByRole('alert').filter({ hasText: 'Nothing was ordered' });
  await expect(notice.getByRole('paragraph')).toHaveText(
    `This cart was already checked out: see order ${number}.`,
  );
  await expect(stale.getByRole('heading', { name: 'Nothing was ordered' })).toBeFocused();
  // The cart is read again: the order emptied it.
  await expect(stale.getByText('Your cart is empty')).toBeVisible();
  await expect(stale.getByRole('heading', { name: 'Your order is placed' })).toHaveCount(0);
  await expect(stale.getByRole('status').filter({ hasText: /sorry|still holds/i })).toHaveCount(0);
  await keepScreenshot(stale, 'stale-cart-1280', { fullPage: true });
  await stale.setViewportSize({ width: 320, height: 700 });
  await expect(notice).toBeVisible();
  expect(await stale.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await expectAccessible(stale, 'the stale cart at 320 px');
  await keepScreenshot(stale, 'stale-cart-320', { fullPage: true });

  // One order, its stock taken once, one confirmation.
  const orders = (await (
    await page.request.get(`/api/user?email=${encodeURIComponent(customer.email)}`)
  ).json()) as Order[];
  expect(orders.map((order) => order.number)).toEqual([number]);
  expect(((await (await admin.get(`/api/purchase/${saw._id}`)).json()) as Tool).quantity).toBe(92);
  await expect
    .poll(async () =>
      (await mailsTo(customer.email)).filter((m) => m.includes(`${number} received`)),
    )
    .toHaveLength(1);
  expect((await mailsTo(customer.email)).filter((m) => / received/.test(m))).toHaveLength(1);

  await notice.getByRole('link', { name: number }).click();
  await expect(stale).toHaveURL(new RegExp(`/dashboard/orders/${orders[0]?._id}$`));
  await admin.dispose();
});

test('a tab whose cart changed in another tab is told to review it, then orders the cart as it is now', async ({
  page,
}) => {
  const {
    admin,
    tool: level,
    account: customer,
  } = await customerWithOneLine(page, { name: 'Changed Level', customer: 'Cy Changed' });
  const stale = await secondTabOnCart(page, '$50.00');
  // The first tab raises the quantity; the second still shows 5.
  await setUnits(page, level.name, 7);
  await expect(page.getByTestId('cart-total')).toHaveText('$70.00');
  await expect.poll(async () => (await serverCart(page)).lines[0]?.quantity).toBe(7);

  await fillDelivery(stale);
  await stale.getByRole('button', { name: 'Place order' }).click();
  await expect(stale.getByRole('alert').filter({ hasText: 'Nothing was ordered' })).toContainText(
    'Your cart changed since this page read it: review it and place the order again.',
  );
  await expect(stale.getByTestId('cart-total')).toHaveText('$70.00');
  const none = await page.request.get(`/api/user?email=${encodeURIComponent(customer.email)}`);
  expect(await none.json()).toEqual([]);

  // Reviewed, the cart as it is now is ordered.
  await stale.getByRole('button', { name: 'Place order' }).click();
  await expect(stale.getByRole('heading', { name: 'Your order is placed' })).toBeFocused();
  await expect(stale.getByRole('status').filter({ hasText: 'Your order is placed' })).toContainText(
    `7 × ${level.name}`,
  );
  await admin.dispose();
});

test('a tab that read the cart before another tab changed it writes nothing over that change: a quantity it sets is refused and the cart shown as it is, units it adds join the cart as it is now', async ({
  page,
}) => {
  const { admin, tool: level } = await customerWithOneLine(page, {
    name: 'Kept Level',
    customer: 'Tia Tabs',
  });
  const stale = await secondTabOnCart(page, '$50.00');
  // The first tab raises the quantity; the second still shows 5.
  await setUnits(page, level.name, 7);
  await expect.poll(async () => (await serverCart(page)).lines[0]?.quantity).toBe(7);
  await expect(stale.getByTestId('cart-total')).toHaveText('$50.00');

  // The second tab sets another quantity from the 5 it shows: refused, and it shows the 7.
  await setUnits(stale, level.name, 9);
  await expect(stale.getByRole('alert')).toHaveText(
    'Your last change was not saved. Your cart changed since this page last read it, perhaps in another tab or on another device, so this change was not made. The cart here is as it is now: make the change again if you still want it.',
  );
  await expect(stale.getByTestId('cart-total')).toHaveText('$70.00');
  await expect(cartLine(stale, level.name).getByLabel(/^Units of/)).toHaveValue('7');
  expect((await serverCart(page)).lines.map((line) => line.quantity)).toEqual([7]);

  // The second tab reads the cart (8), goes to the tool's page from it (the cart it read still in
  // memory) and adds 5 more after the first tab set 10: they join the 10.
  await setUnits(page, level.name, 8);
  await expect.poll(async () => (await serverCart(page)).lines[0]?.quantity).toBe(8);
  await stale.goto('/cart');
  await waitForReady(stale);
  await cartLine(stale, level.name).getByRole('link', { name: level.name }).click();
  await expect(stale).toHaveURL(new RegExp(`/tools/${level._id}$`));
  await waitForReady(stale);
  await setUnits(page, level.name, 10);
  await expect.poll(async () => (await serverCart(page)).lines[0]?.quantity).toBe(10);
  await stale.getByRole('button', { name: 'Add to cart' }).click();
  await expect(stale.getByRole('status').filter({ hasText: 'Added' })).toContainText(
    `Added 5 × ${level.name} to your cart.`,
  );
  expect((await serverCart(page)).lines.map((line) => line.quantity)).toEqual([15]);
  await admin.dispose();
});

test("a tab's own change is never refused as another tab's: after a change stored and the next one lost on the way, a third names the version the tab stored", async ({
  page,
}) => {
  const { admin, tool: rule } = await customerWithOneLine(page, {
    name: 'Own Rule',
    customer: 'Oona Own',
    price: 100,
    minimumOrder: 1,
    quantity: 30,
  });
  await page.goto('/cart');
  await waitForReady(page);

  // The first change's answer is held until the second is sent behind it; the second never
  // reaches the store (the connection dropped); the cart read again after it answers only once
  // the third change has been answered.
  let releaseFirst = () => {};
  const firstHeld = new Promise<void>((resolve) => {
    releaseFirst = resolve;
  });
  let thirdAnswered = () => {};
  const third = new Promise<void>((resolve) => {
    thirdAnswered = resolve;
  });
  const sent: number[] = [];
  await page.route('**/api/cart', async (route) => {
    const request = route.request();
    if (request.method() === 'PUT') {
      sent.push((request.postDataJSON() as { version?: number }).version ?? -1);
      if (sent.length === 1) await firstHeld;
      if (sent.length === 2) return route.abort('internetdisconnected');
      const response = await route.fetch();
      if (sent.length === 3) thirdAnswered();
      return route.fulfill({ response });
    }
    if (sent.length === 2) await third;
    return route.continue().catch(() => undefined);
  });

  const units = cartLine(page, rule.name).getByLabel(/^Units of/);
  await units.fill('31');
  await units.press('Enter');
  await units.fill('32');
  await units.press('Enter');
  await expect.poll(() => sent.length).toBe(1);
  releaseFirst();
  await expect(page.getByRole('alert')).toContainText('Your last change was not saved.');
  await expect.poll(async () => (await serverCart(page)).lines[0]?.quantity).toBe(31);
  // The cart shows what the first change stored, until it is read again.
  await expect(units).toHaveValue('31');

  // Made from the cart this tab stored (31): the store keeps it.
  await units.fill('33');
  await units.press('Enter');
  await expect.poll(async () => (await serverCart(page)).lines[0]?.quantity).toBe(33);
  await expect(page.getByRole('alert')).toHaveCount(0);
  expect(sent).toEqual([1, 2, 2]);

  // Signed out and in as someone else in this tab, the versions of the cart before say nothing of
  // the new one: a tool added from the catalogue goes into it at once.
  await page.unroute('**/api/cart');
  await cartLine(page, rule.name).getByRole('link', { name: rule.name }).click();
  await expect(page).toHaveURL(new RegExp(`/tools/${rule._id}$`));
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.getByRole('link', { name: 'Login' }).click();
  const other = newAccount('Otto Other');
  await createAccount(other);
  await page.getByLabel('Email').fill(other.email);
  await page.getByLabel('Password').fill(other.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('user-name').first()).toHaveText(other.name);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Tools' }).click();
  await page.getByRole('searchbox', { name: 'Search tools' }).fill(rule.name);
  await page.getByRole('searchbox', { name: 'Search tools' }).press('Enter');
  await page.getByRole('button', { name: `Add to cart: ${rule.name}, 1 unit` }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Added' })).toContainText(
    `Added 1 × ${rule.name} to your cart.`,
  );
  expect((await serverCart(page)).lines.map((line) => line.quantity)).toEqual([1]);
  await admin.dispose();
});

test('"Buy again" in a tab whose cart changed elsewhere, of an order naming a tool since removed, adds the rest to the cart as it is now and names the one removed', async ({
  page,
}) => {
  const admin = await apiAs(DEMO_ADMIN);
  const suffix = Date.now().toString(36);
  const [kept, gone, other] = await Promise.all(
    ['Kept', 'Gone', 'Other'].map((name) =>
      createTool(admin, { name: `Again ${name} ${suffix}`, minimumOrder: 1, quantity: 100 }),
    ),
  );
  await signedUp(page, newAccount('Abe Again'));
  const placed = await page.request.post('/api/orders', {
    headers: { 'idempotency-key': randomUUID() },
    data: {
      phone: '+1 555 010 4100',
      address: '4 Again Street, Springfield',
      lines: [
        { toolId: kept?._id, quantity: 2 },
        { toolId: gone?._id, quantity: 3 },
      ],
    },
  });
  expect(placed.status()).toBe(201);
  const order = (await placed.json()) as Order;
  expect((await admin.delete(`/api/product/${gone?._id}`)).ok()).toBe(true);
  await page.request.put('/api/cart', { data: { lines: [{ toolId: other?._id, quantity: 2 }] } });

  await page.goto(`/dashboard/orders/${order._id}`);
  await waitForReady(page);
  // Another device changes the cart this page read.
  await page.request.put('/api/cart', { data: { lines: [{ toolId: other?._id, quantity: 5 }] } });
  await page.getByRole('button', { name: 'Buy again' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByRole('status').filter({ hasText: 'Not added' })).toContainText(
    `Not added to your cart: ${gone?.name} (no longer sold, or your cart is full).`,
  );
  expect((await serverCart(page)).lines.map((line) => [line.toolId, line.quantity])).toEqual([
    [other?._id, 5],
    [kept?._id, 2],
  ]);
  await admin.dispose();
});
