import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import {
  apiAs,
  createFilterShelf,
  createTool,
  DEMO_ADMIN,
  expect,
  newAccount,
  ORIGIN,
  placeOrder,
  test,
} from './fixtures.ts';

/**
 * The main journeys again in a second browser engine: Debian's Firefox ESR, driven over WebDriver
 * BiDi by puppeteer-core (Playwright's own Firefox cannot be downloaded here). e2e/run.ts finds
 * Firefox (e2e/find-firefox.ts) and passes it in E2E_FIREFOX_PATH.
 */
const executablePath = process.env.E2E_FIREFOX_PATH ?? '/usr/bin/firefox-esr';

let browser: Browser;
test.beforeAll(async () => {
  browser = await puppeteer.launch({ browser: 'firefox', executablePath, headless: true });
});
test.afterAll(async () => {
  await browser?.close();
});

/**
 * How long a step waits for the page: a limit for a stuck page, not a speed requirement. Twice the
 * Chromium journeys' 15 s: over WebDriver BiDi every ARIA query is a round trip from the page to
 * this process and back to Firefox, once a frame, and at a load average of 9 to 10 on two cores
 * (two journeys, the store and PostgreSQL, with other work beside them) one wait for My orders
 * passed 15 s where the rest of the run passed.
 */
const WAIT_MS = 30_000;

/** A new private window, with every script error and failed request kept for the end. */
async function newPage(): Promise<{ page: Page; problems: string[] }> {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  page.setDefaultTimeout(WAIT_MS);
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(String(error)));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  return { page, problems };
}

/** The text of the first element an ARIA or CSS selector finds, once it is there. */
async function textOf(page: Page, selector: string): Promise<string> {
  const element = await page.waitForSelector(selector);
  return ((await element?.evaluate((node) => node.textContent ?? '')) ?? '').trim();
}

/**
 * Waits until React has taken the page over (web/lib/page-activity.tsx puts `data-busy` on
 * `<html>` from then on): the server's HTML takes keys and clicks before, and loses them.
 */
async function hydrated(page: Page): Promise<void> {
  await until(
    async () => (await page.evaluate(() => 'busy' in document.documentElement.dataset)) === true,
    'the page to be taken over by its script',
  );
}

/*
 * Element handles rather than puppeteer's locators: over BiDi, Firefox never reports the stable
 * box a locator's actions wait for. Puppeteer clicks a disabled button without a word, so this
 * waits for the button to be on, as Playwright's click does (a button is off in the server's HTML
 * until the page is hydrated, and "Add to cart" until the cart is known).
 */
async function click(page: Page, selector: string): Promise<void> {
  await hydrated(page);
  let element = await page.waitForSelector(selector, { visible: true });
  await until(async () => {
    element = await page.waitForSelector(selector, { visible: true });
    return (
      (await element?.evaluate(
        (node) => !(node as HTMLButtonElement).disabled && node.ariaDisabled !== 'true',
      )) ?? false
    );
  }, `${selector} to be enabled`);
  await element?.click();
}

/**
 * Waits, polling from here: puppeteer's waitForFunction evaluates a new Function() in the page,
 * which the store's Content-Security-Policy rightly refuses.
 */
async function until(condition: () => boolean | Promise<boolean>, what: string): Promise<void> {
  await expect.poll(condition, { timeout: WAIT_MS, message: `waiting for ${what}` }).toBe(true);
}

/** Where the page is now (puppeteer's page.url() misses the app's own history changes in Firefox). */
const hrefOf = (page: Page) => page.evaluate(() => window.location.href);
const pathOf = async (page: Page) => new URL(await hrefOf(page)).pathname;

/** Replaces a field's text, keystroke by keystroke, as a person would. */
async function fill(page: Page, selector: string, text: string): Promise<void> {
  await hydrated(page);
  const element = await page.waitForSelector(selector, { visible: true });
  await element?.click({ count: 3 });
  await page.keyboard.press('Backspace');
  await element?.type(text);
}

const field = (label: string) => `::-p-aria(${label.replace(/[()]/g, '\\$&')})`;

