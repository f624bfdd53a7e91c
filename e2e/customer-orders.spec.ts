import type { Order } from '../contract/orders.ts';
import {
  apiAs,
  createTool,
  DEMO_ADMIN,
  DEMO_CUSTOMER,
  expect,
  newAccount,
  test,
  waitForReady,
} from './fixtures.ts';
import { linkFromOutbox } from './outbox.ts';
import { signedIn } from './sessions.ts';

test('a customer registers, signs in, orders, sees the order, cancels it and the stock comes back', async ({
  page,
}) => {
  // A tool of its own, so other tests running at the same time never change its stock.
  const admin = await apiAs(DEMO_ADMIN);
  const tool = await createTool(admin, {
    name: `Bench Vise ${Date.now().toString(36)}`,
    quantity: 500,
    minimumOrder: 30,
  });
  const customer = newAccount('Rita Buyer');

  // Register: the passwords must match.
  await page.goto('/registration');
  await expect(page).toHaveTitle('Create an account · Toolyard');
  await page.getByLabel('Full name').fill(customer.name);
  await page.getByLabel('Email').fill(customer.email);
  await page.getByLabel('Password', { exact: true }).fill(customer.password);
  await page.getByLabel('Confirm password').fill(`${customer.password}-typo`);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText("Passwords don't match")).toBeVisible();
  await page.getByLabel('Confirm password').fill(customer.password);
  await page.getByRole('button', { name: 'Create account' }).click();
  // Registering signs no one in: the link in the email, with the password, confirms and signs in.
  const inbox = page.getByRole('status').filter({ hasText: 'Check your inbox' });
  await expect(inbox).toContainText(customer.email);
  // Opening the link changes nothing (mail scanners open links too); its form confirms.
  await page.goto(await linkFromOutbox(customer.email, '/confirm-email?token='));
  await expect(page).toHaveTitle('Confirm your email · Toolyard');
  await page.reload();
  const signedIn = await page.request.post('/api/auth/sign-in/email', {
    data: { email: customer.email, password: customer.password },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(signedIn.status()).toBe(401);
  await page.getByLabel('Password').fill(customer.password);
  await page.getByRole('button', { name: 'Confirm my email' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Your email is confirmed' }),
  ).toBeVisible();
  await expect(page.getByTestId('user-name').first()).toHaveText(customer.name);

  // Registration sends signed-in people home.
  await page.goto('/registration');
  await expect(page).toHaveURL(/\/$/);

  // Sign out, then sign in again.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
  await page.getByRole('link', { name: 'Login' }).click();
  await page.getByLabel('Email').fill(customer.email);
  await page.getByLabel('Password').fill(customer.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('user-name').first()).toHaveText(customer.name);

  // Find the tool in the catalogue and open its purchase page.
  await page.goto(`/tools?q=${encodeURIComponent(tool.name)}`);
  await page.getByRole('link', { name: `Buy Now: ${tool.name}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: tool.name })).toBeVisible();
  await expect(page.getByTestId('available-quantity')).toHaveText('500 units');
  await expect(page.getByText('Please confirm your email address')).toHaveCount(0);

  // The quantity is empty (no made-up value in it); the minimum is a hint beside it. One
  // customer may hold half the stock unpaid: the form knows, and says so.
  const quantity = page.getByLabel('Quantity (units)');
  await expect(quantity).toHaveValue('');
  await expect(quantity).not.toHaveAttribute('placeholder');
  await expect(quantity).toHaveAccessibleDescription(
    'Minimum order 30 units; at most 250, as one customer can hold at most 50% of the stock unpaid.',
  );
  await page.getByLabel('Phone').fill('+44 20 7946 0958');
  await page.getByLabel('Delivery address').fill('12 Harbour Road, Bristol BS1 5TX');

  // Too few, then too many: checked as you type.
  await quantity.fill('29');
  await expect(page.getByText('Order at least 30 units (the minimum order).')).toBeVisible();
  await quantity.fill('251');
  await expect(
    page.getByText(
      'One customer can hold at most 250 units of this tool unpaid; order at most that, and more once it is paid.',
    ),
  ).toBeVisible();

  // Meanwhile, stock runs low: the server refuses, the quantity says why (once, under the field)
  // and the form keeps what was typed.
  await admin.put(`/api/purchase/${tool._id}`, { data: { newQuantity: 80 } });
  await quantity.fill('100');
  await page.getByRole('button', { name: 'Proceed to order' }).click();
  await expect(quantity).toHaveAccessibleDescription(`Only 80 units of ${tool.name} are in stock.`);
  await expect(page.getByText('Only 80 units of')).toHaveCount(1);
  await expect(page.getByLabel('Phone')).toHaveValue('+44 20 7946 0958');
  await expect(page.getByLabel('Delivery address')).toHaveValue('12 Harbour Road, Bristol BS1 5TX');
  await expect(quantity).toHaveValue('100');
  await expect(page.getByTestId('available-quantity')).toHaveText('80 units');

  // A valid quantity.
  await quantity.fill('35');
  await page.getByRole('button', { name: 'Proceed to order' }).click();
  await expect(page.getByRole('heading', { name: 'Your order is placed' })).toBeFocused();
  await expect(page.getByText(`35 × ${tool.name}, total $451.50`)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Pay now' })).toBeVisible();
  await expect(page.getByTestId('available-quantity')).toHaveText('45 units');

  // The order, unpaid, in My orders.
  await page.getByRole('link', { name: 'See my orders' }).click();
  await expect(page).toHaveTitle('My orders · Toolyard');
  const row = page.getByRole('row').filter({ hasText: tool.name });
  await expect(row).toContainText('35');
  await expect(row).toContainText('$451.50');
  await expect(row).toContainText('Unpaid');
  // The payment deadline: the payment window (24 hours) from now.
  await expect(row).toContainText('Pay by');
  await expect(row.getByRole('link', { name: `Pay for ${tool.name}` })).toHaveAttribute(
    'href',
    /\/dashboard\/payment\//,
  );

  // The payment page greets the customer with the total (paying is e2e/payment.spec.ts).
  await row.getByRole('link', { name: `Pay for ${tool.name}` }).click();
  await expect(page.getByText(`Hello ${customer.name},`)).toBeVisible();
  await expect(page.getByText('$451.50').first()).toBeVisible();
  await expect(page.getByText('Test mode', { exact: true })).toBeVisible();
  await expect(page.getByText('Unpaid then, the order is cancelled.')).toBeVisible();
  await page.getByRole('link', { name: 'My orders' }).click();

  // Cancel it: confirm, toast, the list refreshes.
  await page
    .getByRole('row')
    .filter({ hasText: tool.name })
    .getByRole('button', { name: /^Cancel order/ })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Cancel this order?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel order' }).click();
  await expect(page.getByText(`Your order for ${tool.name} is cancelled.`)).toBeVisible();
  await expect(dialog).toBeHidden();
  const cancelledRow = page.getByRole('row').filter({ hasText: tool.name });
  await expect(cancelledRow).toContainText('Cancelled');
  await expect(cancelledRow.getByRole('button', { name: /Cancel order/ })).toHaveCount(0);
  // The button that had the keyboard went: the page's title has it, not the page's start.
  await expect(page.getByRole('heading', { level: 1, name: 'My orders' })).toBeFocused();

  // The stock is back.
  await page.goto(`/purchase/${tool._id}`);
  await waitForReady(page);
  await expect(page.getByTestId('available-quantity')).toHaveText('80 units');
  await admin.dispose();
});

test('the demo customer finds orders of every state on My orders, a shipped one with its carrier', async ({
  page,
}) => {
  await signedIn(page, DEMO_CUSTOMER);
  const response = await page.request.get(
    `/api/user?email=${encodeURIComponent(DEMO_CUSTOMER.email)}`,
  );
  const orders = (await response.json()) as Order[];
  const of = (status: Order['status']) => orders.filter((order) => order.status === status);
  for (const status of ['shipped', 'paid', 'unpaid', 'cancelled'] as const) {
    expect(of(status).length, status).toBeGreaterThan(0);
  }
  const shipped = of('shipped').find((order) => order.carrier !== null);
  if (!shipped) throw new Error('the demo customer has no shipped order with a carrier');

  await page.goto('/dashboard/myorder');
  await waitForReady(page);
  for (const order of [shipped, ...of('unpaid')]) {
    await expect(page.getByRole('link', { name: order.number })).toBeVisible();
  }
  await page.getByRole('link', { name: shipped.number }).click();
  // Its parcel, and the timeline's shipping step, name the carrier and the tracking number.
  await expect(
    page.getByRole('listitem').filter({ hasText: `${shipped.carrier}: ${shipped.trackingNumber}` }),
  ).toBeVisible();
  await expect(
    page.getByText(`Carrier: ${shipped.carrier}. Tracking number: ${shipped.trackingNumber}`),
  ).toBeVisible();
  await expect(page.getByText(shipped.invoice?.number ?? '')).toBeVisible();
});
