import type { APIRequestContext } from '@playwright/test';
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
 * Tax by destination at checkout (docs/decisions/064). The journeys' store charges 0 % at home
 * (TAX_RATE 0) and sells from Ireland (SELLER_COUNTRY): a buyer with a yard in Croatia, where the
 * journey sets 25 %, is shown each price with Croatia's tax and pays that; a Spanish company with
 * a Spanish VAT number gets the reverse charge; a buyer the admin marks tax-exempt pays no tax.
 * Croatia and Spain are this journey's own (e2e/tax.spec.ts keeps to Portugal).
 */

const address = (label: string, country: string, postcode: string, city: string) => ({
  label,
  recipient: 'Tomás Tax',
  line1: '7 Harbour Road',
  postcode,
  city,
  country,
  phone: '+351 22 000 0000',
});

/** Croatia's rate at 25 %, whatever an earlier run left. */
async function croatiaAt25(admin: APIRequestContext) {
  const rates = (await (await admin.get('/api/tax-rates')).json()) as {
    _id: string;
    country: string;
    region: string | null;
  }[];
  const own = rates.find((rate) => rate.country === 'HR' && rate.region === null);
  const response = own
    ? await admin.patch(`/api/tax-rates/${own._id}`, { data: { rate: 25, label: 'PDV' } })
    : await admin.post('/api/tax-rates', { data: { country: 'HR', rate: 25, label: 'PDV' } });
  expect(response.ok(), await response.text()).toBe(true);
}

/**
 * A buyer with 2 of a tool at 12.90 in their cart and one yard in their book (their company's,
 * when `company` is given: it is made first).
 */
async function buyerWithCart(
  label: string,
  yard: ReturnType<typeof address>,
  company?: { name: string; vatNumber: string; billingAddress: string },
) {
  const admin = await apiAs(DEMO_ADMIN);
  const tool = await createTool(admin, { minimumOrder: 1, price: 1290 });
  const account = newAccount(label);
  const buyer = await apiAs(account, { create: true });
  let companyId: string | null = null;
  if (company) {
    const made = await buyer.post('/api/companies', { data: company });
    expect(made.status(), await made.text()).toBe(201);
    companyId = ((await made.json()) as { _id: string })._id;
  }
  await buyer.put('/api/cart', { data: { lines: [{ toolId: tool._id, quantity: 2 }] } });
  expect((await buyer.post('/api/addresses', { data: yard })).status()).toBe(201);
  return { admin, account, buyer, companyId };
}

test('a buyer in Croatia is shown and charged Croatia’s tax, and the order says so', async ({
  page,
}) => {
  const admin = await apiAs(DEMO_ADMIN);
  await croatiaAt25(admin);
  const { account, buyer } = await buyerWithCart(
    'Tomas Tax',
    address('Split yard', 'HR', '21000', 'Split'),
  );
  await signedIn(page, account);
  await page.goto('/cart');
  await waitForReady(page);
  await page.getByRole('radio', { name: /Split yard/ }).check();
  await expect(page.getByTestId('checkout-tax')).toHaveText(
    'Prices include PDV at 25% for Croatia.',
  );
  // 12.90 at 0 % is 12.90 without tax, 16.13 with Croatia's 25 %: two are 32.26.
  await expect(page.getByTestId('checkout-total')).toHaveText('$32.26');
  // The cart's lines and total above show the same prices, and say why they are not the shelf's.
  await expect(page.getByTestId('unit-price')).toHaveText('$16.13');
  await expect(page.getByTestId('line-total')).toHaveText('$32.26');
  await expect(page.getByTestId('cart-total')).toHaveText('$32.26');
  await expect(page.getByTestId('cart-priced-for')).toHaveText(
    'Prices as charged for the delivery address below.',
  );
  // The tax in it, as the order's page shows it below.
  await expect(page.getByTestId('checkout-tax-amount')).toHaveText('$6.45');
  await checkAtWidths(page, 'checkout taxed at the destination');
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your order is placed' })).toContainText(
    'total $32.26',
  );
  const [order] = (await (
    await buyer.get(`/api/user?email=${encodeURIComponent(account.email)}`)
  ).json()) as { _id: string; totalAmount: number }[];
  if (!order) throw new Error('the order is not listed');
  expect(order.totalAmount).toBe(3226);
  await payOrder(buyer, order._id);
  await page.goto(`/dashboard/orders/${order._id}`);
  await waitForReady(page);
  await expect(page.getByText('Includes tax (25%)')).toBeVisible();
  await expect(page.getByTestId('order-tax')).toHaveText('$6.45');
});

test('a company whose VAT number of the country it orders to was verified gets the reverse charge', async ({
  page,
}) => {
  const { admin, account, buyer, companyId } = await buyerWithCart(
    'Rosa Reverse',
    address('Vigo yard', 'ES', '36201', 'Vigo'),
    {
      name: 'Herramientas Rosa SL',
      vatNumber: 'ESB12345678',
      billingAddress: 'Calle Mayor 1, 36201 Vigo',
    },
  );
  // The admin checked the company's number with the tax office (only then the reverse charge).
  const verified = await admin.put(`/api/tax/vat-numbers/${companyId}`, {
    data: { vatNumber: 'ESB12345678' },
  });
  expect(verified.status(), await verified.text()).toBe(200);
  await signedIn(page, account);
  await page.goto('/cart');
  await waitForReady(page);
  await page.getByRole('radio', { name: /Vigo yard/ }).check();
  await expect(page.getByTestId('checkout-tax')).toContainText('Reverse charge');
  await expect(page.getByTestId('checkout-total')).toHaveText('$25.80');
  await expect(page.getByTestId('checkout-tax-amount')).toHaveCount(0);
  await checkAtWidths(page, 'checkout with the reverse charge');
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your order is placed' })).toContainText(
    'total $25.80',
  );
  const [order] = (await (
    await buyer.get(`/api/user?email=${encodeURIComponent(account.email)}`)
  ).json()) as { _id: string }[];
  if (!order) throw new Error('the order is not listed');
  await payOrder(buyer, order._id);
  await page.goto(`/dashboard/orders/${order._id}`);
  await waitForReady(page);
  await expect(page.getByText('Reverse charge: no VAT charged')).toBeVisible();
  await checkAtWidths(page, 'an order with the reverse charge');
});

test('a buyer the admin marks tax-exempt pays no tax, even where a rate applies', async ({
  page,
}) => {
  const admin = await apiAs(DEMO_ADMIN);
  await croatiaAt25(admin);
  const { account, buyer } = await buyerWithCart(
    'Erin Exempt',
    address('Zagreb yard', 'HR', '10000', 'Zagreb'),
  );
  const me = (await (await buyer.get('/api/auth/get-session')).json()) as { user: { id: string } };
  const exemption = await admin.put('/api/tax-exemptions', {
    data: { userId: me.user.id, reference: 'Certificate 2026/17' },
  });
  expect(exemption.status(), await exemption.text()).toBe(200);
  await signedIn(page, account);
  await page.goto('/cart');
  await waitForReady(page);
  await page.getByRole('radio', { name: /Zagreb yard/ }).check();
  await expect(page.getByTestId('checkout-tax')).toHaveText(
    'You are marked tax-exempt, so this order carries no tax.',
  );
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your order is placed' })).toContainText(
    'total $25.80',
  );
});
