import {
  apiAs,
  createTool,
  DEMO_ADMIN,
  DEMO_CUSTOMER,
  demoTool,
  expect,
  ORIGIN,
  test,
  waitForReady,
  watchConsole,
} from './fixtures.ts';
import { islandAnswers, metaContent, readableText, structuredData } from './served-html.ts';

/**
 * The public pages as served and as they come alive: products, prices, offers and forms in the
 * HTML itself, then hydration without warnings or a second fetch of their data.
 */

test('the HTML itself carries the products, their prices and their structured data', async ({
  request,
}) => {
  const drill = await demoTool(request, 'HD-13');

  const home = await request.get('/');
  expect(home.status()).toBe(200);
  const homeHtml = await home.text();
  expect(readableText(homeHtml)).toContain('Newest tools');
  expect(readableText(homeHtml)).toContain('Minimum order');
  expect(readableText(homeHtml)).toMatch(/\$\d+\.\d\d \/ unit/);
  expect(readableText(homeHtml)).toContain('What our customers say');
  expect(structuredData(homeHtml)).toContainEqual(
    expect.objectContaining({ '@type': 'Organization', url: `${ORIGIN}/` }),
  );
  expect(homeHtml).toContain(`<link rel="canonical" href="${ORIGIN}/"/>`);
  // No script download starts ahead of the page's own text and pictures (server/plugins/web.ts).
  expect(homeHtml).not.toContain('rel="modulepreload"');

  // Among the catalogue's many drills, the words of its name find it first.
  const search = await request.get('/tools?q=hammer%20drill%20kit');
  expect(search.status()).toBe(200);
  const searchText = readableText(await search.text());
  expect(searchText).toContain(drill.name);
  expect(searchText).toMatch(/Showing 1–\d+ of \d+ tools matching “hammer drill kit”/);
  expect(await search.text()).toContain('<meta name="robots" content="noindex"/>');

  const page = await request.get(`/tools/${drill._id}`);
  expect(page.status()).toBe(200);
  const html = await page.text();
  const text = readableText(html);
  expect(text).toContain(drill.name);
  expect(text).toContain(drill.description);
  expect(text).toContain('$54.90');
  expect(text).toContain('Minimum order');
  expect(html).toContain(`<title>${drill.name} · Toolyard</title>`);
  // The page hydrates with its frame, in one pass: in a Suspense boundary of its own it would
  // hydrate after the frame had asked who is signed in, and could render otherwise than the
  // server did (React's #418; web/app/layouts/root-layout.tsx).
  expect(/<main[^>]*>([\s\S]*)<\/main>/.exec(html)?.[1]).not.toContain('<!--$');
  expect(html).toContain(`<link rel="canonical" href="${ORIGIN}/tools/${drill._id}"/>`);
  expect(metaContent(html, 'property', 'og:title')).toBe(drill.name);
  expect(metaContent(html, 'property', 'og:image')).toBe(`${ORIGIN}/images/preview.png`);
  expect(metaContent(html, 'name', 'twitter:card')).toBe('summary_large_image');
  expect(metaContent(html, 'name', 'description')).toBe(
    drill.description.slice(0, 159).replace(/\s\S*$/, '…'),
  );
  const data = structuredData(html);
  expect(data).toContainEqual(
    expect.objectContaining({
      '@type': 'Product',
      name: drill.name,
      sku: drill.sku,
      brand: { '@type': 'Brand', name: drill.brand },
      offers: expect.objectContaining({
        '@type': 'Offer',
        price: (drill.price / 100).toFixed(2),
        priceCurrency: 'USD',
        availability: 'https://schema.org/InStock',
        eligibleQuantity: expect.objectContaining({ minValue: drill.minimumOrder }),
      }),
    }),
  );
  expect(data).toContainEqual(
    expect.objectContaining({
      '@type': 'BreadcrumbList',
      itemListElement: [
        expect.objectContaining({ position: 1, name: 'Home', item: `${ORIGIN}/` }),
        expect.objectContaining({ position: 2, name: 'Tools', item: `${ORIGIN}/tools` }),
        expect.objectContaining({ position: 3, name: drill.name }),
      ],
    }),
  );
});

