import { deferred } from '../server/testing/deferred.ts';
import {
  addFromToolPage,
  apiAs,
  cartLine,
  createTool,
  DEMO_ADMIN,
  expect,
  expectAccessible,
  newAccount,
  serverCart,
  test,
  waitForReady,
} from './fixtures.ts';

/**
 * A visitor's cart, kept in the browser: joined to the account's cart at sign-in, and read as
 * untrusted input.
 */

test("a visitor's cart survives sign-in: it joins the account's cart, then leaves the browser", async ({
  page,
}) => {
  const admin = await apiAs(DEMO_ADMIN);
  const longWord = `Cart${'extra'.repeat(12)}long`;
  const suffix = Date.now().toString(36);
  const wrench = await createTool(admin, {
    name: `${longWord} Wrench ${suffix}`,
    minimumOrder: 10,
    priceTiers: [{ minQuantity: 20, price: 1100 }],
  });
  const clamp = await createTool(admin, { name: `Visitor Clamp ${suffix}`, minimumOrder: 5 });
  const customer = newAccount('Vera Visitor');
  // The account already has 10 wrenches in its cart (from another device).
  const elsewhere = await apiAs(customer, { create: true });
  await elsewhere.put('/api/cart', { data: { lines: [{ toolId: wrench._id, quantity: 10 }] } });

  await addFromToolPage(page, wrench);
  await addFromToolPage(page, clamp);
  const stored = await page.evaluate(() => localStorage.getItem('toolyard.cart'));
  expect(JSON.parse(stored ?? '[]')).toEqual([
    { toolId: wrench._id, quantity: 10 },
    { toolId: clamp._id, quantity: 5 },
  ]);

  // The visitor's cart, priced by the store; at 320 px nothing widens the page.
  await page.setViewportSize({ width: 320, height: 700 });
  await page.goto('/cart');
  await waitForReady(page);
  await expect(cartLine(page, clamp.name).getByTestId('line-total')).toHaveText('$64.50');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await expectAccessible(page, 'the cart at 320 px');

  // The worst order of answers after sign-in: the account's cart is read before the merge is
  // made, and that read answers after it. The page must keep the merged cart.
  const staleRead = deferred();
  const mergeShown = deferred();
  let delivered: Promise<unknown> = Promise.resolve();
  let isFirstRead = true;
  await page.route('**/api/cart', async (route) => {
    if (route.request().method() !== 'GET' || !isFirstRead) return route.fallback();
    isFirstRead = false;
    const response = await route.fetch();
    staleRead.resolve();
    await mergeShown.promise;
    // The page may have given up on this read (that is the fix): nothing to answer then.
    delivered = route.fulfill({ response }).catch(() => undefined);
    await delivered;
  });
  await page.route('**/api/cart/merge', async (route) => {
    await staleRead.promise;
    await route.fallback();
  });

  await page.getByRole('link', { name: 'Sign in to check out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email').fill(customer.email);
  await page.getByLabel('Password').fill(customer.password);
  await page.getByRole('button', { name: 'Sign in' }).click();

  await expect(page).toHaveURL(/\/cart$/);
  // Same tool: the quantities add up (20 reaches the volume price); the other is appended.
  await expect(cartLine(page, wrench.name).getByLabel(/^Units of/)).toHaveValue('20');
  mergeShown.resolve();
  await page.unrouteAll({ behavior: 'wait' });
  await delivered;
  // Time for the page to take in that late answer, were it still listening.
  await page.evaluate(() => new Promise((done) => setTimeout(done, 300)));
  await expect(cartLine(page, wrench.name).getByLabel(/^Units of/)).toHaveValue('20');
  await expect(cartLine(page, wrench.name).getByTestId('unit-price')).toHaveText('$11.00');
  await expect(cartLine(page, clamp.name)).toBeVisible();
  await expect
    .poll(async () => (await serverCart(page)).lines.map((l) => [l.toolId, l.quantity]))
    .toEqual([
      [wrench._id, 20],
      [clamp._id, 5],
    ]);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('toolyard.cart'))).toBeNull();
  await waitForReady(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);

  // A change on the page goes to the store.
  await cartLine(page, clamp.name)
    .getByRole('button', { name: `Remove ${clamp.name}` })
    .click();
  await expect(cartLine(page, clamp.name)).toHaveCount(0);
  await expect
    .poll(async () => (await serverCart(page)).lines.map((l) => l.toolId))
    .toEqual([wrench._id]);
});

test('a cart stored in the browser is read as untrusted input', async ({ page }) => {
  const admin = await apiAs(DEMO_ADMIN);
  const tool = await createTool(admin, { name: `Stored Saw ${Date.now().toString(36)}` });
  await page.goto('/');
  await page.evaluate((id) => {
    localStorage.setItem(
      'toolyard.cart',
      JSON.stringify([
        { toolId: id, quantity: 30 },
        { toolId: id, quantity: 99 },
        { toolId: 'not-an-id', quantity: 1 },
        { toolId: '00000000-0000-4000-8000-000000000000', quantity: -4 },
        { toolId: '00000000-0000-4000-8000-000000000001', quantity: 2, price: 0 },
        '<img src=x onerror=alert(1)>',
        null,
      ]),
    );
  }, tool._id);
  await page.goto('/cart');
  await waitForReady(page);
  // The tool once; an id the store does not know is a line that says so; the rest is dropped.
  await expect(page.getByRole('listitem').filter({ has: page.getByRole('heading') })).toHaveCount(
    2,
  );
  await expect(cartLine(page, tool.name).getByLabel(/^Units of/)).toHaveValue('30');
  await expect(
    page.getByText('This tool is no longer in the catalogue; remove it from the cart.'),
  ).toBeVisible();

  await page.evaluate(() => localStorage.setItem('toolyard.cart', '{"lines": "nonsense'));
  await page.goto('/cart');
  await waitForReady(page);
  await expect(page.getByText('Your cart is empty')).toBeVisible();
  await expect(page.getByRole('link', { name: 'browse the catalogue' })).toHaveAttribute(
    'href',
    '/tools',
  );
});
