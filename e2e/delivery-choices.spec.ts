import type { APIRequestContext, Page } from '@playwright/test';
import {
  apiAs,
  checkAtWidths,
  createTool,
  DEMO_ADMIN,
  expect,
  newAccount,
  test,
  waitForReady,
} from './fixtures.ts';
import { signedIn } from './sessions.ts';

/**
 * Buy now and accepting an offer offer the address book and the delivery methods as the cart's
 * checkout does: the buyer's default address is chosen, the methods serving its country are
 * quoted for this order with their prices and days, the buyer picks one, and the order carries it
 * in its total. Each journey uses its own country, since methods are the store's.
 */

const address = (label: string, country: string, city: string) => ({
  label,
  recipient: 'Della Delivery',
  line1: '8 Quay Street',
  postcode: '4000-123',
  city,
  country,
  phone: '+351 22 555 0100',
});

/** Two methods for `country` (a flat price each), and how to stop offering them afterwards. */
async function twoMethods(admin: APIRequestContext, country: string, suffix: string) {
  const made: { _id: string; name: string }[] = [];
  for (const [name, price, workingDays] of [
    [`Parcel ${suffix}`, 595, 3],
    [`Express ${suffix}`, 1950, 1],
  ] as const) {
    const response = await admin.post('/api/delivery-methods', {
      data: {
        name,
        countries: [country],
        priceBasis: 'weight',
        bands: [{ upTo: null, price }],
        workingDays,
        cutOffTime: '15:00',
      },
    });
    expect(response.status()).toBe(201);
    made.push((await response.json()) as { _id: string; name: string });
  }
  return {
    parcel: `Parcel ${suffix}`,
    express: `Express ${suffix}`,
    stop: async () => {
      for (const method of made)
        await admin.patch(`/api/delivery-methods/${method._id}`, { data: { isActive: false } });
    },
  };
}

/** The order's page shows the method chosen, its price and the total with it. */
async function expectOrderDelivery(
  page: Page,
  orderId: string,
  delivery: { name: string; price: string; total: string },
) {
  const { name, price, total } = delivery;
  await page.goto(`/dashboard/orders/${orderId}`);
  await waitForReady(page);
  await expect(page.getByText(`${name}: ${price}`)).toBeVisible();
  await expect(page.getByTestId('order-delivery-price')).toHaveText(price);
  await expect(page.getByTestId('order-total')).toHaveText(total);
}

test('buy now offers the address book and the delivery methods for it, and the order carries the one chosen', async ({
  page,
}) => {
  test.slow();
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const admin = await apiAs(DEMO_ADMIN);
  const methods = await twoMethods(admin, 'PT', suffix);
  // 12.90 a unit, 1.5 kg each.
  const tool = await createTool(admin, { minimumOrder: 1, weightGrams: 1500 });
  const account = newAccount('Della Delivery');
  const buyer = await apiAs(account, { create: true });
  const yard = await buyer.post('/api/addresses', { data: address('Porto yard', 'PT', 'Porto') });
  expect(yard.status()).toBe(201);
  await signedIn(page, account);

  await page.goto(`/purchase/${tool._id}?quantity=2`);
  await waitForReady(page);
  await expect(page.getByRole('radio', { name: /Porto yard \(default\)/ })).toBeChecked();
  const toPortugal = page.getByRole('group', { name: 'Delivery method to Portugal' });
  await expect(toPortugal.getByRole('radio', { name: new RegExp(methods.parcel) })).toBeChecked();
  await expect(toPortugal.locator('label').filter({ hasText: methods.parcel })).toContainText(
    '$5.95',
  );
  await expect(toPortugal.locator('label').filter({ hasText: methods.express })).toContainText(
    /\$19\.50\s*Delivered by \w{3}, \w{3} \d{1,2}, \d{4}/,
  );
  await expect(page.getByTestId('order-total')).toHaveText('$25.80');
  await expect(page.getByTestId('total-with-delivery')).toContainText('$31.75');
  await toPortugal.getByRole('radio', { name: new RegExp(methods.express) }).check();
  await expect(page.getByTestId('total-with-delivery')).toContainText('$45.30');
  await checkAtWidths(page, 'buy now with delivery methods');

  await page.getByRole('button', { name: 'Proceed to order' }).click();
  await expect(page.getByRole('heading', { name: 'Your order is placed' })).toBeFocused();
  await expect(page.getByRole('status').filter({ hasText: 'Your order is placed' })).toContainText(
    'total $45.30',
  );
  const [order] = (await (
    await buyer.get(`/api/user?email=${encodeURIComponent(account.email)}`)
  ).json()) as { _id: string; totalAmount: number; delivery: { name: string } | null }[];
  expect(order).toMatchObject({ totalAmount: 4530, delivery: { name: methods.express } });
  if (!order) throw new Error('the order is not listed');
  await expectOrderDelivery(page, order._id, {
    name: methods.express,
    price: '$19.50',
    total: '$45.30',
  });
  await checkAtWidths(page, 'a bought-now order with its delivery');

  await methods.stop();
  await admin.dispose();
  await buyer.dispose();
});

