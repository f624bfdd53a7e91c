import {
  apiAs,
  cartLine,
  createTool,
  DEMO_ADMIN,
  expect,
  expectAccessible,
  test,
  waitForReady,
} from './fixtures.ts';
import { readableText } from './served-html.ts';
import { signedIn } from './sessions.ts';

/**
 * A tool sold in packs and capped per order (decision 042): its page says so before any script
 * runs, its quantity picker steps by the pack, and the cart explains a line that breaks a rule.
 */

test('a tool sold in packs: the page explains it, the picker steps by the pack, the cart says what breaks a rule', async ({
  page,
}) => {
  const admin = await apiAs(DEMO_ADMIN);
  const suffix = Date.now().toString(36);
  const screws = await createTool(admin, {
    name: `Pack Wood Screws ${suffix}`,
    minimumOrder: 20,
    orderIncrement: 10,
    maxPerOrder: 60,
    price: 250,
  });

  // As served, before any script: the rules in words, and the picker's bounds and step.
  const served = await (await page.request.get(`/tools/${screws._id}`)).text();
  expect(readableText(served)).toContain('Sold in packs of 10, up to 60 per order');
  const input = served.match(/<input[^>]*id="[^"]*"[^>]*type="number"[^>]*>/)?.[0] ?? '';
  expect(input).toMatch(/min="20"/);
  expect(input).toMatch(/max="60"/);
  expect(input).toMatch(/step="10"/);

  await page.goto(`/tools/${screws._id}`);
  await waitForReady(page);
  const quantity = page.getByLabel('Quantity (units)');
  await expect(quantity).toHaveValue('20');
  const more = page.getByRole('button', { name: '10 more' });
  await more.click();
  await expect(quantity).toHaveValue('30');
  await more.click();
  await more.click();
  await more.click();
  // The most per order stops it.
  await expect(quantity).toHaveValue('60');
  await expect(more).toBeDisabled();
  await page.getByRole('button', { name: '10 fewer' }).click();
  await expect(quantity).toHaveValue('50');

  await quantity.fill('25');
  await expect(
    page.getByText('Sold in packs of 10: order 20 or 30 units of this tool, not 25.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add to cart' })).toBeDisabled();
  await quantity.fill('40');
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Added' })).toContainText('Added 40');
  // Added again: 80, more than one order may have; the cart keeps it and says why.
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('toolyard.cart')))
    .toContain('"quantity":80');

  await page.setViewportSize({ width: 320, height: 700 });
  await page.goto('/cart');
  await waitForReady(page);
  const line = cartLine(page, screws.name);
  await expect(line.getByTestId('line-problem')).toHaveText(
    `One order can have at most 60 units of ${screws.name}; order 60 or fewer.`,
  );
  await expect(line.getByTestId('line-rules')).toHaveText(
    'Sold in packs of 10, up to 60 per order',
  );
  const units = line.getByLabel(/^Units of/);
  await expect(units).toHaveAttribute('step', '10');
  await expect(units).toHaveAttribute('min', '20');
  await expect(units).toHaveAttribute('max', '60');
  // The problem is tied to its field.
  await expect(units).toHaveAttribute('aria-invalid', 'true');
  await units.fill('60');
  await units.press('Enter');
  await expect(line.getByTestId('line-problem')).toHaveCount(0);
  await expect(line.getByTestId('line-total')).toHaveText('$150.00');
  // The keyboard steps by the pack.
  await units.press('ArrowDown');
  await expect(units).toHaveValue('50');
  await units.press('Enter');
  await expect(line.getByTestId('line-total')).toHaveText('$125.00');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await expectAccessible(page, 'a cart line of a tool sold in packs');
});

test('an admin sets a pack and a most per order in the tool form, and is told what does not fit', async ({
  page,
}) => {
  await signedIn(page, DEMO_ADMIN);
  const admin = await apiAs(DEMO_ADMIN);
  const suffix = Date.now().toString(36);
  const anchors = await createTool(admin, { name: `Rule Anchors ${suffix}`, minimumOrder: 20 });

  await page.goto(`/dashboard/manageproducts?q=${suffix}`);
  await waitForReady(page);
  await page.getByRole('button', { name: `Edit ${anchors.name}` }).click();
  const editor = page.getByRole('dialog', { name: `Edit ${anchors.name}` });
  await expect(editor.getByLabel('Sold in packs of')).toHaveValue('1');
  await expect(editor.getByLabel('Most per order')).toHaveValue('');
  await editor.getByLabel('Sold in packs of').fill('10');
  await editor.getByLabel('Most per order').fill('15');
  await editor.getByRole('button', { name: 'Save changes' }).click();
  await expect(editor.getByText('Must be at least the minimum order (20 units).')).toBeVisible();
  await editor.getByLabel('Most per order').fill('60');
  await editor.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText(`${anchors.name} is saved.`)).toBeVisible();
  const saved = await (await admin.get(`/api/purchase/${anchors._id}`)).json();
  expect(saved).toMatchObject({ orderIncrement: 10, maxPerOrder: 60 });
});
