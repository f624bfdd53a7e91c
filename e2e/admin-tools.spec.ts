import {
  apiAs,
  checkAtWidths,
  createTool,
  DEMO_ADMIN,
  expect,
  newAccount,
  payOrder,
  placeOrder,
  test,
  waitForReady,
} from './fixtures.ts';
import { signedIn } from './sessions.ts';

test.beforeEach(async ({ page }) => {
  await signedIn(page, DEMO_ADMIN);
});

test('an admin finds a tool, filters low stock, sets the stock and a price break, and is warned of open orders before deleting', async ({
  page,
}) => {
  test.slow();
  const admin = await apiAs(DEMO_ADMIN);
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const plane = await createTool(admin, {
    name: `Manage Plane ${suffix}`,
    quantity: 500,
    minimumOrder: 10,
    price: 1290,
  });
  const sold = await createTool(admin, {
    name: `Manage Soldout ${suffix}`,
    quantity: 3,
    minimumOrder: 10,
    price: 990,
    confirm: ['minimum_above_stock'],
  });
  // Two open orders contain the plane: one unpaid, one paid and not shipped.
  const customer = newAccount('Manage Buyer');
  const buyer = await apiAs(customer, { create: true });
  await placeOrder(buyer, customer.email, plane);
  await payOrder(buyer, (await placeOrder(buyer, customer.email, plane))._id);

  await page.goto('/dashboard/manageproducts');
  await waitForReady(page);
  await checkAtWidths(page, 'admin-tools-list', [375, 1280]);

  // Search: the URL keeps it, the count says how many match.
  await page.getByLabel('Find a tool').fill(suffix);
  await page.getByRole('button', { name: 'Find' }).click();
  await expect(page).toHaveURL(new RegExp(`q=${suffix}`));
  await expect(page.getByText('2 tools.')).toBeVisible();

  // Low stock: below the minimum order.
  await page.getByLabel('Stock').selectOption('true');
  await page.getByRole('button', { name: 'Find' }).click();
  await expect(page).toHaveURL(/lowStock=true/);
  await expect(page.getByText('1 tool below its minimum order.')).toBeVisible();
  const soldRow = page.getByRole('row').filter({ hasText: sold.name });
  await expect(soldRow).toContainText('Below minimum');
  await expect(page.getByRole('row').filter({ hasText: plane.name })).toHaveCount(0);
  await checkAtWidths(page, 'admin-tools-low-stock', [375, 1280]);

  // Or below a number given.
  await page.getByLabel('Stock').selectOption('');
  await page.getByLabel('Fewer units than').fill('1000');
  await page.getByRole('button', { name: 'Find' }).click();
  await expect(page.getByText('2 tools with fewer than 1,000 units.')).toBeVisible();

  // Edit the plane: set the stock as counted and add a price break.
  const planeRow = page.getByRole('row').filter({ hasText: plane.name });
  await planeRow.getByRole('button', { name: `Edit ${plane.name}` }).click();
  const editor = page.getByRole('dialog', { name: `Edit ${plane.name}` });
  // The two orders took their units.
  await expect(editor.getByLabel('Quantity in stock')).toHaveValue('480');
  await editor.getByLabel('Quantity in stock').fill('40');
  await editor.getByRole('button', { name: 'New price break' }).click();
  await editor.getByLabel('Break 1: from (units)').fill('25');
  await editor.getByLabel('Break 1: unit price (USD)').fill('9.99');
  await checkAtWidths(page, 'admin-tools-edit', [375, 1280]);
  await editor.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText(`${plane.name} is saved.`)).toBeVisible();
  await expect(planeRow).toContainText('40');
  await expect(planeRow).toContainText('1 volume price');

  // A minimum order above the stock asks for a confirmation first.
  const soldRowAll = page.getByRole('row').filter({ hasText: sold.name });
  await soldRowAll.getByRole('button', { name: `Edit ${sold.name}` }).click();
  const soldEditor = page.getByRole('dialog', { name: `Edit ${sold.name}` });
  await soldEditor.getByLabel('Minimum order').fill('20');
  await soldEditor.getByRole('button', { name: 'Save changes' }).click();
  const prompt = soldEditor.getByRole('alert').filter({ hasText: 'Please confirm before saving' });
  await expect(prompt).toContainText('The minimum order (20 units) is above the stock (3 units)');
  await expect(prompt).toBeFocused();
  await checkAtWidths(page, 'admin-tools-confirm', [375, 1280]);
  await prompt.getByRole('button', { name: 'Save it anyway' }).click();
  await expect(page.getByText(`${sold.name} is saved.`)).toBeVisible();

  // The tool page shows the new stock and the break.
  await page.goto(`/tools/${plane._id}`);
  await expect(page.getByTestId('available-quantity')).toHaveText('40 units');
  await expect(page.getByText('25+ units: $9.99 each')).toBeVisible();

  // Deleting warns with the open orders' count.
  await page.goto(`/dashboard/manageproducts?q=${suffix}`);
  await page
    .getByRole('row')
    .filter({ hasText: plane.name })
    .getByRole('button', { name: `Delete ${plane.name}` })
    .click();
  const confirm = page.getByRole('dialog', { name: 'Delete this tool?' });
  await expect(confirm).toContainText(
    '2 open orders contain this tool (1 unpaid, 1 paid and not yet shipped); they keep it',
  );
  await checkAtWidths(page, 'admin-tools-delete', [375, 1280]);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(`${plane.name} is deleted.`)).toBeVisible();
  await expect(page.getByText('1 tool.')).toBeVisible();
  // Its row and button are gone: the keyboard is on the page's title, not its start.
  await expect(page.getByRole('heading', { level: 1, name: 'Manage tools' })).toBeFocused();
  await buyer.dispose();
  await admin.dispose();
});

