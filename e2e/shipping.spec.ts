import type { APIRequestContext, Page } from '@playwright/test';
import {
  apiAs,
  checkAtWidths,
  createTool,
  DEMO_ADMIN,
  expect,
  newAccount,
  payOrder,
  test,
  waitForReady,
} from './fixtures.ts';
import { signedIn } from './sessions.ts';

/**
 * Delivery: an admin defines two delivery methods for two countries on the Delivery methods
 * screen (at a phone's width and a desktop's), and a buyer's cart is quoted each country's
 * methods with their prices and promised days.
 */

async function addMethod(
  page: Page,
  method: { name: string; countries: string; bands: [string, string][]; days: string },
) {
  await page.getByRole('button', { name: 'Add a delivery method' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Add a delivery method' }),
  ).toBeVisible();
  await page.getByLabel('Name').fill(method.name);
  await page.getByLabel('Countries').fill(method.countries);
  for (const [index, [upTo, price]] of method.bands.entries()) {
    if (index > 0) await page.getByRole('button', { name: 'Add a band' }).click();
    await page.getByLabel(`Band ${index + 1}: up to (grams)`).fill(upTo);
    await page.getByLabel(`Band ${index + 1}: price (USD)`).fill(price);
  }
  await page.getByLabel('Working days to deliver').fill(method.days);
  await page.getByLabel('Daily cut-off').fill('15:00');
  await page.getByRole('button', { name: 'Add delivery method' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Delivery methods' })).toBeVisible();
}

/** The journey's methods stop being offered, so that no other journey's order meets them. */
async function stopOffering(admin: APIRequestContext, names: string[]) {
  const methods = (await (await admin.get('/api/delivery-methods')).json()) as {
    _id: string;
    name: string;
  }[];
  for (const method of methods.filter((each) => names.includes(each.name))) {
    await admin.patch(`/api/delivery-methods/${method._id}`, { data: { isActive: false } });
  }
}

const address = (label: string, country: string, city: string) => ({
  label,
  recipient: 'Shona Shipping',
  line1: '4 Harbour Road',
  postcode: '12345',
  city,
  country,
  phone: '+33 1 55 50 01 00',
});

test('an admin defines delivery methods for two countries and a buyer is quoted them', async ({
  page,
}) => {
  test.slow();
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const parcel = `Parcel ${suffix}`;
  const pallet = `Pallet ${suffix}`;
  await signedIn(page, DEMO_ADMIN);
  await page.goto('/dashboard/delivery-methods');
  await waitForReady(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Delivery methods' })).toBeVisible();

  await addMethod(page, {
    name: parcel,
    countries: 'BE, NL',
    bands: [
      ['2000', '4.95'],
      ['', '9.95'],
    ],
    days: '2',
  });
  await addMethod(page, { name: pallet, countries: 'DE', bands: [['', '49.00']], days: '5' });
  const parcelRow = page.getByRole('row').filter({ hasText: parcel });
  await expect(parcelRow).toContainText('BE, NL');
  await expect(parcelRow).toContainText('up to 2,000 g: $4.95; above: $9.95');
  // One band for every weight is not "above" anything.
  await expect(page.getByRole('row').filter({ hasText: pallet })).toContainText(
    'any weight: $49.00',
  );
  await checkAtWidths(page, 'delivery methods');
  await page.getByRole('button', { name: `Add a delivery method` }).click();
  await checkAtWidths(page, 'the delivery method form');
  await page.getByRole('button', { name: 'Cancel' }).click();

  // A buyer with a 3 kg cart: the parcel's upper band to Belgium, the pallet to Germany.
  const admin = await apiAs(DEMO_ADMIN);
  const tool = await createTool(admin, { minimumOrder: 1, weightGrams: 1500 });
  const buyer = await apiAs(newAccount('Shona Shipping'), { create: true });
  await buyer.put('/api/cart', { data: { lines: [{ toolId: tool._id, quantity: 2 }] } });
  const quoted = async (country: string) =>
    (
      (await (await buyer.get(`/api/cart/delivery-options?country=${country}`)).json()) as {
        name: string;
        price: number;
        deliveryDate: string;
      }[]
    ).filter((option) => option.name.endsWith(suffix));
  expect(await quoted('BE')).toEqual([
    expect.objectContaining({ name: parcel, price: 995, deliveryDate: expect.any(String) }),
  ]);
  expect(await quoted('DE')).toEqual([expect.objectContaining({ name: pallet, price: 4900 })]);
  await stopOffering(admin, [parcel, pallet]);
  await admin.dispose();
  await buyer.dispose();
});

test('a buyer chooses a delivery method for each country at checkout, and the order ships in two parcels', async ({
  page,
  browser,
}) => {
  test.slow();
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const parcel = `Parcel ${suffix}`;
  const express = `Express ${suffix}`;
  const pallet = `Pallet ${suffix}`;
  const admin = await apiAs(DEMO_ADMIN);
  const method = (name: string, countries: string[], price: number, workingDays: number) =>
    admin.post('/api/delivery-methods', {
      data: {
        name,
        countries,
        priceBasis: 'weight',
        bands: [{ upTo: null, price }],
        workingDays,
        cutOffTime: '15:00',
      },
    });
  for (const made of [
    await method(parcel, ['FR'], 795, 3),
    await method(express, ['FR'], 2450, 1),
    await method(pallet, ['AT'], 4900, 5),
  ])
    expect(made.status()).toBe(201);

  // A buyer with a cart of 2 tools of 1.5 kg at 12.90 each, and a yard in France and in Austria.
  const tool = await createTool(admin, { minimumOrder: 1, weightGrams: 1500 });
  const account = newAccount('Shona Shipping');
  const buyer = await apiAs(account, { create: true });
  await buyer.put('/api/cart', { data: { lines: [{ toolId: tool._id, quantity: 2 }] } });
  for (const yard of [address('Lyon yard', 'FR', 'Lyon'), address('Linz yard', 'AT', 'Linz')])
    expect((await buyer.post('/api/addresses', { data: yard })).status()).toBe(201);
  await signedIn(page, account);
  await page.goto('/cart');
  await waitForReady(page);

  const methods = (country: string) =>
    page.getByRole('group', { name: `Delivery method to ${country}` });
  await page.getByRole('radio', { name: /Lyon yard/ }).check();
  const toFrance = methods('France');
  await expect(toFrance.locator('label').filter({ hasText: suffix })).toHaveCount(2);
  // Each with its price and promised day; the cheapest is chosen.
  await expect(toFrance.getByRole('radio', { name: new RegExp(parcel) })).toBeChecked();
  const parcelOption = toFrance.locator('label').filter({ hasText: parcel });
  await expect(parcelOption).toContainText('$7.95');
  await expect(parcelOption).toContainText(/Delivered by \w{3}, \w{3} \d{1,2}, \d{4}/);
  await expect(toFrance.locator('label').filter({ hasText: express })).toContainText('$24.50');
  await expect(page.getByTestId('total-with-delivery')).toContainText('$33.75');
  await checkAtWidths(page, 'checkout with delivery methods');

  await page.getByRole('radio', { name: /Linz yard/ }).check();
  const toAustria = methods('Austria');
  await expect(toAustria.locator('label').filter({ hasText: pallet })).toContainText('$49.00');
  await expect(toAustria.getByRole('radio', { name: new RegExp(pallet) })).toBeChecked();
  await expect(page.getByTestId('total-with-delivery')).toContainText('$74.80');
  await page.getByRole('radio', { name: /Lyon yard/ }).check();
  await toFrance.getByRole('radio', { name: new RegExp(express) }).check();
  await expect(page.getByTestId('total-with-delivery')).toContainText('$50.30');
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByRole('heading', { name: 'Your order is placed' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Your order is placed' })).toContainText(
    'total $50.30',
  );

  const orders = (await (
    await buyer.get(`/api/user?email=${encodeURIComponent(account.email)}`)
  ).json()) as {
    _id: string;
    number: string;
    totalAmount: number;
    delivery: { name: string; price: number } | null;
  }[];
  const order = orders[0];
  expect(order).toMatchObject({ totalAmount: 5030, delivery: { name: express, price: 2450 } });
  if (!order) throw new Error('the order is not listed');
  await payOrder(buyer, order._id);

  // The admin ships it in two parcels, with their tracking numbers.
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await signedIn(adminPage, DEMO_ADMIN);
  await adminPage.goto(`/dashboard/orders/${order._id}`);
  await waitForReady(adminPage);
  await adminPage.getByRole('button', { name: 'Ship order' }).click();
  const dialog = adminPage.getByRole('dialog', { name: `Ship order ${order.number}` });
  await dialog.getByLabel('Parcel 1: carrier').fill('DHL');
  await dialog.getByRole('button', { name: 'Mark shipped' }).click();
  await expect(dialog.getByText('Give the tracking number, or tick "no tracking".')).toBeVisible();
  await dialog.getByLabel('Parcel 1: tracking number').fill('JD014600006281230');
  await dialog.getByRole('button', { name: 'Add a parcel' }).click();
  await dialog.getByLabel('Parcel 2: carrier').fill('UPS');
  await dialog.getByLabel('Parcel 2: tracking number').fill('1Z999AA10123456784');
  await checkAtWidths(adminPage, 'shipping in two parcels');
  await dialog.getByRole('button', { name: 'Mark shipped' }).click();
  await expect(adminPage.getByText(`Order ${order.number} is marked shipped`)).toBeVisible();
  await adminContext.close();

  // The buyer sees the delivery on the order and each parcel's tracking link.
  await page.goto(`/dashboard/orders/${order._id}`);
  await waitForReady(page);
  await expect(page.getByTestId('order-delivery-price')).toHaveText('$24.50');
  await expect(page.getByTestId('order-total')).toHaveText('$50.30');
  const parcels = page.getByRole('list', { name: 'Parcels' });
  await expect(parcels.getByRole('link', { name: 'JD014600006281230' })).toHaveAttribute(
    'href',
    'https://www.dhl.com/global-en/home/tracking.html?tracking-id=JD014600006281230',
  );
  await expect(parcels.getByRole('link', { name: '1Z999AA10123456784' })).toHaveAttribute(
    'href',
    'https://www.ups.com/track?tracknum=1Z999AA10123456784',
  );
  await checkAtWidths(page, 'a shipped order with two parcels');

  await stopOffering(admin, [parcel, express, pallet]);
  await admin.dispose();
  await buyer.dispose();
});

test('deleting a delivery method asks first, and the keyboard stays on the list after the form and the deletion', async ({
  page,
}) => {
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const courier = `Courier ${suffix}`;
  await signedIn(page, DEMO_ADMIN);
  await page.goto('/dashboard/delivery-methods');
  await waitForReady(page);
  await addMethod(page, { name: courier, countries: 'LU', bands: [['', '12.00']], days: '3' });
  const title = page.getByRole('heading', { level: 1, name: 'Delivery methods' });
  await expect(title).toBeFocused();
  const row = page.getByRole('row').filter({ hasText: courier });

  // Delete asks first; Close leaves the method as it was.
  await row.getByRole('button', { name: `Delete ${courier}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this delivery method?' });
  await expect(dialog).toContainText(`Buyers are no longer offered ${courier}`);
  await checkAtWidths(page, 'deleting a delivery method');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(row).toBeVisible();
  await expect(row.getByRole('button', { name: `Delete ${courier}` })).toBeFocused();

  await row.getByRole('button', { name: `Delete ${courier}` }).click();
  await dialog.getByRole('button', { name: 'Delete method' }).click();
  await expect(
    page.getByText(`${courier} is deleted: buyers are no longer offered it.`),
  ).toBeVisible();
  await expect(row).toHaveCount(0);
  await expect(title).toBeFocused();
});

test('a delivery method typed wrong says what is wrong under each field, in words, and is added once put right', async ({
  page,
}) => {
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const pallet = `Pallet ${suffix}`;
  await signedIn(page, DEMO_ADMIN);
  await page.goto('/dashboard/delivery-methods');
  await waitForReady(page);
  await page.getByRole('button', { name: 'Add a delivery method' }).click();
  const countries = page.getByLabel('Countries');
  const firstUpTo = page.getByLabel('Band 1: up to (grams)');
  const firstPrice = page.getByLabel('Band 1: price (USD)');
  await page.getByLabel('Name').fill(pallet);
  await countries.fill('UK, lu, XX');
  await firstUpTo.fill('1000.5');
  await firstPrice.fill('12,50');
  await page.getByRole('button', { name: 'Add a band' }).click();
  await page.getByLabel('Band 2: up to (grams)').fill('500');
  await page.getByLabel('Band 2: price (USD)').fill('20.00');
  await page.getByRole('button', { name: 'Add delivery method' }).click();
  await expect(countries).toHaveAccessibleDescription(
    /UK and XX are not countries' codes \(the United Kingdom is GB\)/,
  );
  await expect(firstUpTo).toHaveAccessibleDescription(/Enter a whole number of grams/);
  await expect(firstPrice).toHaveAccessibleDescription(/Enter an amount such as 12\.50\./);
  await expect(countries).toBeFocused();
  await expect(page.getByRole('main')).not.toContainText('bands.0');
  // Priced by value, 1000.5 is an amount: the grams' error goes with the basis, and comes back
  // with it.
  await page.getByLabel('Priced by').selectOption('value');
  await expect(page.getByText('Enter a whole number of grams')).toHaveCount(0);
  await page.getByLabel('Priced by').selectOption('weight');
  await expect(firstUpTo).toHaveAccessibleDescription(/Enter a whole number of grams/);

  // Put right as typed, the store finds the second band below the first: said under it.
  await countries.fill('GB, LU');
  await firstUpTo.fill('1000');
  await firstPrice.fill('12.50');
  await page.getByRole('button', { name: 'Add delivery method' }).click();
  await expect(page.getByLabel('Band 2: up to (grams)')).toHaveAccessibleDescription(
    /Must be above the band before it \(1000\)\./,
  );
  await expect(page.getByRole('main')).not.toContainText('bands.1');

  await page.getByLabel('Band 2: up to (grams)').fill('');
  await page.getByRole('button', { name: 'Add delivery method' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Delivery methods' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: pallet })).toBeVisible();
  await stopOffering(await apiAs(DEMO_ADMIN), [pallet]);
});
