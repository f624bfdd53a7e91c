import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';
import type { Cart } from '../contract/cart.ts';
import type { Order } from '../contract/orders.ts';
import { demoSeller } from '../server/db/seed-data.ts';
import {
  addFromToolPage,
  apiAs,
  createTool,
  DEMO_ADMIN,
  expect,
  expectAccessible,
  newAccount,
  placeOrder,
  test,
  waitForReady,
} from './fixtures.ts';
import { signedIn, signedUp } from './sessions.ts';

/** One line of the order page's table, found by its tool's name. */
const rowOf = (page: Page, name: string) => page.getByRole('row').filter({ hasText: name });

const timeline = (page: Page) =>
  page.getByRole('list', { name: 'Order timeline' }).getByRole('listitem');

/** The text of a PDF, its whitespace removed: a long name may break across lines. */
async function pdfText(path: string): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(await readFile(path)));
  const { text } = await extractText(pdf, { mergePages: true });
  return text.replace(/\s+/g, '');
}

const squeezed = (text: string) => text.replace(/\s+/g, '');

test('a customer checks out three tools, pays, opens the order from My orders, downloads its invoice and buys again; another customer is refused, an admin sees it', async ({
  page,
  browser,
}) => {
  const admin = await apiAs(DEMO_ADMIN);
  const suffix = Date.now().toString(36);
  // One name with a word longer than a phone is wide: it must wrap, not widen the page.
  const wrench = await createTool(admin, {
    name: `Order${'extra'.repeat(10)}long Wrench ${suffix}`,
    price: 1290,
    minimumOrder: 30,
  });
  const knife = await createTool(admin, {
    name: `Order Knife ${suffix}`,
    price: 1200,
    minimumOrder: 10,
    quantity: 1000,
    priceTiers: [{ minQuantity: 100, price: 999 }],
  });
  const gloves = await createTool(admin, {
    name: `Order Gloves ${suffix}`,
    price: 450,
    minimumOrder: 5,
    quantity: 200,
  });
  const customer = newAccount('Olga Order');
  await signedUp(page, customer);

  // Three tools in the cart (the knife at its volume price), checked out once, paid once.
  await addFromToolPage(page, wrench);
  await addFromToolPage(page, knife, 120);
  await addFromToolPage(page, gloves);
  await page.goto('/cart');
  await waitForReady(page);
  await page.getByLabel('Phone').fill('+1 555 010 5000');
  await page.getByLabel('Delivery address').fill('3 Ledger Lane\nSpringfield');
  await page.getByLabel('Purchase order number (optional)').fill('PO-ORDER-5');
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByRole('heading', { name: 'Your order is placed' })).toBeFocused();
  await page.getByRole('link', { name: 'Pay now' }).click();
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/39');
  await page.getByLabel('CVC').fill('123');
  // 30 × $12.90 + 120 × $9.99 + 5 × $4.50
  await page.getByRole('button', { name: 'Pay $1,608.30' }).click();
  await expect(page.getByRole('heading', { name: 'Payment received. Thank you!' })).toBeFocused();
  const transactionId = (await page.getByTestId('transaction-id').textContent())?.trim() ?? '';
  await expect(page.getByRole('link', { name: /^View order TY-\d+$/ })).toBeVisible();

  // From My orders, the order number opens the order's page.
  await page.getByRole('link', { name: 'See my orders' }).click();
  const orderLink = page
    .getByRole('row')
    .filter({ hasText: wrench.name })
    .getByRole('link', { name: /^TY-\d+$/ });
  const number = (await orderLink.textContent())?.trim() ?? '';
  await orderLink.click();
  await expect(page).toHaveURL(/\/dashboard\/orders\/[\w-]+$/);
  const orderUrl = page.url();
  await waitForReady(page);
  await expect(page.getByRole('heading', { level: 1, name: `Order ${number}` })).toBeVisible();
  await expect(page).toHaveTitle(`Order ${number} · Toolyard`);
  await expect(page.getByRole('main').getByText('Paid', { exact: true }).first()).toBeVisible();

  // Every line, its unit price and total; the total and the tax it includes (0% here).
  await expect(rowOf(page, wrench.name).getByRole('link', { name: wrench.name })).toHaveAttribute(
    'href',
    `/tools/${wrench._id}`,
  );
  await expect(rowOf(page, wrench.name).getByTestId('line-total')).toHaveText('$387.00');
  await expect(rowOf(page, knife.name).getByTestId('unit-price')).toHaveText('$9.99');
  await expect(rowOf(page, knife.name).getByTestId('line-total')).toHaveText('$1,198.80');
  await expect(rowOf(page, gloves.name)).toContainText('5');
  await expect(page.getByTestId('order-total')).toHaveText('$1,608.30');
  await expect(page.getByText('Includes tax (0%)')).toBeVisible();
  await expect(page.getByTestId('order-tax')).toHaveText('$0.00');
  await expect(page.getByText('PO-ORDER-5')).toBeVisible();

  // The timeline: placed, then paid with the transaction id, each with its time.
  await expect(timeline(page)).toHaveCount(2);
  await expect(timeline(page).nth(0)).toContainText('Placed');
  await expect(timeline(page).nth(1)).toContainText('Paid');
  await expect(timeline(page).nth(1)).toContainText(transactionId);
  await expect(timeline(page).nth(1).locator('time')).toHaveAttribute('datetime', /^\d{4}-/);
  // Paid: nothing to pay or cancel.
  await expect(page.getByRole('link', { name: 'Pay now' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
  await expectAccessible(page, 'the order page');

  // The invoice: its number on the page, and a PDF naming the invoice, the order and each line.
  const invoiceNumber = (await page.getByTestId('invoice-number').textContent())?.trim() ?? '';
  expect(invoiceNumber).toMatch(/^INV-\d{6,}$/);
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download invoice (PDF)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${invoiceNumber}.pdf`);
  const text = await pdfText(await download.path());
  expect(text).toContain(invoiceNumber);
  expect(text).toContain(number);
  for (const tool of [wrench, knife, gloves]) expect(text).toContain(squeezed(tool.name));
  // The demo store's invoice names a whole seller: the demo company, its address and tax number.
  for (const part of [demoSeller.name, ...demoSeller.address.split('\n'), demoSeller.taxId]) {
    expect(squeezed(text)).toContain(squeezed(part));
  }

  // At 320 px nothing widens the page: the long name wraps.
  await page.setViewportSize({ width: 320, height: 800 });
  await waitForReady(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await expectAccessible(page, 'the order page at 320 px');
  await page.setViewportSize({ width: 1280, height: 900 });

  // Buy again: the same lines go into the (empty) cart, and the cart opens.
  await page.getByRole('button', { name: 'Buy again' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect
    .poll(async () => {
      const cart = (await (await page.request.get('/api/cart')).json()) as Cart;
      return cart.lines.map((line) => [line.toolId, line.quantity]);
    })
    .toEqual([
      [wrench._id, 30],
      [knife._id, 120],
      [gloves._id, 5],
    ]);

  // Another customer opening the address is told whose order it is not.
  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  await signedUp(other, newAccount('Nosy Neighbour'));
  await other.goto(orderUrl);
  await expect(
    other.getByRole('heading', { level: 1, name: 'This order belongs to another customer' }),
  ).toBeVisible();
  await expect(other.getByText(wrench.name)).toHaveCount(0);
  await otherContext.close();

  // An admin sees the order, and nothing to pay.
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await signedIn(adminPage, DEMO_ADMIN);
  await adminPage.goto(orderUrl);
  await waitForReady(adminPage);
  await expect(adminPage.getByRole('heading', { level: 1, name: `Order ${number}` })).toBeVisible();
  await expect(adminPage.getByText(customer.email)).toBeVisible();
  await expect(adminPage.getByRole('link', { name: 'Download invoice (PDF)' })).toBeVisible();
  await expect(adminPage.getByRole('link', { name: 'Pay now' })).toHaveCount(0);
  await expect(adminPage.getByRole('button', { name: 'Buy again' })).toHaveCount(0);
  // An order that does not exist points an admin to every order, not to a list of their own.
  await adminPage.goto(
    new URL('/dashboard/orders/00000000-0000-4000-8000-000000000000', orderUrl).href,
  );
  await expect(
    adminPage.getByRole('heading', { level: 1, name: 'We could not find this order' }),
  ).toBeVisible();
  await expect(adminPage.getByText('Every order is in Manage all orders.')).toBeVisible();
  await expect(adminPage.getByRole('link', { name: 'Go to all orders' })).toHaveAttribute(
    'href',
    '/dashboard/manageallorders',
  );
  await adminContext.close();
  await admin.dispose();
});

test('an unpaid order: its deadline and Pay now for the customer, Cancel order for the customer and the admin (no Pay now); cancelled, the timeline says by whom', async ({
  page,
  browser,
}) => {
  const admin = await apiAs(DEMO_ADMIN);
  const tool = await createTool(admin, { name: `Unpaid Clamp ${Date.now().toString(36)}` });
  const customer = newAccount('Uma Unpaid');
  const api = await apiAs(customer, { create: true });
  const order: Order = await placeOrder(api, customer.email, tool);
  await signedIn(page, customer);

  // The admin may cancel it, but does not pay customers' orders.
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await signedIn(adminPage, DEMO_ADMIN);
  await adminPage.goto(`/dashboard/orders/${order._id}`);
  await waitForReady(adminPage);
  await expect(adminPage.getByRole('button', { name: 'Cancel order' })).toBeVisible();
  await expect(
    adminPage
      .getByRole('navigation', { name: 'Dashboard' })
      .getByRole('link', { name: 'Manage all orders' }),
  ).toHaveAttribute('aria-current', 'page');
  await expect(adminPage.getByRole('link', { name: 'Pay now' })).toHaveCount(0);
  await adminContext.close();

  await page.goto(`/dashboard/orders/${order._id}`);
  await waitForReady(page);
  await expect(page).toHaveTitle(`Order ${order.number} · Toolyard`);
  // Their own order belongs to My orders, in the dashboard's menu as in the breadcrumb.
  await expect(
    page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'My orders' }),
  ).toHaveAttribute('aria-current', 'page');
  const due = page.getByTestId('payment-due');
  await expect(due).toContainText(/Pay by \w+day, \w+ \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M /);
  await expect(due.locator('time')).toHaveAttribute('datetime', order.paymentDueAt);
  await expect(page.getByRole('link', { name: 'Pay now' })).toHaveAttribute(
    'href',
    `/dashboard/payment/${order._id}`,
  );
  await expect(page.getByText('Invoice', { exact: true })).toHaveCount(0);
  await expectAccessible(page, 'an unpaid order');

  await page.getByRole('button', { name: 'Cancel order' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel this order?' });
  await dialog.getByRole('button', { name: 'Cancel order' }).click();
  await expect(page.getByText(`Order ${order.number} is cancelled.`)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(timeline(page).nth(1)).toContainText('Cancelled by you.');
  await expect(page.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Pay now' })).toHaveCount(0);
  // The button that opened the dialog is gone: focus is on the order's title.
  await expect(
    page.getByRole('heading', { level: 1, name: `Order ${order.number}` }),
  ).toBeFocused();

  // A malformed id or an unknown order: the same sentence.
  for (const id of ['not-an-order', '00000000-0000-4000-8000-000000000000']) {
    await page.goto(`/dashboard/orders/${id}`);
    await expect(
      page.getByRole('heading', { level: 1, name: 'We could not find this order' }),
    ).toBeVisible();
  }
  await api.dispose();
  await admin.dispose();
});

test("an order to a typed address shows the postcode and country it was sent with, beside the buyer's lines", async ({
  page,
}) => {
  const customer = newAccount('Tyra Typed');
  const api = await apiAs(customer, { create: true });
  const tool = await createTool(await apiAs(DEMO_ADMIN), { minimumOrder: 1 });
  const placed = await api.post('/api/orders', {
    headers: { 'idempotency-key': randomUUID() },
    data: {
      lines: [{ toolId: tool._id, quantity: 1 }],
      phone: '+354 555 0100',
      address: 'Harbour site\nGrandagardur 8',
      country: 'IS',
      postcode: '101',
    },
  });
  expect(placed.ok(), await placed.text()).toBe(true);
  const order = (await placed.json()) as Order;
  await signedIn(page, customer);
  await page.goto(`/dashboard/orders/${order._id}`);
  await waitForReady(page);
  const where = page.getByRole('definition').filter({ hasText: 'Grandagardur 8' });
  await expect(where).toHaveText('Harbour site\nGrandagardur 8\n101\nIceland', {
    useInnerText: true,
  });
});