test('accepting an offer offers the address book and the delivery methods priced for the offer, and the order carries the one chosen', async ({
  page,
}) => {
  test.slow();
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const admin = await apiAs(DEMO_ADMIN);
  const methods = await twoMethods(admin, 'GR', suffix);
  const tool = await createTool(admin, { minimumOrder: 1, weightGrams: 1500 });
  const account = newAccount('Della Delivery');
  const buyer = await apiAs(account, { create: true });
  const yard = await buyer.post('/api/addresses', {
    data: address('Piraeus yard', 'GR', 'Piraeus'),
  });
  expect(yard.status()).toBe(201);
  // Ten asked for, offered at 10.00 a unit (the list price is 12.90).
  await buyer.put('/api/cart', { data: { lines: [{ toolId: tool._id, quantity: 10 }] } });
  const asked = await buyer.post('/api/quotes', { data: { message: 'Ten for the yard, please.' } });
  expect(asked.status()).toBe(201);
  const quote = (await asked.json()) as { _id: string };
  const validUntil = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
  const offered = await admin.post(`/api/quote-requests/${quote._id}/offer`, {
    data: { lines: [{ position: 1, offeredUnitPrice: 1000 }], validUntil },
  });
  expect(offered.status()).toBe(200);
  await signedIn(page, account);

  await page.goto(`/dashboard/quotes/${quote._id}`);
  await waitForReady(page);
  await expect(page.getByRole('heading', { name: 'Accept the offer' })).toBeVisible();
  await expect(page.getByRole('radio', { name: /Piraeus yard \(default\)/ })).toBeChecked();
  const toGreece = page.getByRole('group', { name: 'Delivery method to Greece' });
  await expect(toGreece.getByRole('radio', { name: new RegExp(methods.parcel) })).toBeChecked();
  await expect(page.getByTestId('total-with-delivery')).toContainText('$105.95');
  await toGreece.getByRole('radio', { name: new RegExp(methods.express) }).check();
  await expect(page.getByTestId('total-with-delivery')).toContainText('$119.50');
  await checkAtWidths(page, 'accepting an offer with delivery methods');

  await page.getByRole('button', { name: 'Accept and place the order' }).click();
  const orderLink = page.getByRole('link', { name: /^TY-\d+$/ });
  await expect(orderLink).toBeVisible();
  const accepted = (await (await buyer.get(`/api/quotes/${quote._id}`)).json()) as {
    order: { id: string } | null;
  };
  if (!accepted.order) throw new Error('the quote names no order');
  await expectOrderDelivery(page, accepted.order.id, {
    name: methods.express,
    price: '$19.50',
    total: '$119.50',
  });
  await checkAtWidths(page, 'an accepted offer’s order with its delivery');

  await methods.stop();
  await admin.dispose();
  await buyer.dispose();
});

