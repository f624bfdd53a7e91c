import { demoTool, expect, newAccount, test, waitForReady, watchConsole } from './fixtures.ts';
import { signedUp } from './sessions.ts';

const SMALLEST = { width: 320, height: 720 };

/** The scripts a page loads, by their address's path. */
function watchScripts(page: import('@playwright/test').Page): string[] {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  return scripts;
}

test('the blog is served as islands: only its header and notices run, and they work', async ({
  page,
}) => {
  // The page the visitor starts from is a 404 (any page of the store's origin would do).
  const problems = watchConsole(page, (text) => text.includes('status of 404'));
  await page.setViewportSize(SMALLEST);
  const tool = await demoTool(page.request, 'HD-13');
  // A visitor's cart is the browser's: the header counts it.
  await page.goto('/no-such-page');
  await waitForReady(page);
  await page.evaluate((line) => localStorage.setItem('toolyard.cart', JSON.stringify([line])), {
    toolId: tool._id,
    quantity: tool.minimumOrder,
  });
  const scripts = watchScripts(page);
  await page.goto('/blog');
  await waitForReady(page);

  // The islands' scripts alone, and no React Router: the rest of the page is the server's HTML.
  expect(scripts.length).toBeGreaterThan(0);
  for (const script of scripts) expect(script).toMatch(/^\/assets\/islands-[\w-]+\.js$/);
  // No other page's part: the home page's carousel, the catalogue's and a tool's page load where
  // they are.
  expect(
    scripts.filter((script) => /islands-(hero-carousel|catalogue-view|tool-page)-/.test(script)),
  ).toEqual([]);
  expect(await page.evaluate(() => '__reactRouterContext' in window)).toBe(false);
  await expect(page.getByTestId('cart-count')).toHaveText('1 tool');

  // The menu at 320 px: opens, closes on Escape with focus back on its button.
  const button = page.getByRole('button', { name: 'Menu' });
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await button.click();
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Blog' })).toHaveAttribute('aria-current', 'page');
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(button).toBeFocused();

  // A link is a page load; the next page is the app's.
  await button.click();
  await menu.getByRole('link', { name: 'Quick order' }).click();
  await expect(page).toHaveURL(/\/quick-order$/);
  await waitForReady(page);
  expect(await page.evaluate(() => '__reactRouterContext' in window)).toBe(true);
  await expect(page.getByTestId('cart-count')).toHaveText('1 tool');
  expect(problems).toEqual([]);
});

test('moving to the blog within the app renders it there, without the islands', async ({
  page,
}) => {
  await page.goto('/quick-order');
  await waitForReady(page);
  expect(await page.evaluate(() => '__reactRouterContext' in window)).toBe(true);
  const scripts = watchScripts(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Blog' }).click();
  await expect(page).toHaveURL(/\/blog$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Notes from the workshop');
  await waitForReady(page);
  expect(scripts.filter((path) => path.includes('/islands-'))).toEqual([]);
});

test("moving to a tool's page within the app asks for the tool and the names of its specifications at once", async ({
  page,
}) => {
  const drill = await demoTool(page.request, 'HD-13');
  // Within the app: from quick order to the catalogue, and from its list to the tool.
  await page.goto('/quick-order');
  await waitForReady(page);
  expect(await page.evaluate(() => '__reactRouterContext' in window)).toBe(true);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Tools' }).click();
  await expect(page).toHaveURL(/\/tools$/);
  await page.getByRole('searchbox', { name: 'Search tools' }).fill(drill.sku);
  await page.getByRole('searchbox', { name: 'Search tools' }).press('Enter');
  const card = page.getByRole('link', { name: drill.name, exact: true });
  await expect(card).toBeVisible();

  // The tool's answer is held back for a second; the category tree (which names its
  // specifications) is asked for meanwhile, not once the tool has arrived.
  let isToolSent = false;
  const treeAsked: string[] = [];
  // A tool is read at GET /api/purchase/:id (the original API).
  await page.route(`**/api/purchase/${drill._id}`, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await route.continue();
    isToolSent = true;
  });
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/categories')
      treeAsked.push(isToolSent ? 'after the tool' : 'with the tool');
  });
  await card.click();
  await expect(page).toHaveURL(new RegExp(`/tools/${drill._id}$`));
  await expect(page.getByRole('rowheader', { name: 'Chuck size' })).toBeVisible();
  expect(isToolSent).toBe(true);
  expect(treeAsked).toEqual(['with the tool']);
});