test('Firefox: a visitor browses the server-rendered store and the catalogue search', async () => {
  const { page, problems } = await newPage();
  const response = await page.goto(`${ORIGIN}/`);
  expect(response?.status()).toBe(200);
  expect(await textOf(page, 'h1')).toBe('Tools built for the job, shipped by the pallet.');

  await page.goto(`${ORIGIN}/tools`);
  // Plurals too: "kits" finds the kit, first among the catalogue's drills.
  await fill(page, field('Search tools'), 'hammer drill kits');
  await until(async () => (await hrefOf(page)).includes('kits'), 'the search in the address');
  // The catalogue is served as islands: a tool's page is a page load from there.
  await Promise.all([
    page.waitForNavigation(),
    click(page, '::-p-aria([name="13 mm Hammer Drill Kit, 120 pieces"][role="link"])'),
  ]);
  await until(
    async () => (await textOf(page, 'h1')) === '13 mm Hammer Drill Kit, 120 pieces',
    'the tool page',
  );
  expect(await pathOf(page)).toMatch(/^\/tools\/[\w-]+$/);
  expect(await textOf(page, '[data-testid="buy-total"]')).toBe('$1,098.00');

  const missing = await page.goto(`${ORIGIN}/no-such-page`);
  expect(missing?.status()).toBe(404);
  expect(await textOf(page, 'h1')).toBe('Page not found');
  await page.close();
  // The 404 page's own status is the one failed load the browser reports.
  expect(problems.filter((problem) => !problem.includes('404'))).toEqual([]);
});

test('Firefox: a visitor browses into a category, filters it by brand and voltage, and adds the tool left to the cart', async () => {
  const { category, brands, tools } = await createFilterShelf(await apiAs(DEMO_ADMIN));
  const { page, problems } = await newPage();
  await page.setViewport({ width: 1280, height: 900 });
  const summary = (count: string) => `::-p-text(${count} in ${category.name})`;
  // Until the page's script has taken over, the form offers "Apply filters" instead.
  const isLive = async () =>
    !(await page.$$eval('button', (buttons) =>
      buttons.some((button) => button.textContent === 'Apply filters'),
    ));

  await page.goto(`${ORIGIN}/tools`);
  // From the catalogue (islands) a category's page is a page load.
  await Promise.all([
    page.waitForNavigation(),
    click(page, `nav a[href^="/categories/${category.slug}"]`),
  ]);
  await until(async () => (await pathOf(page)) === `/categories/${category.slug}`, 'the category');
  await textOf(page, summary('4 tools'));
  await until(isLive, 'the filters to come alive');

  await click(page, `aside input[name="brand"][value="${brands.aldine}"]`);
  await until(
    async () => (await hrefOf(page)).includes('brand=Aldine'),
    'the brand in the address',
  );
  await textOf(page, summary('2 tools'));
  await click(page, 'aside input[name="spec.voltage"][value="18"]');
  await until(async () => (await hrefOf(page)).includes('spec.voltage=18'), 'the voltage');
  await textOf(page, summary('1 tool'));
  expect(await textOf(page, 'section[aria-label="Chosen filters"]')).toContain('Voltage: 18 V');

  const tool = tools.aldine18;
  await click(page, `::-p-aria([name="Add to cart: ${tool.name}, 10 units"][role="button"])`);
  await textOf(page, `::-p-text(Added 10 × ${tool.name} to your cart.)`);
  await page.goto(`${ORIGIN}/cart`);
  await until(
    async () => (await textOf(page, '[data-testid="cart-total"]')) === '$500.00',
    'the cart total',
  );
  await page.close();
  expect(problems).toEqual([]);
});

