import type { SavedListSummary } from '../contract/saved-lists.ts';
import {
  addFromToolPage,
  apiAs,
  boxOf,
  cartLine,
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

/** Saved lists: saved from a tool page and the cart, then the whole list put in the cart. */

test('saved list to cart: saved from tool pages and the cart, put in the cart with each line explained', async ({
  page,
}) => {
  const admin = await apiAs(DEMO_ADMIN);
  const suffix = Date.now().toString(36);
  const plenty = await createTool(admin, {
    name: `List Saw ${suffix}`,
    minimumOrder: 1,
    quantity: 100,
  });
  const short = await createTool(admin, {
    name: `List Level ${suffix}`,
    minimumOrder: 1,
    quantity: 3,
  });
  const gone = await createTool(admin, {
    name: `List Gauge ${suffix}`,
    minimumOrder: 1,
    quantity: 50,
  });
  const customer = newAccount('Lise List');
  await signedUp(page, customer);

  // From a tool page, into a new list; then another tool into the same list.
  await page.goto(`/tools/${plenty._id}`);
  await waitForReady(page);
  await page.getByLabel('Quantity (units)').fill('4');
  await page.getByRole('button', { name: 'Save to list' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save this tool to a list' });
  await expect(dialog.getByLabel('List', { exact: true })).toHaveValue('new');
  await dialog.getByLabel('Name of the new list').fill('Site kit');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved to Site kit.')).toBeVisible();
  for (const [tool, units] of [
    [short, '3'],
    [gone, '2'],
  ] as const) {
    await page.goto(`/tools/${tool._id}`);
    await waitForReady(page);
    await page.getByLabel('Quantity (units)').fill(units);
    await page.getByRole('button', { name: 'Save to list' }).click();
    await expect(dialog.getByLabel('List', { exact: true })).toHaveValue(/[0-9a-f-]{36}/);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toHaveCount(0);
  }
  // The gauge leaves the catalogue after it was saved.
  expect((await admin.delete(`/api/product/${gone._id}`)).ok()).toBe(true);

  await page.goto('/dashboard/lists');
  await waitForReady(page);
  await page.getByRole('link', { name: 'Site kit' }).click();
  await waitForReady(page);
  const lines = page.getByRole('list', { name: 'Tools on the list' }).getByRole('listitem');
  await expect(lines).toHaveCount(3);
  await expect(lines.filter({ hasText: gone.name })).toContainText('no longer sold');
  // More levels than the store has: the list may say so, the cart will explain it.
  await page.getByLabel(`Units of ${short.name}`).fill('10');
  await page.getByRole('button', { name: 'Save quantities' }).click();
  await expect(page.getByText('The list is saved.')).toBeVisible();
  await expectAccessible(page, 'a saved list');
  await keepScreenshot(page, 'saved-list-1280', { fullPage: true });

  await page.getByRole('button', { name: 'Put the whole list in the cart' }).click();
  const report = page.getByRole('status').filter({ hasText: 'The list is in your cart' });
  await expect(report).toContainText(`${plenty.name}: 4 added`);
  await expect(report).toContainText(`${short.name}: 10 added`);
  await expect(report).toContainText(`${gone.name}: not added, no longer sold`);
  await keepScreenshot(page, 'saved-list-to-cart-1280', { fullPage: true });
  await report.getByRole('link', { name: 'View cart' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await waitForReady(page);
  await expect(cartLine(page, short.name).getByTestId('line-problem')).toHaveText(
    `Only 3 units of ${short.name} are in stock; order at most that.`,
  );

  // The whole cart into a new list.
  await addFromToolPage(page, plenty, 1);
  await page.goto('/cart');
  await waitForReady(page);
  await page.getByRole('button', { name: 'Save to list' }).click();
  const cartDialog = page.getByRole('dialog', { name: 'Save your cart to a list' });
  await cartDialog.getByLabel('List', { exact: true }).selectOption('new');
  await cartDialog.getByLabel('Name of the new list').fill('Cart copy');
  await cartDialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved to Cart copy.')).toBeVisible();
  const saved = (await (await page.request.get('/api/lists')).json()) as SavedListSummary[];
  expect(saved.map((list) => [list.name, list.lineCount])).toEqual([
    ['Cart copy', 2],
    ['Site kit', 3],
  ]);

  await page.setViewportSize({ width: 320, height: 800 });
  await page.goto('/dashboard/lists');
  await waitForReady(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await keepScreenshot(page, 'saved-lists-320', { fullPage: true });
});

test("a saved list's page fits a phone and writes stock as the cart does", async ({ page }) => {
  const admin = await apiAs(DEMO_ADMIN);
  const tool = await createTool(admin, {
    name: `List Drill ${Date.now().toString(36)}`,
    minimumOrder: 1,
    quantity: 12_000,
  });
  await admin.dispose();
  const customer = newAccount('Nell Narrow');
  await signedUp(page, customer);
  const created = await page.request.post('/api/lists', { data: { name: 'Depot restock' } });
  expect(created.ok(), await created.text()).toBe(true);
  const { _id } = (await created.json()) as SavedListSummary;
  const lines = await page.request.put(`/api/lists/${_id}/lines`, {
    data: { lines: [{ toolId: tool._id, quantity: 20 }] },
  });
  expect(lines.ok(), await lines.text()).toBe(true);

  await page.setViewportSize({ width: 320, height: 800 });
  await page.goto(`/dashboard/lists/${_id}`);
  await waitForReady(page);
  await expect(
    page.getByRole('list', { name: 'Tools on the list' }).getByRole('listitem'),
  ).toContainText('12,000 in stock');
  const toCart = await boxOf(page.getByRole('button', { name: 'Put the whole list in the cart' }));
  expect(toCart.x + toCart.width).toBeLessThanOrEqual(320);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
});

test("with the keyboard, removing a tool from a saved list lands on the list's title, not the page's start", async ({
  page,
}) => {
  const admin = await apiAs(DEMO_ADMIN);
  const suffix = Date.now().toString(36);
  const gone = await createTool(admin, { name: `Dropped Saw ${suffix}`, minimumOrder: 1 });
  const kept = await createTool(admin, { name: `Kept Level ${suffix}`, minimumOrder: 1 });
  await admin.dispose();
  await signedUp(page, newAccount('Lou Lister'));
  const created = await page.request.post('/api/lists', { data: { name: 'Van kit' } });
  expect(created.ok(), await created.text()).toBe(true);
  const { _id } = (await created.json()) as SavedListSummary;
  const lines = await page.request.put(`/api/lists/${_id}/lines`, {
    data: {
      lines: [
        { toolId: gone._id, quantity: 2 },
        { toolId: kept._id, quantity: 3 },
      ],
    },
  });
  expect(lines.ok(), await lines.text()).toBe(true);

  await page.goto(`/dashboard/lists/${_id}`);
  await waitForReady(page);
  const remove = page.getByRole('button', { name: `Remove ${gone.name}` });
  await remove.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('The list is saved.')).toBeVisible();
  await expect(remove).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: 'Van kit' })).toBeFocused();
});