test('a customer on the blog sees their account, and signs out to the home page', async ({
  page,
}) => {
  const problems = watchConsole(page);
  const customer = newAccount('Island Reader');
  await signedUp(page, customer);
  await page.goto('/blog');
  await waitForReady(page);
  const header = page.getByRole('banner');
  await expect(header.getByTestId('user-name').first()).toHaveText(customer.name);
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }),
  ).toBeVisible();

  await header.getByRole('button', { name: 'Sign out' }).first().click();
  await expect(page).toHaveURL(/\/$/);
  // The notice said on the blog shows on the page it moved to.
  await expect(page.getByRole('status').filter({ hasText: 'You are signed out.' })).toBeVisible();
  await waitForReady(page);
  await expect(page.getByRole('link', { name: 'Login' }).first()).toBeVisible();
  expect(problems).toEqual([]);
});

test("a tool's page is one island: choosing, adding to the cart and comparing work, and the header counts what was added", async ({
  page,
}) => {
  const problems = watchConsole(page);
  await page.setViewportSize(SMALLEST);
  const tool = await demoTool(page.request, 'HD-13');
  const scripts = watchScripts(page);
  await page.goto(`/tools/${tool._id}`);
  await waitForReady(page);

  // The islands' script and the page's part, and no React Router.
  expect(scripts.length).toBeGreaterThan(0);
  for (const script of scripts) expect(script).toMatch(/^\/assets\/islands-[\w-]+\.js$/);
  expect(await page.evaluate(() => '__reactRouterContext' in window)).toBe(false);

  const quantity = page.getByLabel('Quantity (units)');
  await expect(quantity).toHaveValue(String(tool.minimumOrder));
  await quantity.fill('0');
  await expect(page.getByText('Enter a whole number of units.')).toBeVisible();
  await expect(quantity).toHaveAttribute('aria-invalid', 'true');
  await quantity.fill(String(tool.minimumOrder));
  await page.getByRole('button', { name: 'Add to cart' }).click();
  const units = tool.minimumOrder.toLocaleString('en-US');
  const added = page.getByRole('status').filter({ hasText: 'Added' });
  await expect(added).toHaveText(`Added ${units} × ${tool.name} to your cart. View cart`);
  // The message describes the button it answers (one set of ids, the island's).
  const describedBy = await page
    .getByRole('button', { name: 'Add to cart' })
    .getAttribute('aria-describedby');
  expect(describedBy).toBe(await added.getAttribute('id'));
  await expect(page.getByTestId('cart-count')).toHaveText('1 tool');

  await page.getByRole('button', { name: 'Add to compare' }).click();
  await expect(page.getByRole('button', { name: 'Remove from compare' })).toBeVisible();
  await expect(page.getByText('Pick one more tool to compare.')).toBeVisible();

  await added.getByRole('link', { name: 'View cart' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await waitForReady(page);
  await expect(page.getByRole('heading', { name: tool.name })).toBeVisible();
  expect(problems).toEqual([]);
});

test('the catalogue is three islands: its sort, pages and filters change the list on the page, and back goes back', async ({
  page,
}) => {
  const problems = watchConsole(page);
  await page.goto('/tools');
  await waitForReady(page);
  expect(await page.evaluate(() => '__reactRouterContext' in window)).toBe(false);
  // The search, the filters and the list, each hydrated on its own (decision 081): what one
  // changes, the others show.
  await expect(page.locator('[data-island^="catalogue-"]')).toHaveCount(3);
  // A mark on the page's window: it stays while the page does.
  await page.evaluate(() => Object.assign(window, { samePage: true }));
  const stillHere = () => page.evaluate(() => 'samePage' in window);

  await page.getByLabel('Sort by').selectOption('price_asc');
  await expect(page).toHaveURL(/[?&]sort=price_asc/);
  await waitForReady(page);
  await expect(page.getByText(/Showing 1–12 of \d+ tools/)).toBeVisible();
  expect(await stillHere()).toBe(true);

  await page.getByRole('link', { name: 'Page 2', exact: true }).click();
  await expect(page).toHaveURL(/[?&]page=2/);
  await expect(page.getByText(/Showing 13–\d+ of \d+ tools/)).toBeVisible();
  expect(await stillHere()).toBe(true);

  await page.goBack();
  await expect(page).not.toHaveURL(/page=2/);
  await expect(page.getByText(/Showing 1–12 of \d+ tools/)).toBeVisible();
  await expect(page.getByLabel('Sort by')).toHaveValue('price_asc');
  expect(await stillHere()).toBe(true);

  // The whole catalogue offers specifications once narrowed (its page carries none of their
  // values: decision 080); a search on the page offers them.
  const hint = page.getByText('Choose a category, or search, to filter by specifications').first();
  await expect(hint).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search tools' }).fill('drill');
  await page.getByRole('searchbox', { name: 'Search tools' }).press('Enter');
  await expect(page).toHaveURL(/[?&]q=drill/);
  await expect(page.getByRole('group', { name: 'Voltage' }).first()).toBeVisible();
  await expect(hint).toBeHidden();
  expect(await stillHere()).toBe(true);

  // Another page is a page load.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Blog' }).click();
  await expect(page).toHaveURL(/\/blog$/);
  expect(await stillHere()).toBe(false);
  expect(problems).toEqual([]);
});

test('leaving an island page waits for the change to the cart being saved', async ({ page }) => {
  const customer = newAccount('Island Leaver');
  await signedUp(page, customer);
  const tool = await demoTool(page.request, 'HD-13');
  await page.goto(`/tools/${tool._id}`);
  await waitForReady(page);
  // The store is slow to save the cart: the answer comes a second after the request.
  await page.route('**/api/cart', async (route) => {
    if (route.request().method() !== 'PUT') return route.fallback();
    console.log('HELD', route.request().url());
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await route.fallback();
  });
  await page.getByRole('button', { name: 'Add to cart' }).click();
  // At once, before the store has answered: the header's way to the cart.
  await page.getByRole('banner').getByRole('link', { name: /Cart/ }).first().click();
  await expect(page).toHaveURL(/\/cart$/);
  await waitForReady(page);
  await expect(page.getByRole('heading', { name: tool.name })).toBeVisible();
});

test('an island page carries only its own styles, draws exactly as with the whole stylesheet, and asks for the whole once painted', async ({
  browser,
  page,
  baseURL,
}) => {
  const tool = await demoTool(page.request, 'HD-13');
  const pages = [
    '/',
    '/blog',
    '/tools',
    '/categories/power-tools?inStock=true&maxPrice=50000',
    `/tools/${tool._id}`,
  ];
  for (const path of pages) {
    // One copy of the page for every draw: journeys beside this one change the catalogue.
    const html = await (await page.request.get(path)).text();
    const whole = /<noscript><link rel="stylesheet" href="([^"]+)"/.exec(html)?.[1];
    expect(whole, path).toMatch(/^\/assets\/app-[\w-]+\.css$/);
    const wholeCss = await (await page.request.get(whole ?? '')).text();
    const ownCss = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? '';
    expect(ownCss.length, path).toBeLessThan(wholeCss.length * 0.7);
    for (const viewport of [SMALLEST, { width: 1280, height: 900 }]) {
      const draws: Buffer[] = [];
      // Without script, the page's own styles alone (the whole stylesheet refused), then with it.
      for (const refuseWhole of [true, false]) {
        const context = await browser.newContext({ baseURL, javaScriptEnabled: false, viewport });
        const drawn = await context.newPage();
        await drawn.route(new URL(path, baseURL).href, (route) =>
          route.fulfill({ contentType: 'text/html; charset=utf-8', body: html }),
        );
        if (refuseWhole) await drawn.route(`**${whole}`, (route) => route.abort());
        await drawn.goto(path, { waitUntil: 'load' });
        draws.push(await drawn.screenshot({ fullPage: true, animations: 'disabled' }));
        await context.close();
      }
      expect(draws[0]?.equals(draws[1] ?? Buffer.alloc(0)), `${path} at ${viewport.width} px`).toBe(
        true,
      );
    }
  }

  // With script, the whole stylesheet is asked for once the page has painted, and the islands
  // start only once it has arrived (what they draw may need its other rules).
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/app-[\w-]+\.css$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.setViewportSize(SMALLEST);
  const scriptArrived = page.waitForResponse(/\/assets\/islands-[\w-]+\.js$/);
  await page.goto('/blog');
  await scriptArrived;
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 300)));
  const menu = page.getByRole('button', { name: 'Menu' });
  await expect(menu).toBeDisabled();
  release();
  await expect(menu).toBeEnabled();
  await expect(page.locator('head link[rel="stylesheet"][data-whole-styles]')).toHaveCount(1);
});

test('words typed in the catalogue’s search before its script ran are searched for once it runs', async ({
  page,
}) => {
  const problems = watchConsole(page);
  // The catalogue's own part arrives late: the visitor types in the server's HTML meanwhile.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/islands-catalogue-view-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/tools');
  await page.getByRole('searchbox', { name: 'Search tools' }).fill('claw hammer');
  await expect(page).not.toHaveURL(/q=/);
  release();
  await expect(page).toHaveURL(/q=claw(\+|%20)hammer/);
  await expect(page.getByText(/matching “claw hammer”/)).toBeVisible();
  await expect(
    page.getByRole('heading', { name: '450 g Claw Hammer, fiberglass handle' }),
  ).toBeVisible();
  expect(problems).toEqual([]);
});