test('Firefox: a customer signs in from a tool page, orders, pays by card and opens the order', async () => {
  const admin = await apiAs(DEMO_ADMIN);
  const tool = await createTool(admin, { minimumOrder: 20, price: 1250, quantity: 400 });
  const customer = newAccount('Fiona Firefox');
  await apiAs(customer, { create: true });
  const { page, problems } = await newPage();

  // The tool's page: choose 24 units, then Buy now asks for a sign-in.
  await page.goto(`${ORIGIN}/tools/${tool._id}`);
  await fill(page, field('Quantity (units)'), '24');
  expect(await textOf(page, '[data-testid="buy-total"]')).toBe('$300.00');
  await click(page, '::-p-aria([name="Buy now"][role="link"])');
  await until(async () => (await pathOf(page)) === '/login', 'the sign-in page');
  await fill(page, field('Email'), customer.email);
  await fill(page, field('Password'), customer.password);
  await click(page, '::-p-aria([name="Sign in"][role="button"])');

  // Back on the purchase form with the quantity chosen: order.
  await until(async () => (await pathOf(page)).startsWith('/purchase/'), 'the purchase page');
  await until(
    async () => (await textOf(page, '[data-testid="order-total"]')) === '$300.00',
    'the order total',
  );
  await fill(page, field('Phone'), '+1 555 010 3000');
  await fill(page, field('Delivery address'), '7 Fox Lane, Springfield');
  await click(page, '::-p-aria([name="Proceed to order"][role="button"])');
  expect(await textOf(page, '::-p-text(Your order is placed)')).toBe('Your order is placed');

  // Pay now: the test card pays.
  await click(page, '::-p-aria([name="Pay now"][role="link"])');
  await until(
    async () => (await pathOf(page)).startsWith('/dashboard/payment/'),
    'the payment page',
  );
  await fill(page, field('Card number'), '4242 4242 4242 4242');
  await fill(page, field('Expiry (MM/YY)'), '12/39');
  await fill(page, field('CVC'), '123');
  await fill(page, field('Name on card'), 'Fiona Firefox');
  await click(page, '::-p-aria([name="Pay $300.00"][role="button"])');
  expect(await textOf(page, '::-p-text(Payment received)')).toBe('Payment received. Thank you!');

  // On to the order's page: its number as the heading, paid in the timeline, the invoice.
  const number = (await textOf(page, '[data-testid="order-number"]')).trim();
  await click(page, `::-p-aria([name="View order ${number}"][role="link"])`);
  await until(async () => (await textOf(page, 'h1')) === `Order ${number}`, 'the order page');
  expect(await pathOf(page)).toMatch(/^\/dashboard\/orders\/[\w-]+$/);
  expect(await textOf(page, '[data-testid="timeline-paid"]')).toContain('Paid');
  expect(await textOf(page, '[data-testid="order-total"]')).toBe('$300.00');
  await page.waitForSelector('::-p-aria([name="Download invoice (PDF)"][role="link"])');

  // The store agrees: the order is paid.
  const orders = (await (
    await apiAs(customer)
  )
    .get(`/api/user?email=${encodeURIComponent(customer.email)}`)
    .then((response) => response.json())) as { productName: string; status: string }[];
  expect(orders.find((order) => order.productName === tool.name)?.status).toBe('paid');
  await page.close();
  expect(problems).toEqual([]);
});

test('Firefox: a customer fills the cart from two tool pages and checks out once', async () => {
  const admin = await apiAs(DEMO_ADMIN);
  const saw = await createTool(admin, { minimumOrder: 10, price: 1000, quantity: 400 });
  const vise = await createTool(admin, {
    minimumOrder: 5,
    price: 2000,
    quantity: 400,
    priceTiers: [{ minQuantity: 20, price: 1800 }],
  });
  const customer = newAccount('Cora Cart');
  const api = await apiAs(customer, { create: true });
  const { page, problems } = await newPage();
  await page.goto(`${ORIGIN}/login`);
  await fill(page, field('Email'), customer.email);
  await fill(page, field('Password'), customer.password);
  await click(page, '::-p-aria([name="Sign in"][role="button"])');
  await until(async () => (await pathOf(page)) !== '/login', 'the sign-in');

  // The saw at its minimum order, the vise at 20 (its volume price).
  await page.goto(`${ORIGIN}/tools/${saw._id}`);
  await click(page, '::-p-aria([name="Add to cart"][role="button"])');
  await textOf(page, `::-p-text(Added 10 × ${saw.name} to your cart.)`);
  await page.goto(`${ORIGIN}/tools/${vise._id}`);
  await fill(page, field('Quantity (units)'), '20');
  await click(page, '::-p-aria([name="Add to cart"][role="button"])');
  await textOf(page, `::-p-text(Added 20 × ${vise.name} to your cart.)`);

  await page.goto(`${ORIGIN}/cart`);
  await until(
    async () => (await textOf(page, '[data-testid="cart-total"]')) === '$460.00',
    'the cart total',
  );
  await fill(page, field('Phone'), '+1 555 010 3100');
  await fill(page, field('Delivery address'), '9 Fox Yard, Springfield');
  await click(page, '::-p-aria([name="Place order"][role="button"])');
  expect(await textOf(page, '::-p-text(Your order is placed)')).toBe('Your order is placed');
  await click(page, '::-p-aria([name="Pay now"][role="link"])');
  await until(
    async () => (await pathOf(page)).startsWith('/dashboard/payment/'),
    'the payment page',
  );

  const orders = (await (
    await api.get(`/api/user?email=${encodeURIComponent(customer.email)}`)
  ).json()) as { totalAmount: number; lines: unknown[] }[];
  expect(orders.map((order) => [order.totalAmount, order.lines.length])).toEqual([[46_000, 2]]);
  const cart = (await (await api.get('/api/cart')).json()) as { lines: unknown[] };
  expect(cart.lines).toEqual([]);
  await page.close();
  expect(problems).toEqual([]);
});

