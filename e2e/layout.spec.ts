import {
  apiAs,
  boxOf,
  createTool,
  DEMO_ADMIN,
  demoTool,
  expect,
  newAccount,
  placeOrder,
  test,
  waitForReady,
} from './fixtures.ts';
import { signedIn, signedUp } from './sessions.ts';

/**
 * Where things sit and stay: notifications clear of what the page shows, table columns that keep
 * their place, and the small finish of lists, cards and admin tables.
 */

for (const viewport of [
  { width: 375, height: 812 },
  { width: 1280, height: 900 },
]) {
  test(`notifications stay clear of what the page shows (${viewport.width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    const customer = newAccount('Toast');
    const api = await apiAs(customer, { create: true });
    await api.dispose();
    const tool = await demoTool(page.request, 'CH-450');

    // Sent to sign in on the way to buying; back on the purchase page with a welcome. The page's
    // clock stops once it shows, so the welcome stays for every check.
    await page.clock.install();
    await page.goto(`/purchase/${tool._id}`);
    await page.getByLabel('Email').fill(customer.email);
    await page.getByLabel('Password').fill(customer.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    const toast = page.getByRole('region', { name: 'Notifications' }).getByRole('listitem');
    await expect(toast).toContainText('Welcome back');
    await page.clock.pauseAt(Date.now() + 2000);
    // The page's data may come in after the pause, and the query cache hands it to the page on a
    // zero-delay timer: the paused clock moves on in small steps, far short of the welcome's
    // five seconds, until the page shows.
    const quantity = page.getByLabel('Quantity (units)');
    await expect(async () => {
      await page.clock.runFor(10);
      await expect(quantity).toBeVisible({ timeout: 100 });
    }).toPass({ timeout: 10_000 });
    await expect(toast).toContainText('Welcome back');

    // A live region around a plain list (a list keeps its own role).
    const live = page.getByRole('region', { name: 'Notifications' }).getByRole('status');
    await expect(live.getByRole('list')).toHaveCount(1);

    // They sit over the site header, not over the page: nothing of <main> is under them, the
    // order total included.
    const toastBox = await boxOf(toast);
    expect(toastBox.y + toastBox.height).toBeLessThanOrEqual(
      (await boxOf(page.getByRole('main'))).y,
    );
    const totalBox = await boxOf(page.getByTestId('order-total'));
    const overlaps = (a: typeof toastBox, b: typeof toastBox) =>
      a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
    expect(overlaps(toastBox, totalBox)).toBe(false);

    // Scrolled down, whatever is brought into view lands below them (the page's top scroll padding).
    await quantity.evaluate((element) =>
      element.scrollIntoView({ block: 'start', behavior: 'instant' }),
    );
    const nowToast = await boxOf(toast);
    expect((await boxOf(quantity)).y).toBeGreaterThanOrEqual(nowToast.y + nowToast.height);
  });
}

test('polish: pagination, sort, card labels, admin tables and pages where trying again cannot help', async ({
  page,
}) => {
  await page.goto('/tools');
  await waitForReady(page);
  await expect(page.getByRole('link', { name: 'Next' })).toHaveCSS('column-gap', '6px');
  await expect(page.getByLabel('Sort by').locator('option').first()).toHaveText('Newest first');
  await expect(page.getByRole('article').first().getByText('In stock')).toBeVisible();

  await signedIn(page, DEMO_ADMIN);
  const admin = await apiAs(DEMO_ADMIN);
  const broken = await createTool(admin, { img: '/images/tools/no-such-picture.png' });
  await page.goto(`/dashboard/manageproducts?q=${broken._id}`);
  await waitForReady(page);
  const row = page.getByRole('row').filter({ hasText: broken.name });
  // A broken picture shows the placeholder, as everywhere else.
  await expect(row.locator('img')).toHaveAttribute('src', /\/images\/tool-placeholder\.svg$/);
  const id = row.locator('code');
  await expect(id).toHaveText(broken._id);
  await expect(id).toHaveCSS('white-space', 'nowrap');
  // Out of the catalogue again: as the newest tool, its missing picture would show on the home
  // page of journeys running beside this one (a 404 in their console).
  expect((await admin.delete(`/api/product/${broken._id}`)).ok()).toBe(true);
  await admin.dispose();

  await page.goto('/dashboard/makeadmin');
  await waitForReady(page);
  const email = page.getByRole('cell', { name: DEMO_ADMIN.email });
  await expect(email.locator('span').first()).not.toHaveCSS('word-break', 'break-all');

  // A tool that does not exist: no "Try again", as asking again cannot help.
  await page.goto('/purchase/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('alert')).toContainText('does not exist');
  await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
});

test("my orders' columns stay put when the last action goes", async ({ page }) => {
  const customer = newAccount('Columns');
  await signedUp(page, customer);
  const admin = await apiAs(DEMO_ADMIN);
  const tool = await createTool(admin, { quantity: 500, minimumOrder: 5 });
  await admin.dispose();
  await placeOrder(page.request, customer.email, tool, 5);

  await page.goto('/dashboard/myorder');
  await waitForReady(page);
  // The status column keeps its place and the actions column its width.
  const status = page.getByRole('columnheader', { name: 'Status' });
  const actions = page.getByRole('columnheader', { name: 'Actions' });
  const before = { status: await boxOf(status), actions: await boxOf(actions) };
  await page.getByRole('button', { name: `Cancel order for ${tool.name}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel order' }).click();
  await expect(page.getByRole('row').filter({ hasText: tool.name })).toContainText('Cancelled');
  const after = { status: await boxOf(status), actions: await boxOf(actions) };
  // The same width, give or take the table's sub-pixel rounding.
  expect(Math.abs(after.actions.width - before.actions.width)).toBeLessThan(1);
  expect(Math.abs(after.status.x - before.status.x)).toBeLessThan(4);
});
