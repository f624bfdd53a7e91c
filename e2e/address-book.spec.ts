import type { Page } from '@playwright/test';
import type { AddressBook } from '../contract/addresses.ts';
import type { Order } from '../contract/orders.ts';
import { connectTo } from './database.ts';
import {
  addFromToolPage,
  apiAs,
  createTool,
  DEMO_ADMIN,
  expect,
  expectAccessible,
  keepScreenshot,
  newAccount,
  test,
  waitForReady,
} from './fixtures.ts';
import { signedUp } from './sessions.ts';

/** The address book: kept in the account area, offered at checkout, brought back by "Buy again". */

async function addInDialog(page: Page, fields: Record<string, string>, country = 'GB') {
  await page.getByRole('button', { name: 'Add address' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add an address' });
  for (const [label, value] of Object.entries(fields)) await dialog.getByLabel(label).fill(value);
  await dialog.getByLabel('Country').selectOption(country);
  await dialog.getByRole('button', { name: 'Add address' }).click();
  await expect(dialog).toHaveCount(0);
}

const address = (label: string, line1: string) => ({
  Label: label,
  Recipient: 'Sam Site',
  Phone: '+44 20 7946 0000',
  'Address line 1': line1,
  Postcode: 'PO1 2AB',
  City: 'Portsmouth',
});

async function book(page: Page): Promise<AddressBook> {
  return (await (await page.request.get('/api/addresses')).json()) as AddressBook;
}

async function placedOrders(page: Page, email: string): Promise<Order[]> {
  const response = await page.request.get(`/api/user?email=${encodeURIComponent(email)}`);
  return (await response.json()) as Order[];
}

test('address book at checkout: the default prefilled, another picked, a new one saved from checkout, and "Buy again" brings the address back', async ({
  page,
}) => {
  const admin = await apiAs(DEMO_ADMIN);
  const tool = await createTool(admin, { minimumOrder: 1, quantity: 500 });
  const customer = newAccount('Addie Address');
  await signedUp(page, customer);

  await page.goto('/dashboard/addresses');
  await waitForReady(page);
  await expect(page.getByText('No addresses yet')).toBeVisible();
  await addInDialog(page, address('Main yard', '1 Harbour Road'));
  await addInDialog(page, address('Site 14', '14 Quay Street'));
  const cards = page.getByRole('list', { name: 'Addresses' }).getByRole('listitem');
  await expect(cards).toHaveCount(2);
  await expect(cards.first()).toContainText('Main yard');
  await expect(cards.first()).toContainText('Default');
  await expectAccessible(page, 'the address book');
  await keepScreenshot(page, 'address-book-1280', { fullPage: true });

  // Checkout offers the book, the default chosen; no address to type.
  await addFromToolPage(page, tool, 2);
  await page.goto('/cart');
  await waitForReady(page);
  const deliverTo = page.getByRole('group', { name: 'Deliver to' });
  await expect(deliverTo.getByRole('radio', { name: /Main yard \(default\)/ })).toBeChecked();
  await expect(page.getByLabel('Delivery address')).toHaveCount(0);
  await expectAccessible(page, 'checkout with the address book');
  await keepScreenshot(page, 'checkout-address-book-1280', { fullPage: true });
  await deliverTo.getByRole('radio', { name: /Site 14/ }).check();
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByRole('heading', { name: 'Your order is placed' })).toBeFocused();
  const [toSite] = await placedOrders(page, customer.email);
  expect(toSite?.deliveryAddress?.label).toBe('Site 14');
  expect(toSite?.address).toBe('Sam Site\n14 Quay Street\nPO1 2AB Portsmouth\nUnited Kingdom');

  // A new address typed at checkout goes into the book, and the order goes there.
  await addFromToolPage(page, tool, 3);
  await page.goto('/cart');
  await waitForReady(page);
  await deliverTo.getByRole('radio', { name: 'A new address, saved to the address book' }).check();
  const fields = address('Dock 4', '4 Dock Road');
  for (const [label, value] of Object.entries(fields))
    await deliverTo.getByLabel(label).fill(value);
  await deliverTo.getByLabel('Country').selectOption('IE');
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByRole('heading', { name: 'Your order is placed' })).toBeFocused();
  expect((await book(page)).addresses.map((a) => a.label)).toEqual([
    'Main yard',
    'Dock 4',
    'Site 14',
  ]);
  const orders = await placedOrders(page, customer.email);
  expect(orders.map((order) => order.deliveryAddress?.label).sort()).toEqual(['Dock 4', 'Site 14']);

  // The order page shows the copy; "Buy again" brings its address back to checkout.
  await page.goto(`/dashboard/orders/${toSite?._id}`);
  await waitForReady(page);
  await expect(page.getByText('Site 14 (from the address book)')).toBeVisible();
  await page.getByRole('button', { name: 'Buy again' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await waitForReady(page);
  await expect(deliverTo.getByRole('radio', { name: /Site 14/ })).toBeChecked();

  // At 320 px, the book and checkout fit.
  await page.setViewportSize({ width: 320, height: 800 });
  await keepScreenshot(page, 'checkout-address-book-320', { fullPage: true });
  await page.goto('/dashboard/addresses');
  await waitForReady(page);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(overflow).toBeLessThanOrEqual(320);
  await keepScreenshot(page, 'address-book-320', { fullPage: true });
});

test('Place order says it is at work from the press on: pressed again while the new address is saved, it orders once and saves the address once', async ({
  page,
}) => {
  const admin = await apiAs(DEMO_ADMIN);
  const tool = await createTool(admin, { minimumOrder: 1, quantity: 500 });
  const customer = newAccount('Paula Press');
  await signedUp(page, customer);
  // The store is slow to save the new address: held back until the buyer has pressed again.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let saves = 0;
  await page.route('**/api/addresses', async (route) => {
    if (route.request().method() === 'POST') {
      saves += 1;
      await held;
    }
    await route.continue();
  });

  await addFromToolPage(page, tool, 2);
  await page.goto('/cart');
  await waitForReady(page);
  const deliverTo = page.getByRole('group', { name: 'Deliver to' });
  await deliverTo.getByRole('radio', { name: 'A new address, saved to the address book' }).check();
  const typed = Object.entries(address('Pier 9', '9 Pier Road'));
  for (const [label, value] of typed) await deliverTo.getByLabel(label).fill(value);
  await deliverTo.getByLabel('Country').selectOption('GB');
  // Still as typed when pressed (once, under load, the press did not make the button busy: this
  // says whether the fields had been emptied meanwhile).
  for (const [label, value] of typed) await expect(deliverTo.getByLabel(label)).toHaveValue(value);
  const placeOrder = page.getByRole('button', { name: 'Place order' });
  await placeOrder.click();
  // At once busy, and no second order: Enter in a field (a press of the form's button) does nothing.
  await expect(placeOrder).toHaveAttribute('aria-busy', 'true');
  await expect(placeOrder).toBeDisabled();
  await page.getByLabel('Purchase order number (optional)').press('Enter');
  await expect.poll(() => saves).toBe(1);
  release();
  await expect(page.getByRole('heading', { name: 'Your order is placed' })).toBeFocused();
  expect(saves).toBe(1);
  expect((await book(page)).addresses.map((a) => a.label)).toEqual(['Pier 9']);
  expect(await placedOrders(page, customer.email)).toHaveLength(1);
});

test("a company's viewer reads its address book but cannot change it", async ({ page }) => {
  const [owner, viewer] = [newAccount('Olga Owner'), newAccount('Vic Viewer')];
  const ownerApi = await apiAs(owner, { create: true });
  await signedUp(page, viewer);
  const db = await connectTo(process.env.E2E_DATA_DIR ?? '');
  try {
    const company = await db.query<{ id: string }>(
      "insert into companies (name) values ('Quayside Builders') returning id",
    );
    await db.query(
      `insert into company_members (user_id, company_id, role)
       select id, $1, case when email = $2 then 'owner' else 'viewer' end
       from "user" where email in ($2, $3)`,
      [company.rows[0]?.id, owner.email, viewer.email],
    );
  } finally {
    await db.end();
  }
  const added = await ownerApi.post('/api/addresses', {
    data: {
      label: 'Quay yard',
      recipient: 'Olga Owner',
      line1: '2 Quay Street',
      postcode: 'PO1 3CD',
      city: 'Portsmouth',
      country: 'GB',
      phone: '+44 20 7946 0001',
    },
  });
  expect(added.status()).toBe(201);

  await page.goto('/dashboard/addresses');
  await waitForReady(page);
  await expect(page.getByText('The delivery addresses of Quayside Builders')).toBeVisible();
  await expect(page.getByText('Only the company')).toBeVisible();
  await expect(
    page
      .getByRole('list', { name: 'Addresses' })
      .getByRole('listitem')
      .filter({ hasText: 'Quay yard' }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: /Add address|Edit|Delete/ })).toHaveCount(0);
  await expectAccessible(page, 'a read-only address book');
});

test("with the keyboard alone, deleting an address lands on the page's title, not the page's start", async ({
  page,
}) => {
  await signedUp(page, newAccount('Dee Deleter'));
  await page.goto('/dashboard/addresses');
  await waitForReady(page);
  await addInDialog(page, address('Old yard', '9 Old Road'));
  await addInDialog(page, address('New yard', '1 New Road'));

  // The address's card goes, and the Delete button that opened the dialog with it.
  const remove = page.getByRole('button', { name: 'Delete Old yard' });
  await remove.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Delete this address?' });
  await dialog.getByRole('button', { name: 'Delete address' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Old yard was deleted.')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(remove).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: 'Address book' })).toBeFocused();
});