test('the sign-in and registration forms arrive in the HTML, and one sent before its script ran leaks nothing', async ({
  request,
  browser,
}) => {
  for (const [path, fields] of [
    ['/login', ['Email', 'Password', 'Sign in']],
    ['/registration', ['Full name', 'Email', 'Password', 'Create account']],
  ] as const) {
    const html = await (await request.get(path)).text();
    expect(html, path).toMatch(/<form [^>]*method="post"/);
    for (const field of fields) expect(readableText(html), path).toContain(field);
    expect(readableText(html), path).not.toContain('Loading');
  }

  // Until the page's script has taken over, its buttons say they are not ready (a click is never
  // silently lost), and Enter in a field sends nothing: what was typed stays out of the address.
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeDisabled();
    await page.getByLabel('Email').fill(DEMO_CUSTOMER.email);
    await page.getByLabel('Password').fill(DEMO_CUSTOMER.password);
    const navigation = page
      .waitForRequest((r) => r.isNavigationRequest(), { timeout: 1_500 })
      .catch(() => null);
    await page.getByLabel('Password').press('Enter');
    expect(await navigation).toBeNull();
    expect(page.url()).toBe(`${ORIGIN}/login`);
  } finally {
    await context.close();
  }
  // A form sent anyway (posted, never in the address) goes back to its page.
  const sentEarly = await fetch(`${ORIGIN}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN },
    body: 'email=a%40example.com&password=secret',
    redirect: 'manual',
  });
  expect(sentEarly.status).toBe(303);
  expect(sentEarly.headers.get('location')).toBe('/login');

  // The API still refuses forms; a page's address never redirects off the site.
  const form = { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN };
  const api = await request.post('/api/tools', { headers: form, data: 'name=x' });
  expect(api.status()).toBe(403);
  const offSite = await fetch(`${ORIGIN}//elsewhere.example/login`, {
    method: 'POST',
    headers: form,
    body: 'a=b',
    redirect: 'manual',
  });
  expect(offSite.status).toBe(303);
  expect(offSite.headers.get('location')).toBe('/elsewhere.example/login');
});

test('a tool with volume prices shows them, and its total uses the price the quantity reaches', async ({
  page,
}) => {
  const knife = await demoTool(page.request, 'UK-R5');
  const html = await (await page.request.get(`/tools/${knife._id}`)).text();
  expect(readableText(html)).toContain('500+ units: $3.49 each');
  expect(readableText(html)).toContain('2,000+ units: $2.99 each');

  await page.goto(`/tools/${knife._id}`);
  await waitForReady(page);
  const quantity = page.getByLabel('Quantity (units)');
  await quantity.fill('499');
  await expect(page.getByTestId('buy-total')).toHaveText('$1,991.01');
  await expect(page.getByTestId('buy-unit-price')).toHaveCount(0);
  await quantity.fill('500');
  await expect(page.getByTestId('buy-total')).toHaveText('$1,745.00');
  await expect(page.getByTestId('buy-unit-price')).toHaveText(
    'Volume price: $3.49 each instead of $3.99',
  );
});

test('a tool out of stock says so in its offer', async () => {
  const admin = await apiAs(DEMO_ADMIN);
  const tool = await createTool(admin, {
    quantity: 10,
    minimumOrder: 30,
    confirm: ['minimum_above_stock'],
  });
  const html = await (await admin.get(`/tools/${tool._id}`)).text();
  expect(readableText(html)).toContain('Out of stock');
  expect(structuredData(html)).toContainEqual(
    expect.objectContaining({
      offers: expect.objectContaining({ availability: 'https://schema.org/OutOfStock' }),
    }),
  );
});

test('a card of a tool that cannot be ordered says it is out of stock instead of offering Buy Now', async ({
  page,
}) => {
  const admin = await apiAs(DEMO_ADMIN);
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  const created = await admin.post('/api/categories', {
    data: { slug: `vises-${suffix}`, name: `Vises ${suffix}` },
  });
  expect(created.status()).toBe(201);
  const category = (await created.json()) as { _id: string; slug: string };
  const inCategory = { categoryId: category._id, confirm: ['minimum_above_stock'] };
  // None left, and some left but fewer than its minimum order: neither can be ordered.
  const spent = await createTool(admin, {
    name: `Spent Vise ${suffix}`,
    quantity: 0,
    minimumOrder: 1,
    ...inCategory,
  });
  const short = await createTool(admin, {
    name: `Short Vise ${suffix}`,
    quantity: 10,
    minimumOrder: 30,
    ...inCategory,
  });
  const stocked = await createTool(admin, { name: `Stocked Vise ${suffix}`, ...inCategory });

  /** The served HTML of the card naming `name`. */
  const servedCard = (html: string, name: string) =>
    html.split('<article').find((part) => part.includes(`>${name}</a>`)) ?? '';
  const pages = [`/categories/${category.slug}`, `/tools?q=${suffix}`];
  for (const path of pages) {
    const html = await (await page.request.get(path)).text();
    for (const tool of [spent, short]) {
      const card = servedCard(html, tool.name);
      expect(readableText(card), `${tool.name} on ${path}`).toContain('Out of stock');
      expect(card).not.toContain('Buy Now');
      expect(card).not.toContain(`href="/purchase/${tool._id}"`);
      expect(card).toContain(`href="/tools/${tool._id}"`);
    }
    expect(servedCard(html, stocked.name)).toContain(`aria-label="Buy Now: ${stocked.name}"`);
  }

  for (const path of pages) {
    await page.goto(path);
    await waitForReady(page);
    for (const tool of [spent, short]) {
      const card = page.getByRole('article').filter({ hasText: tool.name });
      // Where Buy Now would be, beside the Add to cart it cannot have.
      await expect(card.getByRole('paragraph').filter({ hasText: /^Out of stock$/ })).toBeVisible();
      await expect(card.getByRole('link', { name: /Buy Now/ })).toHaveCount(0);
      await expect(card.getByRole('button', { name: /^Add to cart/ })).toBeDisabled();
      await expect(card.getByRole('link', { name: tool.name })).toHaveAttribute(
        'href',
        `/tools/${tool._id}`,
      );
    }
    const card = page.getByRole('article').filter({ hasText: stocked.name });
    await expect(card.getByRole('link', { name: `Buy Now: ${stocked.name}` })).toBeVisible();
  }
});

