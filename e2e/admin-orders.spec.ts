import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import {
  apiAs,
  createTool,
  DEMO_ADMIN,
  expect,
  expectAccessible,
  keepScreenshot,
  newAccount,
  payOrder,
  placeOrder,
  test,
  waitForReady,
} from './fixtures.ts';
import { mailsTo } from './outbox.ts';
import { signedIn } from './sessions.ts';

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

async function findOrders(page: Page, fields: { q?: string; status?: string; from?: string }) {
  const search = page.getByRole('search', { name: 'Find orders' });
  await search.getByLabel('Find an order').fill(fields.q ?? '');
  if (fields.status) await search.getByLabel('Status').selectOption(fields.status);
  if (fields.from) await search.getByLabel('Placed from').fill(fields.from);
  await search.getByLabel('Find an order').press('Enter');
}

test('an admin finds an order by its number, filters last week’s paid orders and exports them, ships one with a tracking number the customer reads, notes a refund and cancels an unpaid order', async ({
  page,
}) => {
  const admin = await apiAs(DEMO_ADMIN);
  const tool = await createTool(admin, { name: `Export Vise ${Date.now().toString(36)}` });
  const buyer = newAccount('Paula Paid');
  const buyerApi = await apiAs(buyer, { create: true });
  const paid = await placeOrder(buyerApi, buyer.email, tool);
  await payOrder(buyerApi, paid._id);
  const unpaid = await placeOrder(buyerApi, buyer.email, tool);

  await signedIn(page, DEMO_ADMIN);
  await page.goto('/dashboard/manageallorders');
  await waitForReady(page);

  // By its number: one order, linking its page.
  await findOrders(page, { q: paid.number });
  await expect(page).toHaveURL(new RegExp(`q=${paid.number}`));
  await expect(page.getByRole('link', { name: paid.number })).toBeVisible();
  await expect(page.getByRole('link', { name: unpaid.number })).toHaveCount(0);

  // Paid orders of the last week, found by the buyer's email, exported as CSV.
  const weekAgo = new Date(Date.now() - 7 * 24 * 3600 * 1000);
  await findOrders(page, { q: buyer.email, status: 'paid', from: isoDay(weekAgo) });
  await expect(page).toHaveURL(/status=paid/);
  await expect(page.getByRole('link', { name: paid.number })).toBeVisible();
  await expect(page.getByRole('link', { name: unpaid.number })).toHaveCount(0);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile((await download.path()) ?? '', 'utf8');
  expect(csv.charCodeAt(0)).toBe(0xfeff);
  const lines = csv.slice(1).trim().split(/\r?\n/);
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(paid.number);
  expect(lines[1]).toContain(buyer.email);
  expect(lines[1]).toContain('paid');

  // Its page: ship it with a carrier and tracking number; the customer's email carries them.
  await page.getByRole('link', { name: paid.number }).click();
  await waitForReady(page);
  await page.getByRole('button', { name: 'Ship order' }).click();
  const ship = page.getByRole('dialog', { name: `Ship order ${paid.number}` });
  await ship.getByLabel('Parcel 1: carrier').fill('DHL Express');
  await ship.getByLabel('Parcel 1: tracking number').fill('JD014600003SE');
  await ship.getByRole('button', { name: 'Mark shipped' }).click();
  await expect(ship).toBeHidden();
  await expect(page.getByRole('main')).toContainText('JD014600003SE');
  await expect
    .poll(async () => (await mailsTo(buyer.email)).some((mail) => mail.includes('JD014600003SE')))
    .toBe(true);

  // A refund of the shipped order shows on its timeline.
  await page.getByRole('button', { name: 'Refund', exact: true }).click();
  const refund = page.getByRole('dialog', { name: `Refund order ${paid.number}` });
  await refund.getByLabel('An amount').check();
  await refund.getByLabel(/^Amount/).fill('5.00');
  await refund.getByLabel('Note').fill('One vise arrived with a dented jaw.');
  await refund.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(refund).toBeHidden();
  await expect(page.getByRole('list', { name: 'Order timeline' })).toContainText('Refunded $5.00');

  // The unpaid order: cancelled from its page after confirming.
  await page.goto(`/dashboard/orders/${unpaid._id}`);
  await waitForReady(page);
  await page.getByRole('button', { name: 'Cancel order' }).click();
  await page
    .getByRole('dialog', { name: 'Cancel this order?' })
    .getByRole('button', { name: 'Cancel order' })
    .click();
  await expect(page.getByText(`Order ${unpaid.number} is cancelled.`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);

  // The back-office list and the order page at a phone's width.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/dashboard/manageallorders?status=shipped');
  await waitForReady(page);
  await expectAccessible(page, 'manage orders at 375 px');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await keepScreenshot(page, 'admin-orders-375', { fullPage: true });
});

test('shipping from the list of paid orders, by keyboard: the order leaves the list and the keyboard lands on the page title', async ({
  page,
}) => {
  const admin = await apiAs(DEMO_ADMIN);
  const tool = await createTool(admin, { name: `List Vise ${Date.now().toString(36)}` });
  const buyer = newAccount('Lister Shipped');
  const buyerApi = await apiAs(buyer, { create: true });
  const paid = await placeOrder(buyerApi, buyer.email, tool);
  await payOrder(buyerApi, paid._id);

  await signedIn(page, DEMO_ADMIN);
  await page.goto(`/dashboard/manageallorders?status=paid&q=${encodeURIComponent(buyer.email)}`);
  await waitForReady(page);
  const row = page.getByRole('row').filter({ hasText: paid.number });
  await row.getByRole('button', { name: /^Ship/ }).focus();
  await page.keyboard.press('Enter');
  const ship = page.getByRole('dialog', { name: `Ship order ${paid.number}` });
  await ship.getByLabel('Parcel 1: carrier').fill('DHL Express');
  await ship.getByLabel('Parcel 1: tracking number').fill('JD014600004SE');
  await ship.getByRole('button', { name: 'Mark shipped' }).press('Enter');
  await expect(ship).toBeHidden();
  await expect(
    page.getByText(`Order ${paid.number} for ${buyer.name} is marked shipped.`),
  ).toBeVisible();
  await expect(page.getByText('No order matches these filters')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Manage all orders' })).toBeFocused();
});

test('searching the orders by keyboard leaves the keyboard where it was: on the search field after Enter, on Find after Find, on the search field once the filters are cleared', async ({
  page,
}) => {
  const admin = await apiAs(DEMO_ADMIN);
  const tool = await createTool(admin, { name: `Keyboard Vise ${Date.now().toString(36)}` });
  const buyer = newAccount('Kim Keyboard');
  const buyerApi = await apiAs(buyer, { create: true });
  const paid = await placeOrder(buyerApi, buyer.email, tool);
  await payOrder(buyerApi, paid._id);

  await signedIn(page, DEMO_ADMIN);
  await page.goto('/dashboard/manageallorders');
  await waitForReady(page);
  const search = page.getByRole('search', { name: 'Find orders' });
  const field = search.getByLabel('Find an order');
  await field.fill(buyer.email);
  await field.press('Enter');
  await expect(page.getByRole('link', { name: paid.number })).toBeVisible();
  await expect(page.getByText('1 order.')).toBeVisible();
  await expect(field).toBeFocused();
  await expect(field).toHaveValue(buyer.email);

  await search.getByLabel('Status').selectOption('unpaid');
  const find = search.getByRole('button', { name: 'Find' });
  await find.press('Enter');
  await expect(page).toHaveURL(/status=unpaid/);
  await expect(page.getByText('No order matches these filters')).toBeVisible();
  await expect(find).toBeFocused();

  // Clearing the filters by their link empties the form, and the link going with them leaves the
  // keyboard on the form's first field.
  await search.getByRole('link', { name: 'Show every order' }).press('Enter');
  await expect(page).not.toHaveURL(/status=/);
  await expect(field).toHaveValue('');
  await expect(search.getByLabel('Status')).toHaveValue('');
  await expect(search.getByRole('link', { name: 'Show every order' })).toHaveCount(0);
  await expect(field).toBeFocused();
  // And Back to a search shows its filters again.
  await page.goBack();
  await expect(page).toHaveURL(/status=unpaid/);
  await expect(field).toHaveValue(buyer.email);
  await expect(search.getByLabel('Status')).toHaveValue('unpaid');
});
