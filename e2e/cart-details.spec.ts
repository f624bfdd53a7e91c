import type { Page } from '@playwright/test';
import { deferred } from '../server/testing/deferred.ts';
import {
  addFromToolPage,
  apiAs,
  cartLine,
  createTool,
  DEMO_ADMIN,
  demoTool,
  expect,
  expectAccessible,
  keepScreenshot,
  newAccount,
  serverCart,
  test,
  waitForReady,
} from './fixtures.ts';
import { signedUp } from './sessions.ts';

/** The cart page keeps what the buyer typed, and says what joining a visitor's cart did. */

test('the delivery address, PO number and note typed at checkout survive a reload, and go once the order is placed', async ({
  page,
}) => {
  const admin = await apiAs(DEMO_ADMIN);
  const tool = await createTool(admin, { name: `Draft Saw ${Date.now().toString(36)}` });
  const customer = newAccount('Dora Draft');
  await signedUp(page, customer);
  await addFromToolPage(page, tool);

  await page.goto('/cart');
  await waitForReady(page);
  const address = page.getByLabel('Delivery address');
  const poNumber = page.getByLabel('Purchase order number (optional)');
  const note = page.getByLabel('Note (optional)');
  await address.fill('12 Draft Lane\nSpringfield');
  await poNumber.fill('PO-DRAFT-9');
  await note.fill('Gate B, before noon');

  await page.reload();
  await waitForReady(page);
  await expect(address).toHaveValue('12 Draft Lane\nSpringfield');
  await expect(poNumber).toHaveValue('PO-DRAFT-9');
  await expect(note).toHaveValue('Gate B, before noon');

  await page.getByLabel('Phone').fill('+1 555 010 4000');
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByRole('heading', { name: 'Your order is placed' })).toBeFocused();
  expect(await page.evaluate(() => Object.keys(sessionStorage))).not.toContainEqual(
    expect.stringMatching(/^toolyard\.checkout\./),
  );

  // The next cart starts with empty details.
  await addFromToolPage(page, tool);
  await page.goto('/cart');
  await waitForReady(page);
  await expect(address).toHaveValue('');
  await expect(poNumber).toHaveValue('');
  await expect(note).toHaveValue('');
});

test("signing in says, once and line by line, what joining the visitor's cart to the account's did", async ({
  page,
}) => {
  const admin = await apiAs(DEMO_ADMIN);
  const suffix = Date.now().toString(36);
  const pliers = await createTool(admin, {
    name: `Merge Pliers ${suffix}`,
    minimumOrder: 10,
    quantity: 500,
  });
  const clamp = await createTool(admin, { name: `Merge Clamp ${suffix}`, minimumOrder: 5 });
  const customer = newAccount('Mona Merge');
  // The account already has 50 pliers in its cart (from another device).
  const elsewhere = await apiAs(customer, { create: true });
  await elsewhere.put('/api/cart', { data: { lines: [{ toolId: pliers._id, quantity: 50 }] } });

  await addFromToolPage(page, pliers, 50);
  await addFromToolPage(page, clamp);
  await page.goto('/cart');
  await waitForReady(page);
  await page.getByRole('link', { name: 'Sign in to check out' }).click();
  await page.getByLabel('Email').fill(customer.email);
  await page.getByLabel('Password').fill(customer.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/cart$/);

  const notice = page
    .getByRole('status')
    .filter({ hasText: 'Your cart from before you signed in was added:' });
  await expect(notice.getByRole('listitem')).toHaveText([
    `${pliers.name}: 50 → 100`,
    `${clamp.name}: 5 added`,
  ]);
  await expect(cartLine(page, pliers.name).getByLabel(/^Units of/)).toHaveValue('100');
  expect((await serverCart(page)).lines.map((line) => line.quantity)).toEqual([100, 5]);
  await waitForReady(page);
  await expectAccessible(page, 'the cart with the merge notice');
  for (const width of [320, 375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      width,
    );
    await keepScreenshot(page, `cart-merge-notice-${width}`);
  }

  await notice.getByRole('button', { name: 'Dismiss' }).click();
  await expect(notice).toHaveCount(0);
  // Told once: a reload does not tell it again, and the cart stays as joined.
  await page.reload();
  await waitForReady(page);
  await expect(cartLine(page, pliers.name).getByLabel(/^Units of/)).toHaveValue('100');
  await expect(page.getByText('Your cart from before you signed in was added:')).toHaveCount(0);
});

/** The text of every script the page loads from here on, for what it carries. */
function scriptsOf(page: Page): Promise<string>[] {
  const scripts: Promise<string>[] = [];
  page.on('response', (response) => {
    if (/\/assets\/[^/]+\.js$/.test(response.url())) scripts.push(response.text());
  });
  return scripts;
}

test("a visitor's cart loads no form code; a customer's checkout says it is loading until its code arrives", async ({
  page,
  request,
}) => {
  const tool = await demoTool(request, 'HD-13');
  await addFromToolPage(page, tool);
  const visitorScripts = scriptsOf(page);
  await page.goto('/cart');
  await waitForReady(page);
  await expect(cartLine(page, tool.name)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign in to check out' })).toBeVisible();
  // Neither the validation library (zod) nor react-hook-form: they come with a customer's checkout.
  for (const script of await Promise.all(visitorScripts)) {
    expect(script).not.toContain('ZodError');
    expect(script).not.toContain('shouldUnregister');
  }

  // A customer's checkout arrives after the cart: until its code is there, the cart says so.
  await signedUp(page, newAccount('Lena Lazy'));
  await addFromToolPage(page, tool);
  const held = deferred();
  await page.route(/\/assets\/cart-checkout-[\w-]+\.js$/, async (route) => {
    await held.promise;
    await route.continue();
  });
  await page.goto('/cart');
  const loading = page.getByRole('status').filter({ hasText: 'Loading the checkout…' });
  await expect(loading).toBeVisible();
  await expect(cartLine(page, tool.name)).toBeVisible();
  for (const width of [320, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await keepScreenshot(page, `cart-checkout-loading-${width}`, { fullPage: true });
  }
  held.resolve();
  await expect(loading).toHaveCount(0);
  await expect(page.getByLabel('Phone')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Place order' })).toBeVisible();
  await expect(
    page.getByRole('heading', { name: 'Need more, a better price or a date?' }),
  ).toBeVisible();
});

test("a customer's checkout whose code does not arrive says so beside the cart, and comes on Try again", async ({
  page,
  request,
}) => {
  const tool = await demoTool(request, 'HD-13');
  await signedUp(page, newAccount('Otto Offline'));
  await addFromToolPage(page, tool);
  let isOffline = true;
  await page.route(/\/assets\/cart-checkout-[\w-]+\.js$/, (route) =>
    isOffline ? route.abort() : route.continue(),
  );
  await page.goto('/cart');
  const failed = page.getByRole('alert').filter({ hasText: 'We could not load the checkout' });
  await expect(failed).toContainText(
    'Could not reach the store. Check your connection and try again.',
  );
  // The cart itself stays, with its lines.
  await expect(cartLine(page, tool.name)).toBeVisible();
  isOffline = false;
  await failed.getByRole('button', { name: 'Try again' }).click();
  await expect(failed).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Place order' })).toBeVisible();
});
