import type { Locator, Page } from '@playwright/test';
import {
  apiAs,
  createFilterShelf,
  DEMO_ADMIN,
  expect,
  expectAccessible,
  keepScreenshot,
  ORIGIN,
  test,
  waitForReady,
} from './fixtures.ts';
import { readableText } from './served-html.ts';

/**
 * A buyer narrows a category of its own (e2e/fixtures.ts createFilterShelf) by brand and by a
 * specification: the counts follow, the chosen filters show as chips, the address holds them (a
 * reload, or the served HTML, shows the same list), and on a phone they open in a drawer.
 */

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 2, name });
const filters = (page: Page) => page.getByRole('form', { name: 'Filters' });
const chips = (page: Page) => page.getByRole('region', { name: 'Chosen filters' });
/** A filter's checkbox: named by its value, described by the tools it would leave. */
const box = (scope: Locator, name: string) => scope.getByRole('checkbox', { name, exact: true });
async function expectCount(checkbox: Locator, count: string) {
  await expect(checkbox).toHaveAccessibleDescription(count);
}

test('a buyer filters a category by brand and voltage, shares the address, and clears the filters', async ({
  page,
  request,
}) => {
  test.slow();
  const { category, brands, tools } = await createFilterShelf(await apiAs(DEMO_ADMIN));
  await page.goto(`/categories/${category.slug}`);
  await waitForReady(page);
  await expect(page.getByText(`4 tools in ${category.name}`)).toBeVisible();
  const panel = filters(page);
  await expectCount(box(panel, brands.aldine), '2 tools');
  await expectCount(box(panel, '18 V'), '3 tools');

  // A brand: two tools left, and the voltages count among them (the brands still count all).
  await box(panel, brands.aldine).click();
  await expect(box(panel, brands.aldine)).toBeChecked();
  await expect(page).toHaveURL(/[?&]brand=Aldine/);
  await expect(page.getByText(`2 tools in ${category.name}`)).toBeVisible();
  await expectCount(box(panel, '18 V'), '1 tool');
  await expectCount(box(panel, '12 V'), '1 tool');
  await expectCount(box(panel, brands.brightwell), '2 tools');

  // And a voltage: one tool, two chips.
  await box(panel, '18 V').click();
  await expect(box(panel, '18 V')).toBeChecked();
  await expect(page.getByText(`1 tool in ${category.name}`)).toBeVisible();
  await expect(heading(page, tools.aldine18.name)).toBeVisible();
  await expect(heading(page, tools.aldine12.name)).toHaveCount(0);
  await expect(chips(page).getByRole('listitem')).toHaveCount(2);
  await expect(
    chips(page).getByRole('link', { name: `Remove filter Brand: ${brands.aldine}` }),
  ).toBeVisible();
  await expect(
    chips(page).getByRole('link', { name: 'Remove filter Voltage: 18 V' }),
  ).toBeVisible();

  // The address is the list: reloaded, and as served to a browser without script or a crawler.
  const address = new URL(page.url());
  expect(address.searchParams.getAll('brand')).toEqual([brands.aldine]);
  expect(address.searchParams.getAll('spec.voltage')).toEqual(['18']);
  await page.reload();
  await waitForReady(page);
  await expect(page.getByText(`1 tool in ${category.name}`)).toBeVisible();
  await expect(box(panel, '18 V')).toBeChecked();
  await expectCount(box(panel, brands.brightwell), '2 tools');
  await expect(
    chips(page).getByRole('link', { name: 'Remove filter Voltage: 18 V' }),
  ).toBeVisible();
  const served = await request.get(`${address.pathname}${address.search}`);
  expect(served.status()).toBe(200);
  const html = await served.text();
  expect(readableText(html)).toContain(tools.aldine18.name);
  expect(readableText(html)).not.toContain(tools.brightwell18.name);
  expect(html).toContain(`<link rel="canonical" href="${ORIGIN}/categories/${category.slug}"/>`);

  for (const width of [1280, 320]) {
    await page.setViewportSize({ width, height: 900 });
    await expectAccessible(page, `filtered category page at ${width}px`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      width,
    );
    await keepScreenshot(page, `catalogue-filters-${width}`, { fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  // A chip takes its filter away; Clear all takes every one.
  await chips(page).getByRole('link', { name: 'Remove filter Voltage: 18 V' }).click();
  await expect(page.getByText(`2 tools in ${category.name}`)).toBeVisible();
  await chips(page).getByRole('link', { name: 'Clear all' }).click();
  await expect(page.getByText(`4 tools in ${category.name}`)).toBeVisible();
  await expect(chips(page)).toHaveCount(0);
  expect(new URL(page.url()).search).toBe('');
});

test('on a phone the filters open in a drawer that applies them and closes onto the list', async ({
  page,
}) => {
  const { category, brands, tools } = await createFilterShelf(await apiAs(DEMO_ADMIN));
  await page.setViewportSize({ width: 320, height: 800 });
  await page.goto(`/categories/${category.slug}`);
  await waitForReady(page);
  // The sidebar is not shown on a phone: the button opens the same filters.
  await expect(filters(page)).toBeHidden();
  const opener = page.getByRole('button', { name: 'Filters', exact: true });
  await opener.click();
  const drawer = page.getByRole('dialog', { name: 'Filters' });
  await expect(drawer).toBeVisible();
  await box(drawer, brands.brightwell).click();
  await expect(box(drawer, brands.brightwell)).toBeChecked();
  await expectCount(box(drawer, 'Yes'), '1 tool');
  await box(drawer, 'Yes').click();
  await expect(box(drawer, 'Yes')).toBeChecked();
  await expect(drawer.getByRole('button', { name: 'Show 1 tool' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await expectAccessible(page, 'filters drawer at 320px');
  await keepScreenshot(page, 'catalogue-filters-drawer-320');

  // Escape closes it and gives focus back to the button, which counts the filters chosen.
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  const counted = page.getByRole('button', { name: 'Filters (2)' });
  await expect(counted).toBeFocused();
  await counted.click();
  await page
    .getByRole('dialog', { name: 'Filters' })
    .getByRole('button', { name: 'Show 1 tool' })
    .click();
  await expect(page.getByRole('dialog', { name: 'Filters' })).toBeHidden();
  await expect(heading(page, tools.brightwell18.name)).toBeVisible();
  await expect(heading(page, tools.brightwellPro.name)).toHaveCount(0);
  await expect(
    chips(page).getByRole('link', { name: 'Remove filter Keyless chuck: Yes' }),
  ).toBeVisible();
  await expect(page.getByText(`1 tool in ${category.name}`)).toBeVisible();

  // "Clear all" from the keyboard takes every filter and goes with them; focus stays in the
  // drawer, on its title, rather than falling to the page behind it.
  await page.getByRole('button', { name: 'Filters (2)' }).click();
  const clearAll = drawer.getByRole('link', { name: 'Clear all' });
  await clearAll.focus();
  await page.keyboard.press('Enter');
  await expect(clearAll).toHaveCount(0);
  await expect(box(drawer, brands.brightwell)).not.toBeChecked();
  await expect(drawer.getByRole('heading', { name: 'Filters' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(page.getByRole('button', { name: 'Filters', exact: true })).toBeFocused();

  // The open drawer at 1280 px is the sidebar instead.
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(filters(page)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Filters', exact: true })).toBeHidden();
});

test('a price range typed in dollars is asked in cents, and a range that is no range is explained', async ({
  page,
}) => {
  const { category, tools } = await createFilterShelf(await apiAs(DEMO_ADMIN));
  await page.goto(`/categories/${category.slug}`);
  await waitForReady(page);
  const price = filters(page).getByRole('group', { name: 'Price' });
  await price.getByLabel('Lowest (USD)').fill('100');
  await price.getByLabel('Highest (USD)').fill('50');
  await price.getByRole('button', { name: 'Apply Price' }).click();
  await expect(price.getByRole('alert')).toHaveText('Enter at least the lowest price.');
  await price.getByLabel('Highest (USD)').fill('150.50');
  await price.getByLabel('Highest (USD)').press('Enter');
  await expect(page).toHaveURL(/minPrice=10000&maxPrice=15050/);
  await expect(page.getByText(`1 tool in ${category.name}`)).toBeVisible();
  await expect(heading(page, tools.brightwell18.name)).toBeVisible();
  await expect(
    chips(page).getByRole('link', { name: 'Remove filter Price: $100.00–$150.50' }),
  ).toBeVisible();

  // Nothing left: said so, with the way back.
  await page.goto(`/categories/${category.slug}?maxPrice=100`);
  await waitForReady(page);
  await expect(page.getByText('No tool matches these filters')).toBeVisible();
  await page.getByRole('link', { name: 'clear all filters' }).click();
  await expect(page.getByText(`4 tools in ${category.name}`)).toBeVisible();

  // A filter the catalogue does not have (an old or edited address): said in a sentence, a 404.
  const unknown = await page.goto(`/categories/${category.slug}?spec.no-such-thing=1`);
  expect(unknown?.status()).toBe(404);
  await waitForReady(page);
  await expect(page.getByText('We cannot apply these filters')).toBeVisible();
  await page.getByRole('link', { name: 'Clear all filters' }).click();
  await expect(page.getByText(`4 tools in ${category.name}`)).toBeVisible();
});

test('a search that finds nothing in a category offers the catalogue’s spelling and where it finds tools', async ({
  page,
}) => {
  // "drilx" is no word of any name; in Safety gear nothing is like it either.
  await page.goto('/categories/safety-gear?q=drilx');
  const empty = page.getByRole('main');
  await expect(empty.getByText('No tools match “drilx”')).toBeVisible();
  await expect(empty.getByText(/Did you mean/)).toBeVisible();
  const spelled = empty.getByRole('link', { name: 'drill', exact: true });
  await expect(spelled).toHaveAttribute('href', /q=drill\b/);
  const elsewhere = empty.getByRole('link', { name: /^\d+ tools? in / });
  const [, count, name] =
    /^(\d+) tools? in (.+)$/.exec((await elsewhere.textContent()) ?? '') ?? [];
  await elsewhere.click();
  await expect(page).toHaveURL(/\/categories\/[a-z-]+\?q=drill$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name ?? '');
  // The category's list finds as many as the suggestion said.
  await expect(page.getByText(`${count} tools in ${name} matching “drill”`)).toBeVisible();
});