test('adding a free tool with its part numbers asks for a confirmation, then adds it', async ({
  page,
}) => {
  const suffix = Date.now().toString(36);
  const name = `Free Sample Box ${suffix}`;
  const sku = `FREE-${suffix}`.toUpperCase();
  await page.goto('/dashboard/addproduct');
  await waitForReady(page);
  await page.getByLabel('SKU').fill(sku);
  await page.getByLabel('Brand').fill('Sampleworks');
  // A barcode number whose check digit is wrong is caught before it is sent.
  await page.getByLabel('GTIN / barcode (optional)').fill('4006381333932');
  await page.getByLabel('GTIN / barcode (optional)').blur();
  await expect(page.getByText('The check digit (the last one) does not match')).toBeVisible();
  await page.getByLabel('GTIN / barcode (optional)').fill('4006381333931');
  // The tree, indented by depth: Power tools > Drills > Hammer drills.
  await page
    .getByLabel('Category')
    .selectOption({ label: '\u00a0\u00a0\u00a0\u00a0Hammer drills' });
  await page.getByLabel('Tool name').fill(name);
  await page.getByLabel('Image link').fill('/images/tools/socket-set-94-pieces.svg');
  await page.getByLabel('Description').fill('A box of sample inserts, given away with orders.');
  await page.getByLabel('Quantity in stock').fill('100');
  await page.getByLabel('Minimum order').fill('1');
  await page.getByLabel('Price per unit (USD)').fill('0');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  const prompt = page.getByRole('alert').filter({ hasText: 'Please confirm before saving' });
  await expect(prompt).toContainText('A price of 0 gives the tool away');
  await expect(page.getByLabel('Tool name')).toHaveValue(name);
  await prompt.getByRole('button', { name: 'Add it anyway' }).click();
  await expect(page.getByText(`${name} is added to the catalogue.`)).toBeVisible();
  await expect(prompt).toBeHidden();

  // A free tool sorts first by price in the shared catalogue other journeys read: take it away.
  const admin = await apiAs(DEMO_ADMIN);
  const found = await admin.get(`/api/tools/manage?q=${encodeURIComponent(name)}`);
  const [added] = (await found.json()) as { _id: string }[];
  await page.goto(`/tools/${added?._id}`);
  await expect(page.getByTestId('part-numbers')).toContainText(`SKU${sku}`);
  await expect(page.getByTestId('part-numbers')).toContainText('BrandSampleworks');
  await expect(page.getByTestId('part-numbers')).toContainText('GTIN4006381333931');
  // The category's page, and those above it, list the tool.
  await page.goto('/categories/drills');
  await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
  expect((await admin.delete(`/api/product/${added?._id}`)).ok()).toBe(true);
});

test('paging through the tools by keyboard: where Previous or Next goes away, the keyboard lands on the page’s number', async ({
  page,
}) => {
  await page.goto('/dashboard/manageproducts?page=2');
  await waitForReady(page);
  const pages = page.getByRole('navigation', { name: 'Pages of tools' });
  await pages.getByRole('link', { name: 'Previous' }).press('Enter');
  await expect(page).not.toHaveURL(/page=/);
  await expect(pages.getByRole('link', { name: 'Previous' })).toHaveCount(0);
  await expect(pages.getByRole('link', { name: 'Page 1' })).toBeFocused();

  // The last page, then one back and Next again.
  const last = pages.getByRole('link', { name: /^Page \d+$/ }).last();
  const lastName = (await last.getAttribute('aria-label')) ?? '';
  await last.press('Enter');
  await expect(pages.getByRole('link', { name: lastName })).toHaveAttribute('aria-current', 'page');
  await pages.getByRole('link', { name: 'Previous' }).press('Enter');
  await expect(pages.getByRole('link', { name: lastName })).not.toHaveAttribute(
    'aria-current',
    'page',
  );
  await pages.getByRole('link', { name: 'Next' }).press('Enter');
  await expect(pages.getByRole('link', { name: 'Next' })).toHaveCount(0);
  await expect(pages.getByRole('link', { name: lastName })).toBeFocused();
});
