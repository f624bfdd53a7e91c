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
import { signedIn } from './sessions.ts';

const FIGURES = ['Revenue per day', 'Orders by status', 'Top tools', 'Low stock'];
/** A figure's chart (its legend's icons are small SVGs of their own). */
const CHART = '[aria-hidden="true"] .recharts-wrapper > svg.recharts-surface';

test('an admin opens the dashboard on the overview: each figure a chart and a table, at 1280 and 375 px', async ({
  page,
}) => {
  // A paid order of today and a tool out of stock, so that every figure has something to show.
  const admin = await apiAs(DEMO_ADMIN);
  const buyer = newAccount('Overview Buyer');
  const buyerApi = await apiAs(buyer, { create: true });
  const sold = await createTool(admin, {
    name: `Overview Anvil ${Date.now().toString(36)}`,
    minimumOrder: 1,
    price: 4_999_900,
  });
  const order = await placeOrder(buyerApi, buyer.email, sold, 2);
  await payOrder(buyerApi, order._id);
  const empty = await createTool(admin, {
    name: `A Overview Empty Shelf ${Date.now().toString(36)}`,
    quantity: 0,
    minimumOrder: 1,
    confirm: ['minimum_above_stock'],
  });

  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  await signedIn(page, DEMO_ADMIN);
  await page.goto('/');
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Dashboard' })
    .click();
  await expect(page).toHaveURL(/\/dashboard\/overview$/);
  await expect(page).toHaveTitle('Overview · Toolyard');
  await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
  const menu = page.getByRole('navigation', { name: 'Dashboard' });
  await expect(menu.getByRole('link').first()).toHaveText('Overview');
  await waitForReady(page);

  for (const title of FIGURES) {
    const figure = page.getByRole('region', { name: title, exact: true });
    await expect(figure).toBeVisible();
    // The chart is drawn, and left to the table for screen readers.
    await expect(figure.locator(CHART)).toBeVisible();
    const table = figure.getByRole('table');
    await expect(table).toBeVisible();
    await expect(table.locator('caption')).not.toBeEmpty();
    await expect(table.locator('th[scope="row"]').first()).toBeVisible();
  }
  // Today's payment is counted, and its tool leads the top tools (its revenue beats the demo's).
  const revenue = page.getByRole('region', { name: 'Revenue per day', exact: true });
  const todayRow = revenue.getByRole('row').nth(1);
  await expect(todayRow.getByRole('cell').first()).not.toHaveText('0');
  const top = page.getByRole('region', { name: 'Top tools', exact: true });
  await expect(top.getByRole('row').nth(1)).toContainText(sold.name);
  await expect(top.getByRole('row').nth(1)).toContainText('$99,998.00');
  const low = page.getByRole('region', { name: 'Low stock', exact: true });
  await expect(low.getByRole('row', { name: new RegExp(empty.name) })).toContainText('0');
  // Every status is named on the chart, no name running into another.
  const statusNames = await page
    .getByRole('region', { name: 'Orders by status', exact: true })
    .locator(`${CHART} text.recharts-cartesian-axis-tick-value`)
    .evaluateAll((texts) =>
      texts.map((text) => {
        // A plain object: a DOMRect's sides are getters, which do not leave the page.
        const { left, top, right, bottom } = text.getBoundingClientRect();
        // A long name may take two lines (a tspan each).
        const lines = [...text.querySelectorAll('tspan')].map((line) => line.textContent);
        return { name: lines.join(' '), box: { left, top, right, bottom } };
      }),
    );
  expect(statusNames.map((tick) => tick.name)).toEqual(
    expect.arrayContaining(['Awaiting approval', 'Unpaid', 'On account', 'Paid', 'Shipped']),
  );
  const overlapping = statusNames.flatMap((a, i) =>
    statusNames
      .slice(i + 1)
      .filter(
        (b) =>
          a.box.left < b.box.right &&
          b.box.left < a.box.right &&
          a.box.top < b.box.bottom &&
          b.box.top < a.box.bottom,
      )
      .map((b) => `${a.name} / ${b.name}`),
  );
  expect(overlapping).toEqual([]);
  await keepScreenshot(page, 'overview-1280', { fullPage: true });
  await expectAccessible(page, 'the overview at 1280 px');

  await page.setViewportSize({ width: 375, height: 800 });
  // Charts follow the width; tables keep to their own region: nothing widens the page.
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
    .toBeLessThanOrEqual(375);
  for (const title of FIGURES) {
    const chart = page.getByRole('region', { name: title, exact: true }).locator(CHART);
    await expect.poll(async () => (await chart.boundingBox())?.width ?? 999).toBeLessThan(375);
  }
  await keepScreenshot(page, 'overview-375', { fullPage: true });
  await expectAccessible(page, 'the overview at 375 px');

  const violations = await page.evaluate(
    () => (window as unknown as { cspViolations: string[] }).cspViolations,
  );
  expect(violations).toEqual([]);
});

test('the overview says when its figures cannot be read, and reads them again on request', async ({
  page,
}) => {
  await signedIn(page, DEMO_ADMIN);
  let failing = true;
  await page.route('**/api/overview', (route) =>
    failing
      ? route.fulfill({
          status: 503,
          contentType: 'application/problem+json',
          body: JSON.stringify({
            type: 'about:blank',
            title: 'Service Unavailable',
            status: 503,
            code: 'service_unavailable',
            detail: 'The database is not answering.',
          }),
        })
      : route.continue(),
  );
  await page.goto('/dashboard/overview');
  const alert = page.getByRole('alert').filter({ hasText: 'We could not load the overview' });
  await expect(alert).toBeVisible({ timeout: 60_000 });
  failing = false;
  await alert.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('region', { name: 'Orders by status', exact: true })).toBeVisible();
});

test('a customer who types the overview address is not allowed in', async ({ page }) => {
  const customer = newAccount('Overview Customer');
  await apiAs(customer, { create: true });
  await signedIn(page, customer);
  await page.goto('/dashboard/overview');
  await expect(page.getByRole('heading', { name: /not allowed/i })).toBeVisible();
  const menu = page.getByRole('navigation', { name: 'Dashboard' });
  await expect(menu.getByRole('link', { name: 'Overview' })).toHaveCount(0);
});