test('an address typed for this order only has a country: the methods and the tax go by it', async ({
  page,
}) => {
  test.slow();
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const admin = await apiAs(DEMO_ADMIN);
  const methods = await twoMethods(admin, 'SI', suffix);
  const tool = await createTool(admin, { minimumOrder: 1, weightGrams: 1500 });
  // A buyer without an address book: the address is typed at checkout.
  const account = newAccount('Tanja Typed');
  const buyer = await apiAs(account, { create: true });
  await buyer.put('/api/cart', { data: { lines: [{ toolId: tool._id, quantity: 2 }] } });
  await signedIn(page, account);

  await page.goto('/cart');
  await waitForReady(page);
  await expect(
    page.getByRole('radio', { name: 'Type an address for this order only' }),
  ).toBeChecked();
  // The store's own country is offered first (the journeys' store sells from Ireland).
  const country = page.getByLabel('Country', { exact: true });
  await expect(country).toHaveValue('IE');
  await page.getByLabel('Phone').fill('+386 1 555 0100');
  await page.getByLabel('Delivery address').fill('Tanja Typed\nTrg 5\n1000 Ljubljana\nSlovenia');
  // Only spaces in the optional postcode are no postcode: nothing to correct, and the tax found.
  const postcode = page.getByLabel('Postcode (optional)');
  await postcode.fill('   ');
  await postcode.blur();
  await expect(page.getByText('Delivery method', { exact: false }).first()).toBeVisible();
  await expect(postcode).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('We could not work out the tax for this address.')).toHaveCount(0);
  await postcode.fill('1000');
  await country.selectOption('SI');
  const toSlovenia = page.getByRole('group', { name: 'Delivery method to Slovenia' });
  await expect(toSlovenia.getByRole('radio', { name: new RegExp(methods.parcel) })).toBeChecked();
  await toSlovenia.getByRole('radio', { name: new RegExp(methods.express) }).check();
  await expect(page.getByTestId('total-with-delivery')).toContainText('$45.30');
  await checkAtWidths(page, 'a typed address with its country');

  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByRole('heading', { name: 'Your order is placed' })).toBeFocused();
  const [order] = (await (
    await buyer.get(`/api/user?email=${encodeURIComponent(account.email)}`)
  ).json()) as { _id: string; totalAmount: number; deliveryAddress: unknown }[];
  expect(order).toMatchObject({ totalAmount: 4530, deliveryAddress: null });
  if (!order) throw new Error('the order is not listed');
  await expectOrderDelivery(page, order._id, {
    name: methods.express,
    price: '$19.50',
    total: '$45.30',
  });

  // "Buy again" brings the typed address back with its country and postcode, and the method it
  // travelled by.
  await page.getByRole('button', { name: 'Buy again' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await waitForReady(page);
  await expect(
    page.getByRole('radio', { name: 'Type an address for this order only' }),
  ).toBeChecked();
  await expect(page.getByLabel('Delivery address')).toHaveValue(
    'Tanja Typed\nTrg 5\n1000 Ljubljana\nSlovenia',
  );
  await expect(page.getByLabel('Phone')).toHaveValue('+386 1 555 0100');
  await expect(country).toHaveValue('SI');
  await expect(page.getByLabel('Postcode (optional)')).toHaveValue('1000');
  await expect(toSlovenia.getByRole('radio', { name: new RegExp(methods.express) })).toBeChecked();
  await expect(page.getByTestId('total-with-delivery')).toContainText('$45.30');

  await methods.stop();
  await admin.dispose();
  await buyer.dispose();
});

test('an order placed while the delivery methods are still on their way says so, and goes once they are in', async ({
  page,
}) => {
  test.slow();
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const admin = await apiAs(DEMO_ADMIN);
  const methods = await twoMethods(admin, 'FI', suffix);
  const tool = await createTool(admin, { minimumOrder: 1, weightGrams: 1500 });
  const account = newAccount('Della Delivery');
  const buyer = await apiAs(account, { create: true });
  const yard = await buyer.post('/api/addresses', {
    data: address('Espoo yard', 'FI', 'Espoo'),
  });
  expect(yard.status()).toBe(201);
  await signedIn(page, account);
  // The store is slow to quote this order's delivery: its methods are held back until the buyer
  // has been told.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/tools/*/delivery-options**', async (route) => {
    await held;
    await route.continue();
  });

  await page.goto(`/purchase/${tool._id}?quantity=2`);
  // Not waitForReady: the page is not at rest while the methods are held back.
  const proceed = page.getByRole('button', { name: 'Proceed to order' });
  await expect(proceed).toBeEnabled();
  await expect(page.getByRole('radio', { name: /Espoo yard \(default\)/ })).toBeChecked();
  await proceed.click();
  const said = page.getByRole('alert').filter({ hasText: 'still loading' });
  await expect(said).toContainText(
    'The delivery options and tax for this address are still loading. Wait a moment, then try again.',
    { timeout: 10_000 },
  );
  expect(
    await buyer.get(`/api/user?email=${encodeURIComponent(account.email)}`).then((r) => r.json()),
  ).toEqual([]);

  release();
  const toFinland = page.getByRole('group', { name: 'Delivery method to Finland' });
  await expect(toFinland.getByRole('radio', { name: new RegExp(methods.parcel) })).toBeChecked();
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { name: 'Your order is placed' })).toBeFocused();
  const [order] = (await (
    await buyer.get(`/api/user?email=${encodeURIComponent(account.email)}`)
  ).json()) as { delivery: { name: string } | null }[];
  expect(order?.delivery?.name).toBe(methods.parcel);

  await methods.stop();
  await admin.dispose();
  await buyer.dispose();
});
