import type { Page } from '@playwright/test';
import {
  apiAs,
  checkAtWidths,
  createTool,
  DEMO_ADMIN,
  expect,
  newAccount,
  signIn,
  test,
  waitForReady,
} from './fixtures.ts';

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

test('an admin defines delivery methods for two countries and a buyer is quoted them', async ({
  page,
}) => {
  test.slow();
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const parcel = `Parcel ${suffix}`;
  const pallet = `Pallet ${suffix}`;
  await signIn(page.request, DEMO_ADMIN);
  await page.goto('/dashboard/delivery-methods');
  await waitForReady(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Delivery methods' })).toBeVisible();

  await addMethod(page, {
    name: parcel,
    countries: 'GB, IE',
    bands: [
      ['2000', '4.95'],
      ['', '9.95'],
    ],
    days: '2',
  });
  await addMethod(page, { name: pallet, countries: 'DE', bands: [['', '49.00']], days: '5' });
  const parcelRow = page.getByRole('row').filter({ hasText: parcel });
  await expect(parcelRow).toContainText('GB, IE');
  await expect(parcelRow).toContainText('up to 2,000 g: $4.95; above: $9.95');
  await checkAtWidths(page, 'delivery methods');
  await page.getByRole('button', { name: `Add a delivery method` }).click();
  await checkAtWidths(page, 'the delivery method form');
  await page.getByRole('button', { name: 'Cancel' }).click();

  // A buyer with a 3 kg cart: the parcel's upper band to Great Britain, the pallet to Germany.
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
  expect(await quoted('GB')).toEqual([
    expect.objectContaining({ name: parcel, price: 995, deliveryDate: expect.any(String) }),
  ]);
  expect(await quoted('DE')).toEqual([expect.objectContaining({ name: pallet, price: 4900 })]);
  await admin.dispose();
  await buyer.dispose();
});
