import type { Page } from '@playwright/test';
import { connectTo } from './database.ts';
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
import { signedIn, signedUp } from './sessions.ts';

/**
 * Payment terms in the browser, at a phone's width and a desktop's: an admin gives a customer net
 * 30 with a credit limit; the customer orders on account within the limit and is refused over it
 * with what is left; the admin records partial payments on the order; the invoice, once overdue,
 * is on the admins' overdue list and the buyer's invoices page.
 */

async function placeOnAccount(page: Page) {
  await page.goto('/cart');
  await waitForReady(page);
  await page.getByLabel('Phone').fill('+1 555 010 7000');
  await page.getByLabel('Delivery address').fill('7 Ledger Lane, Springfield');
  await page.getByRole('radio', { name: /On account \(net 30\)/ }).check();
}

test('a customer orders on account within and over the limit, and an admin records partial payments', async ({
  page,
  browser,
}) => {
  test.slow();
  const buyer = newAccount('Terry Terms');
  const buyerPage = await (await browser.newContext()).newPage();
  await signedUp(buyerPage, buyer);

  // The admin gives the customer net 30 with a limit of $100.00.
  await signedIn(page, DEMO_ADMIN);
  await page.goto('/dashboard/payment-terms');
  await waitForReady(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Payment terms' })).toBeVisible();
  await page.getByLabel('For').selectOption('customer');
  await page.getByLabel("Customer's email").fill(buyer.email);
  await page.getByLabel('Invoices due').selectOption('30');
  await page.getByLabel('Credit limit (USD)').fill('100.00');
  await page.getByRole('button', { name: 'Save terms' }).click();
  await expect(
    page.getByText(`${buyer.name} orders on account, net 30, up to $100.00.`),
  ).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: buyer.email })).toContainText('$100.00');
  await checkAtWidths(page, 'payment terms');

  // Within the limit: $60.00 on account, confirmed at once with its invoice.
  const tool = await createTool(page.request, { price: 2000, minimumOrder: 1, quantity: 500 });
  const cart = (quantity: number) =>
    buyerPage.request.put('/api/cart', { data: { lines: [{ toolId: tool._id, quantity }] } });
  expect((await cart(3)).status()).toBe(200);
  await placeOnAccount(buyerPage);
  await expect(buyerPage.getByText('$100.00 of your $100.00 credit limit is left')).toBeVisible();
  await checkAtWidths(buyerPage, 'checkout on account');
  await buyerPage.getByRole('button', { name: 'Place order' }).click();
  const placed = buyerPage.getByRole('status').filter({ hasText: 'Your order is placed' });
  await expect(placed).toContainText('is confirmed on your account');
  await expect(placed).toContainText(/Invoice INV-\d+ is due on/);
  const orderUrl = await placed.getByRole('link', { name: /TY-\d+/ }).getAttribute('href');

  // Over the limit: $60.00 more with $40.00 left is refused with what is left.
  expect((await cart(3)).status()).toBe(200);
  await placeOnAccount(buyerPage);
  await expect(buyerPage.getByText('more than the $40.00 left on your account')).toBeVisible();
  await buyerPage.getByRole('button', { name: 'Place order' }).click();
  await expect(
    buyerPage.getByText(
      'This order comes to $60.00, but only $40.00 of your $100.00 credit limit is left. Nothing was ordered: pay it by card, make it smaller, or settle an open invoice first.',
      { exact: true },
    ),
  ).toBeVisible();
  // Refused, the keyboard is still where it was: on the button, beside the sentence.
  await expect(buyerPage.getByRole('button', { name: 'Place order' })).toBeFocused();
  await checkAtWidths(buyerPage, 'checkout over the credit limit');

  // The admin records a partial payment, then the rest.
  await page.goto(orderUrl ?? '/');
  await waitForReady(page);
  const account = page.getByRole('region', { name: 'On account' });
  await expect(account.getByTestId('left-to-pay')).toHaveText('$60.00');
  await account.getByLabel('Amount (USD)').fill('25.00');
  await account.getByLabel('Reference').fill('BANK-TT-1');
  await account.getByRole('button', { name: 'Record payment' }).click();
  await expect(account.getByTestId('left-to-pay')).toHaveText('$35.00');
  await expect(account).toContainText('reference BANK-TT-1');
  await checkAtWidths(page, 'order on account for an admin');

  // Overdue: on the admins' list and the buyer's invoices page with what is left.
  const orderId = orderUrl?.split('/').at(-1) ?? '';
  const db = await connectTo(process.env.E2E_DATA_DIR ?? '');
  try {
    await db.query(`update orders set invoice_due_at = now() - interval '5 days' where id = $1`, [
      orderId,
    ]);
  } finally {
    await db.end();
  }
  await page.goto('/dashboard/payment-terms');
  await waitForReady(page);
  const overdue = page.getByRole('region', { name: 'Overdue invoices' });
  const row = overdue.getByRole('row').filter({ hasText: buyer.email });
  await expect(row).toContainText('(overdue)');
  await expect(row).toContainText('$35.00');
  await checkAtWidths(page, 'overdue invoices');

  await buyerPage.goto('/dashboard/myorder');
  await waitForReady(buyerPage);
  await expect(buyerPage.getByText('Invoice due').filter({ visible: true })).toBeVisible();
  await buyerPage.goto('/dashboard/invoices');
  await waitForReady(buyerPage);
  await expect(
    buyerPage.getByText('you owe $35.00; $65.00 of your $100.00 credit limit is left'),
  ).toBeVisible();
  await expect(buyerPage.getByRole('link', { name: 'Download statement (PDF)' })).toBeVisible();
  await checkAtWidths(buyerPage, 'invoices');
  // A period longer than a statement covers is said so, with no link to a download that fails.
  await buyerPage.getByLabel('From', { exact: true }).fill('2024-01-01');
  await expect(buyerPage.getByText('A statement covers at most 366 days.')).toBeVisible();
  await expect(buyerPage.getByRole('link', { name: 'Download statement (PDF)' })).toHaveCount(0);
  await buyerPage.goto(orderUrl ?? '/');
  await waitForReady(buyerPage);
  await expect(
    buyerPage.getByRole('region', { name: 'On account' }).getByTestId('left-to-pay'),
  ).toHaveText('$35.00');
  await checkAtWidths(buyerPage, 'order on account for its buyer');

  // The rest arrives: paid in full (its day first left empty: asked for in words).
  await page.goto(orderUrl ?? '/');
  await waitForReady(page);
  await account.getByLabel('Amount (USD)').fill('35.00');
  await account.getByLabel('Reference').fill('BANK-TT-2');
  await account.getByLabel('Received on').fill('');
  await account.getByRole('button', { name: 'Record payment' }).click();
  await expect(account.getByText('Enter the day the payment arrived.')).toBeVisible();
  await expect(account.getByLabel('Received on')).toBeFocused();
  await account.getByLabel('Received on').fill(new Date().toISOString().slice(0, 10));
  await account.getByRole('button', { name: 'Record payment' }).click();
  await expect(account.getByTestId('left-to-pay')).toHaveText('Nothing: paid in full');
  // The form goes with its job done, and still says what it recorded.
  await expect(
    page.getByText(/\$35\.00 is recorded: order TY-\d+ is paid in full\./),
  ).toBeVisible();
  await expect(account.getByRole('heading', { name: 'On account' })).toBeFocused();

  // Terms taken away: the customer pays by card from now on.
  await page.goto('/dashboard/payment-terms');
  await waitForReady(page);
  await page
    .getByRole('row')
    .filter({ hasText: buyer.email })
    .getByRole('button', { name: 'Take away' })
    .click();
  await page.getByRole('dialog').getByRole('button', { name: 'Take terms away' }).press('Enter');
  await expect(page.getByText(`${buyer.name} pays by card from now on`)).toBeVisible();
  // The row and its button are gone: the keyboard is on the page's title, not its start.
  await expect(page.getByRole('row').filter({ hasText: buyer.email })).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: 'Payment terms' })).toBeFocused();
});

