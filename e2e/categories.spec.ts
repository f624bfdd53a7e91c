import { expect, expectAccessible, ORIGIN, test, waitForReady } from './fixtures.ts';
import { islandAnswers, readableText, structuredData } from './served-html.ts';

/**
 * The category tree of the demo catalogue as a buyer walks it: from the home page into a category,
 * down to the one below it, with breadcrumbs, and the pages as served to search engines.
 */

test('the HTML of a category page carries its trail, its tools and its structured data', async ({
  request,
}) => {
  const response = await request.get('/categories/hammer-drills');
  expect(response.status()).toBe(200);
  const html = await response.text();
  expect(readableText(html)).toContain('13 mm Hammer Drill Kit, 120 pieces');
  expect(html).toContain(`<link rel="canonical" href="${ORIGIN}/categories/hammer-drills"/>`);
  expect(structuredData(html)).toContainEqual(
    expect.objectContaining({
      '@type': 'BreadcrumbList',
      itemListElement: [
        expect.objectContaining({ position: 1, name: 'Home' }),
        expect.objectContaining({ position: 2, name: 'Tools' }),
        expect.objectContaining({ position: 3, name: 'Power tools' }),
        expect.objectContaining({ position: 4, name: 'Drills' }),
        expect.objectContaining({
          position: 5,
          name: 'Hammer drills',
          item: `${ORIGIN}/categories/hammer-drills`,
        }),
      ],
    }),
  );
  // Its islands start from its place in the tree, not the whole tree with every category's
  // specifications and description (decision 080).
  const keys = islandAnswers(html).map((answer) => answer.queryKey.slice(0, 3));
  expect(keys).toContainEqual(['tools', 'categories', 'place']);
  expect(keys).not.toContainEqual(['tools', 'categories']);
  // Its list keeps of each tool what its card shows: no specifications or part numbers.
  const list = islandAnswers(html).find((answer) => answer.queryKey[1] === 'list')?.data as
    | { tools: Record<string, unknown>[] }
    | undefined;
  expect(Object.keys(list?.tools[0] ?? {})).toEqual(expect.arrayContaining(['name', 'price']));
  expect(Object.keys(list?.tools[0] ?? {})).not.toContain('specs');
  expect((await request.get('/categories/no-such-category')).status()).toBe(404);
  expect(await (await request.get('/sitemap.xml')).text()).toContain(
    `<loc>${ORIGIN}/categories/power-tools</loc>`,
  );
});

test('a buyer goes from the home page into a category and down the tree', async ({ page }) => {
  await page.goto('/');
  await waitForReady(page);
  const categories = page.getByRole('navigation', { name: 'Categories', exact: true });
  await categories.getByRole('link', { name: /Power tools/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Power tools' })).toBeVisible();
  await expect(page.getByText(/\d+ tools in Power tools/)).toBeVisible();
  for (const width of [320, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectAccessible(page, `category page at ${width}px`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      width,
    );
  }
  await page
    .getByRole('navigation', { name: 'Categories in Power tools' })
    .getByRole('link', { name: /Drills/ })
    .click();
  await page
    .getByRole('navigation', { name: 'Categories in Drills' })
    .getByRole('link', { name: /Hammer drills/ })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Hammer drills' })).toBeVisible();
  await expect(
    page.getByRole('heading', { level: 2, name: '13 mm Hammer Drill Kit, 120 pieces' }),
  ).toBeVisible();
  const trail = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(trail).toContainText('Power tools');
  await trail.getByRole('link', { name: 'Drills' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Drills' })).toBeVisible();
});

test('a category with many specifications opens the five that describe most of its tools and folds the rest, unless chosen', async ({
  request,
}) => {
  /** Each specification filter of the served page: its name and whether it is open. */
  const groupsOf = (html: string) =>
    [...html.matchAll(/<details( open="")?[^>]*><summary[^>]*>([^<]+)</g)].map((match) => ({
      name: match[2] as string,
      isOpen: match[1] !== undefined,
    }));
  const groups = groupsOf(await (await request.get('/categories/power-tools')).text());
  expect(groups.length).toBeGreaterThan(5);
  expect(groups.filter((group) => group.isOpen)).toHaveLength(5);
  // Every power tool has a voltage; only saws a blade diameter.
  expect(groups.find((group) => group.name === 'Voltage')?.isOpen).toBe(true);
  expect(groups.find((group) => group.name === 'Blade diameter')?.isOpen).toBe(false);

  // A value chosen in a folded one opens it, in the page as served.
  const facets = (await (await request.get('/api/tools/facets?category=power-tools')).json()) as {
    specs: { key: string; name: string; values: { value: string }[] }[];
  };
  const folded = facets.specs.find((spec) => spec.name === 'Blade diameter');
  if (!folded) throw new Error('no facet named Blade diameter');
  const chosen = await request.get(
    `/categories/power-tools?spec.${folded.key}=${encodeURIComponent(folded.values[0]?.value ?? '')}`,
  );
  expect(groupsOf(await chosen.text()).find((group) => group.name === folded.name)?.isOpen).toBe(
    true,
  );
});
