import type { Page } from '@playwright/test';
import {
  apiAs,
  becomeBuyer,
  createTool,
  DEMO_ADMIN,
  demoTool,
  expect,
  expectAccessible,
  keepScreenshot,
  newAccount,
  payOrder,
  placeOrder,
  test,
  waitForReady,
} from './fixtures.ts';
import { signedIn, signedUp } from './sessions.ts';

/**
 * Every page at phone, tablet and desktop width: axe (WCAG 2.2 AA) must find nothing, and a
 * full-page screenshot goes to test-results/screenshots/ for people to look at when asked for
 * (fixtures.ts keepScreenshot).
 */
const WIDTHS = [375, 768, 1280] as const;

async function loadAllImages(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const images = [...document.images];
    for (const image of images) image.loading = 'eager';
    await Promise.all(
      images.map((image) =>
        image.complete
          ? null
          : new Promise((resolve) => {
              image.addEventListener('load', resolve, { once: true });
              image.addEventListener('error', resolve, { once: true });
            }),
      ),
    );
  });
}

/**
 * One load at the phone's width, then the same page turned to each wider one (as a tablet turned
 * or a window widened): the server renders the same page whatever the width, so three loads
 * checked nothing one does not (docs/decisions/059).
 */
async function checkPage(
  page: Page,
  name: string,
  path: string,
  prepare?: (page: Page) => Promise<void>,
) {
  await page.setViewportSize({ width: WIDTHS[0], height: 900 });
  await page.goto(path);
  await waitForReady(page);
  await prepare?.(page);
  for (const width of WIDTHS) {
    await test.step(`${name} at ${width}px`, async () => {
      await page.setViewportSize({ width, height: 900 });
      await waitForReady(page);
      await loadAllImages(page);
      await expectAccessible(page, `${name} at ${width}px`);
      await keepScreenshot(page, `${name}-${width}`, { fullPage: true });
    });
  }
}

const VISITOR_PAGES = [
  ['home', '/'],
  ['tools', '/tools'],
  ['blog', '/blog'],
  ['portfolio', '/myportfolio'],
  ['login', '/login'],
  ['registration', '/registration'],
  ['forgot-password', '/forgot-password'],
  ['reset-password', '/reset-password?token=not-a-real-token'],
  ['not-found', '/no-such-page'],
] as const;

for (const [name, path] of VISITOR_PAGES) {
  test(`visitor page: ${name}`, async ({ page }) => {
    await checkPage(page, name, path);
  });
}

test('visitor page: a tool', async ({ page }) => {
  const drill = await demoTool(page.request, 'HD-13');
  await checkPage(page, 'tool', `/tools/${drill._id}`);
});

/** A signed-in customer with details, a paid order and an unpaid one. */
async function customerWithOrders(page: Page) {
  const customer = newAccount('Clara Customer');
  await signedUp(page, customer);
  await page.request.put(`/api/updatedetails/${encodeURIComponent(customer.email)}`, {
    data: {
      email: customer.email,
      phone: '+1 555 010 2000',
      linkedin: 'https://www.linkedin.com/in/clara-customer',
      education: 'BSc Mechanical Engineering',
    },
  });
  const tool = await demoTool(page.request, 'TM-8');
  const paid = await placeOrder(page.request, customer.email, tool);
  await payOrder(page.request, paid._id);
  const unpaid = await placeOrder(
    page.request,
    customer.email,
    await demoTool(page.request, 'PL-SET-3'),
  );
  return { tool, paid, unpaid };
}

type CustomerSetUp = Awaited<ReturnType<typeof customerWithOrders>>;

