import {
  apiAs,
  createTool,
  DEMO_ADMIN,
  expect,
  newAccount,
  payOrder,
  placeOrder,
  test,
} from './fixtures.ts';
import { signedIn } from './sessions.ts';

test.beforeEach(async ({ page }) => {
  await signedIn(page, DEMO_ADMIN);
});

test('an admin adds a tool, sees it featured, edits and restocks it, then deletes it', async ({
  page,
}) => {
  const name = `Torque Wrench ${Date.now().toString(36)}`;
  await page.goto('/dashboard');
  const menu = page.getByRole('navigation', { name: 'Dashboard' });
  for (const item of [
    'Profile',
    'Add tool',
    'Make admin',
    'Manage all orders',
    'Manage tools',
    'Manage reviews',
    'Audit log',
  ]) {
    await expect(menu.getByRole('link', { name: item })).toBeVisible();
  }
  await expect(menu.getByRole('link', { name: 'My orders' })).toHaveCount(0);

  await menu.getByRole('link', { name: 'Add tool' }).click();
  await expect(page).toHaveTitle('Add tool · Toolyard');
  // Nothing filled in: every field says what it needs.
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByText('Must be a whole number.').first()).toBeVisible();
  await expect(page.getByText('Enter a price such as 12.50.')).toBeVisible();

  await page.getByLabel('Tool name').fill(name);
  await page.getByLabel('Image link').fill('/images/tools/socket-set-94-pieces.svg');
  await page
    .getByLabel('Description')
    .fill('A 1/2 inch drive click torque wrench, 40 to 210 Nm, with a calibration certificate.');
  await page.getByLabel('Quantity in stock').fill('100');
  await page.getByLabel('Minimum order').fill('5');
  await page.getByLabel('Price per unit (USD)').fill('49.95');
  // A volume price: one above the unit price is refused on its field.
  await page.getByRole('button', { name: 'New price break' }).click();
  await page.getByLabel('Break 1: from (units)').fill('20');
  await page.getByLabel('Break 1: unit price (USD)').fill('52.00');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByText('Must be lower than the unit price.')).toBeVisible();
  await page.getByLabel('Break 1: unit price (USD)').fill('44.95');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByText(`${name} is added to the catalogue.`)).toBeVisible();
  await expect(page.getByLabel('Tool name')).toHaveValue('');

  // Newest first: it leads the featured tools on the home page.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
  const featured = page.getByRole('region', { name: 'Newest tools' });
  const card = featured.getByRole('article').filter({ hasText: name });
  await expect(card).toBeVisible();
  await expect(card).toContainText('$49.95');
  await card.getByRole('link', { name }).first().click();
  await expect(page.getByText('20+ units: $44.95 each')).toBeVisible();

  // Edit the price and restock 25 units.
  await page.goto(`/dashboard/manageproducts?q=${encodeURIComponent(name)}`);
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('100');
  await row.getByRole('button', { name: `Edit ${name}` }).click();
  const editor = page.getByRole('dialog', { name: `Edit ${name}` });
  await expect(editor.getByLabel('Price per unit (USD)')).toHaveValue('49.95');
  await expect(editor.getByLabel('Break 1: unit price (USD)')).toHaveValue('44.95');
  await editor.getByLabel('Price per unit (USD)').fill('44.50');
  await editor.getByLabel('Restock: units to add').fill('25');
  await editor.getByRole('button', { name: 'Save changes' }).click();
  // The break would now cost more than the unit price: lower it too.
  await expect(editor.getByText('Must be lower than the unit price.')).toBeVisible();
  await editor.getByLabel('Break 1: unit price (USD)').fill('39.95');
  await editor.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText(`${name} is saved.`)).toBeVisible();
  await expect(editor).toBeHidden();
  await expect(row).toContainText('125');
  await expect(row).toContainText('$44.50');

  // Delete it: confirm, toast, gone from the list and the catalogue.
  await row.getByRole('button', { name: `Delete ${name}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this tool?' });
  await expect(confirm).toContainText(name);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(`${name} is deleted.`)).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(0);
  // Gone from the catalogue: a search for its name answers (tools merely like it, such as the demo's
  // torque wrenches, may show), and no tool by that name is among them.
  await page.goto(`/tools?q=${encodeURIComponent(name)}`);
  await expect(
    page.getByText(new RegExp(`No tools match “${name}”|tools? matching “${name}”`)),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name, exact: true })).toHaveCount(0);
});

test('an admin finds a customer, makes them admin and takes the role back, confirming each', async ({
  page,
}) => {
  const customer = newAccount('Paolo Promoted');
  const customerApi = await apiAs(customer, { create: true });

  await page.goto('/dashboard/makeadmin');
  await expect(page).toHaveTitle('Make admin · Toolyard');
  await page.getByLabel('Find a person').fill(customer.email.slice(0, 20));
  await page.getByRole('button', { name: 'Find' }).click();
  await expect(page).toHaveURL(/\?q=/);
  const row = page.getByRole('row').filter({ hasText: customer.email });
  await expect(row).toContainText('Customer');
  await row.getByRole('button', { name: `Make admin: ${customer.name}` }).click();
  const promote = page.getByRole('dialog', { name: `Make ${customer.name} an admin?` });
  await expect(promote).toContainText(customer.email);
  await promote.getByRole('button', { name: 'Make admin' }).click();
  await expect(page.getByText(`${customer.name} is now an admin.`)).toBeVisible();
  await expect(row).toContainText('Admin');
  // The server agrees: the new admin can list every user.
  expect((await customerApi.get('/api/alluser')).status()).toBe(200);

  await row.getByRole('button', { name: `Remove admin: ${customer.name}` }).click();
  await page
    .getByRole('dialog', { name: `Remove the admin role from ${customer.name}?` })
    .getByRole('button', { name: 'Remove admin' })
    .click();
  await expect(page.getByText(`${customer.name} is no longer an admin.`)).toBeVisible();
  await expect(row).toContainText('Customer');
  expect((await customerApi.get('/api/alluser')).status()).toBe(403);
  await customerApi.dispose();
});

test('an admin ships a paid order, and only paid orders', async ({ page }) => {
  const admin = await apiAs(DEMO_ADMIN);
  const tool = await createTool(admin, {
    name: `Shipping Crate ${Date.now().toString(36)}`,
    minimumOrder: 10,
  });
  const customer = newAccount('Sam Shipper');
  const customerApi = await apiAs(customer, { create: true });
  const paid = await placeOrder(customerApi, customer.email, tool, 12);
  const unpaid = await placeOrder(customerApi, customer.email, tool, 10);
  const transactionId = await payOrder(customerApi, paid._id);

  await page.goto('/dashboard/manageallorders');
  await expect(page).toHaveTitle('Manage all orders · Toolyard');
  const paidRow = page
    .getByRole('row')
    .filter({ hasText: customer.email })
    .filter({ has: page.getByRole('cell', { name: 'Paid', exact: true }) });
  const unpaidRow = page
    .getByRole('row')
    .filter({ hasText: customer.email })
    .filter({ has: page.getByRole('cell', { name: 'Unpaid', exact: true }) });
  await expect(paidRow).toContainText(customer.name);
  await expect(paidRow).toContainText(tool.name);
  await expect(paidRow).toContainText('12');
  // Only a paid order can be shipped: an unpaid one shows no Ship button at all.
  await expect(unpaidRow.getByRole('button', { name: /^Ship/ })).toHaveCount(0);

  // Found by its number, shipped with a carrier and tracking number the customer is told.
  await page.getByLabel('Find an order').fill(paid.number);
  await page.getByLabel('Status').selectOption('Unpaid');
  await page.getByRole('button', { name: 'Find', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`\\?q=${paid.number}&status=unpaid$`));
  await expect(page.getByText('No order matches these filters')).toBeVisible();
  await page.getByLabel('Status').selectOption('Paid');
  await page.getByRole('button', { name: 'Find', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`\\?q=${paid.number}&status=paid$`));
  await expect(page.getByText('1 order.')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: customer.email })).toHaveCount(1);
  await paidRow.getByRole('button', { name: /^Ship/ }).click();
  const dialog = page.getByRole('dialog', { name: `Ship order ${paid.number}` });
  await dialog.getByLabel('Parcel 1: carrier').fill('DHL Express');
  await dialog.getByLabel('Parcel 1: tracking number').fill('JD014600006281230');
  await dialog.getByRole('button', { name: 'Mark shipped' }).click();
  await expect(
    page.getByText(`Order ${paid.number} for ${customer.name} is marked shipped.`),
  ).toBeVisible();
  await expect(dialog).toBeHidden();
  // Shipped, it is no longer a paid order: it leaves the filtered list.
  await expect(page.getByText('No order matches these filters')).toBeVisible();
  await page.getByRole('link', { name: 'Show every order' }).click();
  await expect(unpaidRow).toBeVisible();
  const shippedRow = page
    .getByRole('row')
    .filter({ hasText: customer.email })
    .filter({ has: page.getByRole('cell', { name: 'Shipped', exact: true }) });
  await expect(shippedRow).toBeVisible();
  await expect(shippedRow.getByRole('button')).toHaveCount(0);

  // The customer sees it shipped, with the transaction id, carrier and tracking number.
  const orders = (await (
    await customerApi.get(`/api/user?email=${encodeURIComponent(customer.email)}`)
  ).json()) as {
    _id: string;
    status: string;
    transactionId: string | null;
  }[];
  expect(orders.find((order) => order._id === paid._id)).toMatchObject({
    status: 'shipped',
    transactionId,
    carrier: 'DHL Express',
    trackingNumber: 'JD014600006281230',
  });
  expect(orders.find((order) => order._id === unpaid._id)?.status).toBe('unpaid');
  await customerApi.dispose();
  await admin.dispose();
});