test('the pages hydrate without warnings or asking again for their data, and the journey from a tool page to its purchase works', async ({
  page,
}) => {
  // The 404 page's own status is reported by the browser as a failed load: that one is meant.
  const problems = watchConsole(page, (text) => text.includes('status of 404'));
  const catalogueCalls: string[] = [];
  page.on('request', (request) => {
    if (/^\/api\/(tools|categories)/.test(new URL(request.url()).pathname))
      catalogueCalls.push(request.url());
  });

  for (const path of [
    '/',
    '/tools?sort=price_asc&utm_source=mail',
    '/categories/power-tools?inStock=true',
    '/blog',
    '/myportfolio',
    '/login',
  ]) {
    await page.goto(path);
    await waitForReady(page);
  }
  const drill = await demoTool(page.request, 'HD-13');
  await page.goto(`/tools/${drill._id}`);
  await waitForReady(page);
  // Its specifications come with the page as its category's, not as the whole tree (decision 080).
  await expect(page.getByRole('rowheader', { name: 'Chuck size' })).toBeVisible();
  const served = await (await page.request.get(`/tools/${drill._id}`)).text();
  const keys = islandAnswers(served).map((answer) => answer.queryKey.slice(0, 3));
  expect(keys).toContainEqual(['tools', 'categories', 'specifications']);
  expect(keys).not.toContainEqual(['tools', 'categories']);
  // The whole catalogue's page carries no specification values: it offers none until narrowed.
  const catalogue = islandAnswers(await (await page.request.get('/tools')).text());
  expect(catalogue.find((answer) => answer.queryKey[1] === 'facets')?.data).toMatchObject({
    specs: [],
    hasSpecs: true,
  });
  // Every page above came with its data: the browser asked the catalogue for nothing.
  expect(catalogueCalls).toEqual([]);

  // The page works once hydrated: the picker knows the minimum and the stock.
  const quantity = page.getByLabel('Quantity (units)');
  await expect(quantity).toHaveValue(String(drill.minimumOrder));
  await expect(page.getByTestId('buy-total')).toHaveText('$1,098.00');
  await quantity.fill('5');
  await expect(page.getByText('Order at least 20 units (the minimum order).')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Buy now' })).toBeDisabled();
  await quantity.fill(String(drill.quantity + 1));
  await expect(
    page.getByText(/Only [\d,]+ units are in stock; order at most that\./),
  ).toBeVisible();
  await quantity.fill('40');
  await expect(page.getByTestId('buy-total')).toHaveText('$2,196.00');
  await expect(
    page.getByText('Sign in to order; pay by card afterwards.', { exact: false }),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Buy now' }).click();

  // Buying needs an account: sign in, and land on the purchase form with the quantity chosen.
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email').fill(DEMO_CUSTOMER.email);
  await page.getByLabel('Password').fill(DEMO_CUSTOMER.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(new RegExp(`/purchase/${drill._id}\\?quantity=40$`));
  await expect(page.getByLabel('Quantity (units)')).toHaveValue('40');
  await expect(page.getByTestId('order-total')).toHaveText('$2,196.00');
  // The breadcrumb leads back to the tool's page.
  await page
    .getByRole('navigation', { name: 'Breadcrumb' })
    .getByRole('link', { name: drill.name })
    .click();
  await expect(page).toHaveURL(new RegExp(`/tools/${drill._id}$`));
  await expect(page.getByRole('heading', { level: 1, name: drill.name })).toBeVisible();
  // Signed in now: the panel no longer asks for a sign-in.
  await expect(page.getByText(/^Buy now orders this tool alone;/)).toBeVisible();
  await expect(page.getByText(/Sign in to order;/)).toHaveCount(0);

  // A tool card's name leads to the tool's page too.
  await page.goto('/tools?q=hammer%20drill%20kit');
  await page.getByRole('link', { name: drill.name, exact: true }).first().click();
  await expect(page).toHaveURL(new RegExp(`/tools/${drill._id}$`));
  await expect(page).toHaveTitle(`${drill.name} · Toolyard`);

  expect(problems).toEqual([]);
});