const CUSTOMER_PAGES: [
  name: string,
  path: (made: CustomerSetUp) => string,
  prepare?: (page: Page) => Promise<void>,
][] = [
  ['purchase', ({ tool }) => `/purchase/${tool._id}`],
  ['dashboard-profile', () => '/dashboard'],
  ['dashboard-my-orders', () => '/dashboard/myorder'],
  [
    'dashboard-cancel-dialog',
    () => '/dashboard/myorder',
    async (p) => {
      await p.getByRole('button', { name: /^Cancel order/ }).click();
      await p.getByRole('dialog').waitFor();
    },
  ],
  ['dashboard-review', () => '/dashboard/review'],
  ['dashboard-payment', ({ unpaid }) => `/dashboard/payment/${unpaid._id}`],
  ['dashboard-payment-paid', ({ paid }) => `/dashboard/payment/${paid._id}`],
  ['not-allowed', () => '/dashboard/manageproducts'],
];

// One test per page, each with its own customer: the browsers share them out.
for (const [name, path, prepare] of CUSTOMER_PAGES) {
  test(`customer page: ${name}`, async ({ page }) => {
    await checkPage(page, name, path(await customerWithOrders(page)), prepare);
  });
}

const ADMIN_PAGES: [name: string, path: string, prepare?: (page: Page) => Promise<void>][] = [
  ['admin-overview', '/dashboard/overview'],
  ['admin-add-product', '/dashboard/addproduct'],
  ['admin-make-admin', '/dashboard/makeadmin'],
  ['admin-manage-orders', '/dashboard/manageallorders'],
  ['admin-manage-products', '/dashboard/manageproducts'],
  ['admin-manage-reviews', '/dashboard/reviews'],
  ['admin-audit-log', '/dashboard/audit'],
  ['admin-tax', '/dashboard/tax'],
  [
    'admin-edit-dialog',
    '/dashboard/manageproducts',
    async (p) => {
      await p.getByRole('button', { name: /^Edit/ }).first().click();
      await p.getByRole('dialog').waitFor();
    },
  ],
];

// One test per page, as for the visitor pages: the browsers share them out instead of one taking
// every admin page in turn.
for (const [name, path, prepare] of ADMIN_PAGES) {
  test(`admin page: ${name}`, async ({ page }) => {
    await signedIn(page, DEMO_ADMIN);
    await checkPage(page, name, path, prepare);
  });
}

test('long unbroken words and addresses wrap on a 320 px phone instead of widening the page', async ({
  browser,
}) => {
  const admin = await apiAs(DEMO_ADMIN);
  const longWord = `Hyper${'extra'.repeat(20)}long`;
  const longUrl = `https://example.com/${'very-long-path-segment-'.repeat(12)}end`;
  const tool = await createTool(admin, {
    name: `${longWord} Wrench`,
    description: `See ${longUrl} for the data sheet. ${longWord} ${longWord}.`,
  });
  const customer = newAccount('wrap');
  const api = await apiAs(customer, { create: true });
  await becomeBuyer(api, customer.email);
  expect(
    (
      await api.post('/api/reviews', { data: { rating: 5, review: `${longWord}! ${longUrl}` } })
    ).status(),
  ).toBe(201);
  const order = await api.post(`/api/user?email=${encodeURIComponent(customer.email)}`, {
    data: {
      toolId: tool._id,
      orderedNum: tool.minimumOrder,
      phone: '+1 555 010 2000',
      address: `Unit 4, ${longWord} Industrial Estate, ${longUrl}`,
    },
  });
  expect(order.status()).toBe(201);

  const context = await browser.newContext({ viewport: { width: 320, height: 700 } });
  const page = await context.newPage();
  const pages = [`/tools/${tool._id}`, `/tools?q=${longWord.slice(0, 40)}`, '/'];
  for (const path of pages) {
    await page.goto(path);
    await waitForReady(page);
    await expect(page.getByText(longWord).first(), path).toBeVisible();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, path).toBeLessThanOrEqual(320);
  }
  await signedIn(page, customer);
  await page.goto('/dashboard/myorder');
  await waitForReady(page);
  await expect(page.getByText(longWord).first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await context.close();
});