test('a refund of an order on account shows at once as credited, and lowers what is left to pay', async ({
  page,
  browser,
}) => {
  const admin = await apiAs(DEMO_ADMIN);
  const buyer = newAccount('Cora Credit');
  const buyerApi = await apiAs(buyer, { create: true });
  const tool = await createTool(admin, {
    name: `Credit Clamp ${Date.now().toString(36)}`,
    price: 2000,
    minimumOrder: 1,
    quantity: 50,
  });

  await signedIn(page, DEMO_ADMIN);
  await page.goto('/dashboard/payment-terms');
  await waitForReady(page);
  await page.getByLabel('For').selectOption('customer');
  await page.getByLabel("Customer's email").fill(buyer.email);
  await page.getByLabel('Credit limit (USD)').fill('500.00');
  await page.getByRole('button', { name: 'Save terms' }).click();
  await expect(page.getByText(`${buyer.name} orders on account, net 30`)).toBeVisible();

  const placed = await buyerApi.post('/api/orders', {
    data: {
      lines: [{ toolId: tool._id, quantity: 3 }],
      phone: '+1 555 010 7000',
      address: '7 Ledger Lane, Springfield',
      paymentMethod: 'account',
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const order = (await placed.json()) as { _id: string; number: string };

  // $25.00 received of $60.00, then one of the three clamps ($20.00) refunded.
  await page.goto(`/dashboard/orders/${order._id}`);
  await waitForReady(page);
  const account = page.getByRole('region', { name: 'On account' });
  await account.getByLabel('Amount (USD)').fill('25.00');
  await account.getByLabel('Reference').fill('BANK-CC-1');
  await account.getByRole('button', { name: 'Record payment' }).click();
  await expect(account.getByTestId('left-to-pay')).toHaveText('$35.00');
  await page.getByRole('button', { name: 'Refund', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Refund order ${order.number}` });
  await dialog.getByLabel(new RegExp(`^${tool.name}`)).fill('1');
  await dialog.getByLabel('Note').fill('One clamp came back.');
  await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(dialog).toBeHidden();

  // Without a reload: $60.00 less $20.00 credited less $25.00 paid leaves $15.00.
  await expect(account.getByTestId('credited')).toHaveText('$20.00');
  await expect(account.getByTestId('left-to-pay')).toHaveText('$15.00');
  await expect(account.getByText('At most $15.00.')).toBeVisible();
  await expect(account.getByTestId('overpaid')).toHaveCount(0);
  await checkAtWidths(page, 'order on account with a credit note');
  // The buyer's list of open invoices says so too, so that its sums add up.
  const buyerPage = await (await browser.newContext()).newPage();
  await signedIn(buyerPage, buyer);
  await buyerPage.goto('/dashboard/invoices');
  const invoiceRow = buyerPage.getByRole('row', { name: new RegExp(`Order ${order.number}`) });
  await expect(invoiceRow).toContainText('$60.00');
  await expect(invoiceRow.getByRole('cell').nth(3)).toHaveText('$20.00');
  await expect(invoiceRow.getByRole('cell').nth(4)).toHaveText('$15.00');
  await expect(
    buyerPage.getByRole('columnheader', { name: 'Credited', exact: true }),
  ).toBeVisible();

  // The other two refunded: $60.00 credited and $25.00 paid, which the store now owes the buyer.
  await page.getByRole('button', { name: 'Refund', exact: true }).click();
  await dialog.getByLabel(new RegExp(`^${tool.name}`)).fill('2');
  await dialog.getByLabel('Note').fill('The other two came back.');
  await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(account.getByTestId('credited')).toHaveText('$60.00');
  await expect(account.getByTestId('left-to-pay')).toHaveText('Nothing: paid in full');
  await expect(account.getByTestId('overpaid')).toHaveText(
    'The buyer paid $25.00 more than is now due, after the credit notes: the store owes it to them.',
  );
  // The buyer's invoices page says what the store owes them.
  await buyerPage.goto('/dashboard/invoices');
  await waitForReady(buyerPage);
  const owedToYou = buyerPage.getByText(
    "You paid $25.00 more than is now due on your orders on account, after the credit notes: we owe it to you. Each order's page says on which.",
  );
  await expect(owedToYou).toBeVisible();
  await checkAtWidths(buyerPage, 'invoices owed to the buyer');

  // The $25.00 sent back by bank transfer and recorded: more than that is refused in the form.
  const payout = account.getByRole('form', { name: 'Record money paid back' });
  await checkAtWidths(page, 'order on account owed to its buyer');
  await expect(account.getByRole('button', { name: 'Record payment' })).toHaveCount(0);
  await payout.getByLabel('Amount (USD)').fill('30.00');
  await payout.getByLabel('Reference').fill('BACK-CC-1');
  await payout.getByRole('button', { name: 'Record payout' }).click();
  await expect(
    payout.getByText('The store owes the buyer $25.00 on this order: pay back at most that.'),
  ).toBeVisible();
  await payout.getByLabel('Amount (USD)').fill('25.00');
  await payout.getByRole('button', { name: 'Record payout' }).click();
  await expect(
    page.getByText(
      `$25.00 is recorded as paid back: the store owes the buyer nothing more on order ${order.number}.`,
    ),
  ).toBeVisible();
  await expect(account.getByTestId('overpaid')).toHaveCount(0);
  await expect(payout).toHaveCount(0);
  await expect(
    account.getByText(/\$25\.00 paid back to the buyer .*, reference BACK-CC-1/),
  ).toBeVisible();
  await expect(account.getByText('Paid', { exact: true }).locator('+ dd')).toHaveText('$0.00');
  await expect(account.getByRole('heading', { name: 'On account' })).toBeFocused();

  // The buyer reads the same movements.
  await signedIn(page, buyer);
  await page.goto(`/dashboard/orders/${order._id}`);
  await waitForReady(page);
  await expect(account.getByText(/\$25\.00 received .*, reference BANK-CC-1/)).toBeVisible();
  await expect(
    account.getByText(/\$25\.00 paid back to you .*, reference BACK-CC-1/),
  ).toBeVisible();
  await expect(account.getByTestId('overpaid')).toHaveCount(0);
  await buyerPage.reload();
  await waitForReady(buyerPage);
  await expect(buyerPage.getByText('No open invoices: nothing is owed on account.')).toBeVisible();
  await expect(owedToYou).toHaveCount(0);
  await buyerPage.context().close();
});
