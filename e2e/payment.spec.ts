import {
  apiAs,
  createTool,
  DEMO_ADMIN,
  expect,
  newAccount,
  placeOrder,
  test,
  waitForReady,
} from './fixtures.ts';
import { signedIn } from './sessions.ts';

test('a customer pays in test mode (a decline first), the admin ships, the customer sees it shipped', async ({
  page,
  browser,
}) => {
  const admin = await apiAs(DEMO_ADMIN);
  const tool = await createTool(admin, {
    name: `Pipe Wrench ${Date.now().toString(36)}`,
    minimumOrder: 20,
    price: 1250,
  });
  const customer = newAccount('Paula Payer');
  const customerApi = await apiAs(customer, { create: true });
  await placeOrder(customerApi, customer.email, tool, 24);
  await signedIn(page, customer);

  // From My orders to the payment page: greeting, product and total.
  await page.goto('/dashboard/myorder');
  await page
    .getByRole('row')
    .filter({ hasText: tool.name })
    .getByRole('link', { name: `Pay for ${tool.name}` })
    .click();
  await expect(page).toHaveTitle('Payment · Toolyard');
  await expect(page.getByText(`Hello ${customer.name},`)).toBeVisible();
  await expect(page.getByText(tool.name).first()).toBeVisible();
  await expect(page.getByText('$300.00').first()).toBeVisible();
  await expect(page.getByText('Test mode', { exact: true })).toBeVisible();

  // Pay stays off until the form is complete and valid; a typo in the number is caught.
  const pay = page.getByRole('button', { name: 'Pay $300.00' });
  await expect(pay).toBeDisabled();
  await page.getByLabel('Card number').fill('4242 4242 4242 4241');
  await page.getByLabel('Expiry (MM/YY)').fill('12/39');
  await page.getByLabel('CVC').fill('123');
  await expect(page.getByText('This card number is not valid. Check it for typos.')).toBeVisible();
  await expect(pay).toBeDisabled();
  await page.getByLabel('Expiry (MM/YY)').fill('01/20');
  await page.getByLabel('CVC').click();
  await expect(page.getByText('This card has expired.')).toBeVisible();
  await page.getByLabel('Expiry (MM/YY)').fill('12/39');

  // The declined test card: the reason shows, the order stays unpaid, the card fields clear.
  await page.getByLabel('Card number').fill('4000 0000 0000 0002');
  await expect(pay).toBeEnabled();
  await pay.click();
  const declined = page.getByRole('alert').filter({ hasText: 'declined' });
  await expect(declined).toContainText('No money was taken; try another card.');
  await expect(declined).not.toContainText('card_declined');
  await expect(page.getByLabel('Card number')).toHaveValue('');
  await expect(page.getByLabel('Card number')).toBeFocused();
  const afterDecline = await customerApi.get(`/api/payment/${(await myOrder())._id}`);
  expect(((await afterDecline.json()) as { status: string }).status).toBe('unpaid');

  // The good test card pays: a confirmation with the transaction id.
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('CVC').fill('321');
  await pay.click();
  await expect(page.getByRole('heading', { name: 'Payment received. Thank you!' })).toBeFocused();
  const transactionId = (await page.getByTestId('transaction-id').textContent())?.trim() ?? '';
  expect(transactionId).toMatch(/\S{8,}/);
  await expect(page.getByText('Visa ending in 4242')).toBeVisible();

  // My orders shows it paid, with the same transaction id, and nothing left to pay or cancel.
  await page.getByRole('link', { name: 'See my orders' }).click();
  const row = page.getByRole('row').filter({ hasText: tool.name });
  await expect(row).toContainText('Paid');
  await expect(row).toContainText(transactionId);
  await expect(row.getByRole('link', { name: /^Pay for/ })).toHaveCount(0);
  await expect(row.getByRole('button', { name: /^Cancel order/ })).toHaveCount(0);

  // Coming back to the payment page says it is paid; nothing can be paid twice.
  await page.goto(`/dashboard/payment/${(await myOrder())._id}`);
  await expect(page.getByRole('heading', { name: 'This order is paid' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Pay / })).toHaveCount(0);

  // The admin ships it in another browser.
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await signedIn(adminPage, DEMO_ADMIN);
  await adminPage.goto('/dashboard/manageallorders');
  const adminRow = adminPage.getByRole('row').filter({ hasText: customer.email });
  await expect(adminRow).toContainText('Paid');
  await adminRow.getByRole('button', { name: /^Ship/ }).click();
  // Shipped without tracking, which the admin says by ticking "no tracking".
  const order = await myOrder();
  const shipDialog = adminPage.getByRole('dialog', { name: `Ship order ${order.number}` });
  await shipDialog.getByLabel(/^No tracking/).check();
  await shipDialog.getByRole('button', { name: 'Mark shipped' }).click();
  await expect(
    adminPage.getByText(`Order ${order.number} for ${customer.name} is marked shipped.`),
  ).toBeVisible();
  await adminContext.close();

  // The customer sees it shipped.
  await page.goto('/dashboard/myorder');
  await waitForReady(page);
  const shippedRow = page.getByRole('row').filter({ hasText: tool.name });
  await expect(shippedRow).toContainText('Shipped');
  await expect(shippedRow).toContainText(transactionId);

  await customerApi.dispose();
  await admin.dispose();

  async function myOrder(): Promise<{ _id: string; number: string; status: string }> {
    const response = await customerApi.get(`/api/user?email=${encodeURIComponent(customer.email)}`);
    const [order] = (await response.json()) as { _id: string; number: string; status: string }[];
    if (!order) throw new Error('The customer has no order.');
    return order;
  }
});