test('Firefox: a signed-in customer cancels an unpaid order from My orders', async () => {
  const admin = await apiAs(DEMO_ADMIN);
  const tool = await createTool(admin);
  const customer = newAccount('Carl Cancel');
  const api = await apiAs(customer, { create: true });
  await placeOrder(api, customer.email, tool);
  const { page, problems } = await newPage();
  await page.goto(`${ORIGIN}/login`);
  await fill(page, field('Email'), customer.email);
  await fill(page, field('Password'), customer.password);
  await click(page, '::-p-aria([name="Sign in"][role="button"])');
  await until(async () => (await pathOf(page)) !== '/login', 'the sign-in');
  await page.goto(`${ORIGIN}/dashboard/myorder`);
  await click(page, `::-p-aria([name="Cancel order for ${tool.name}"][role="button"])`);
  await click(page, 'dialog ::-p-aria([name="Cancel order"][role="button"])');
  expect(await textOf(page, `::-p-text(Your order for ${tool.name} is cancelled.)`)).toContain(
    `Your order for ${tool.name} is cancelled.`,
  );
  const orders = (await (
    await api.get(`/api/user?email=${encodeURIComponent(customer.email)}`)
  ).json()) as {
    status: string;
  }[];
  expect(orders.map((order) => order.status)).toEqual(['cancelled']);
  await page.close();
  expect(problems).toEqual([]);
});

/** Whether the page is wider than the window (something widened it). */
const widened = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

/** How many lines each shown text equal to `text` takes (1 each when it never wraps). */
const linesOf = (page: Page, text: string) =>
  page.evaluate((wanted) => {
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const counts: number[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node.textContent?.trim() !== wanted || !node.parentElement?.checkVisibility()) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      counts.push(new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size);
    }
    return counts;
  }, text);

test('Firefox at 320 px: the mobile menu closes on Escape; at 320, 375 and 1280 px the order table keeps its total whole and the page its width', async () => {
  const admin = await apiAs(DEMO_ADMIN);
  const tool = await createTool(admin, {
    name: `Heavy Duty Cast Iron Bench Vise with Swivel Base ${Date.now().toString(36)}`,
    price: 10215,
  });
  const customer = newAccount('Phoebe Phone');
  const api = await apiAs(customer, { create: true });
  await placeOrder(api, customer.email, tool);
  const total = '$3,064.50';
  const { page, problems } = await newPage();
  await page.setViewport({ width: 320, height: 700 });

  await page.goto(`${ORIGIN}/tools`);
  const menuButton = '::-p-aria([name="Menu"][role="button"])';
  const expanded = async () =>
    (await page.$eval(menuButton, (button) => button.getAttribute('aria-expanded'))) === 'true';
  await click(page, menuButton);
  await until(expanded, 'the menu to open');
  await page.waitForSelector('::-p-aria([name="Main menu"][role="navigation"])', { visible: true });
  await page.keyboard.press('Escape');
  await until(async () => !(await expanded()), 'the menu to close');
  expect(await page.$eval(menuButton, (button) => button === document.activeElement)).toBe(true);
  expect(await widened(page)).toBe(false);

  await page.goto(`${ORIGIN}/login`);
  await fill(page, field('Email'), customer.email);
  await fill(page, field('Password'), customer.password);
  await click(page, '::-p-aria([name="Sign in"][role="button"])');
  await until(async () => (await pathOf(page)) !== '/login', 'the sign-in');
  for (const width of [320, 375, 1280]) {
    await page.setViewport({ width, height: 800 });
    await page.goto(`${ORIGIN}/dashboard/myorder`);
    await page.waitForSelector(`::-p-aria([name="Cancel order for ${tool.name}"][role="button"])`);
    await until(async () => (await linesOf(page, total)).length > 0, `the total at ${width} px`);
    expect(await linesOf(page, total), `the total's lines at ${width} px`).toEqual([1]);
    expect(await widened(page), `the page widened at ${width} px`).toBe(false);
  }
  await page.close();
  expect(problems).toEqual([]);
});
