import { canBeOrdered } from '../contract/quantity-rules.ts';
import type { Tool } from '../contract/tools.ts';
import { expect, test, waitForReady } from './fixtures.ts';

test('a visitor browses home, tools, blog, portfolio and a 404', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle(/^Toolyard/);
  // The page's heading is the headline people read first, not the small line above it.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Tools built for the job, shipped by the pallet.',
  );
  await expect(page.getByText(/tools manufacturer and trader/i).first()).toBeVisible();

  // The carousel: two slogans, keyboard-operable controls, pausable. Its controls are disabled
  // until the page's script has taken the carousel over (a press is never lost; a click waits).
  await waitForReady(page);
  const carousel = page.getByRole('region', { name: 'Toolyard highlights' });
  const play = carousel.getByRole('button', { name: 'Play slides' });
  await carousel.getByRole('button', { name: 'Pause slides' }).click();
  await expect(play).toBeVisible();
  await carousel.getByRole('button', { name: 'Slide 2 of 2' }).click();
  await expect(
    carousel.getByText('From our factory floor to your workshop, on time.'),
  ).toBeVisible();
  await carousel.getByRole('button', { name: 'Next slide' }).press('Enter');
  await expect(carousel.getByText('Tools built for the job, shipped by the pallet.')).toBeVisible();

  const numbers = page.getByRole('region', { name: 'Toolyard in numbers' });
  for (const value of ['40', '1M+', '40 Lakh+'])
    await expect(numbers.getByText(value, { exact: true })).toBeVisible();

  // The six newest tools, each with its facts and a Buy Now link (or "Out of stock" when it
  // cannot be ordered); descriptions cut at 100 characters.
  const featured = page.getByRole('region', { name: 'Newest tools' });
  await expect(featured.getByRole('listitem')).toHaveCount(6);
  // Other journeys add tools to the same store, even between this page and the next request: each
  // card is matched by its name among the newest the store holds when asked.
  const newest = (await (
    await page.request.get('/api/tools?sort=newest&limit=100')
  ).json()) as Tool[];
  const cards = await featured.getByRole('article').all();
  expect(cards).toHaveLength(6);
  for (const card of cards) {
    await expect(card.getByText('In stock')).toBeVisible();
    await expect(card.getByText('Minimum order')).toBeVisible();
    await expect(card.getByText('Price')).toBeVisible();
    // Each card names its brand and part number above the name.
    await expect(card.getByText(/ · SKU /)).toBeVisible();
    // A description longer than 100 characters is cut there, with an ellipsis; a shorter one whole.
    const preview = await card
      .getByRole('heading')
      .locator('xpath=following-sibling::p[1]')
      .innerText();
    const name = await card.getByRole('heading').innerText();
    const tool = newest.find((entry) => entry.name === name);
    expect(tool, `the card "${name}" is one of the newest tools`).toBeDefined();
    if (tool === undefined) continue;
    await expect(card.getByRole('link', { name: /^Buy Now/ })).toHaveCount(
      canBeOrdered(tool) ? 1 : 0,
    );
    const { description } = tool;
    if (description.length > 100) {
      expect(preview).toMatch(/…$/);
      expect(preview.length).toBeLessThanOrEqual(101);
      expect(description.startsWith(preview.slice(0, -1).trimEnd())).toBe(true);
    } else {
      expect(preview).toBe(description);
    }
  }

  await expect(
    page.getByRole('heading', { name: '13 mm Hammer Drill Kit, 120 pieces' }),
  ).toBeVisible();
  const profile = page.getByRole('region', { name: 'Company profile' });
  for (const fact of [
    'Trading company',
    'Home equipment and components',
    'Limited company',
    'ISO 9001',
    '2015',
  ]) {
    await expect(profile.getByText(fact, { exact: true })).toBeVisible();
  }
  const reviews = page.getByRole('region', { name: 'What our customers say' });
  await expect(reviews.getByRole('listitem')).toHaveCount(3);
  await expect(reviews.getByText(/^Rating [1-5]\/5$/)).toHaveCount(3);

  // The catalogue, from the navbar: search, sort and pages live in the URL.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Tools' }).click();
  await expect(page).toHaveTitle('Tools · Toolyard');
  await expect(page.getByRole('heading', { level: 1, name: 'All tools' })).toBeVisible();
  await expect(page.getByText(/Showing 1–12 of \d+ tools/)).toBeVisible();
  await page.getByRole('link', { name: 'Page 2', exact: true }).click();
  await expect(page).toHaveURL(/[?&]page=2/);
  await expect(page.getByText(/Showing 13–\d+ of \d+ tools/)).toBeVisible();
  // The home page runs as islands: its links are page loads, and the sort needs the page's script.
  await waitForReady(page);

  await page.getByLabel('Sort by').selectOption('price_asc');
  await expect(page).toHaveURL(/sort=price_asc/);
  await expect(page).not.toHaveURL(/page=2/);
  await waitForReady(page);
  // Cheapest first, whichever tools other journeys added: each card's unit price at least the one before.
  await expect(page.getByRole('article')).toHaveCount(12);
  const prices = (await page.getByRole('article').allTextContents()).map((text) =>
    Number(/\$([\d,]+\.\d{2}) \/ unit/.exec(text)?.[1]?.replaceAll(',', '') ?? Number.NaN),
  );
  expect(prices.every((price) => Number.isFinite(price))).toBe(true);
  expect(prices).toEqual([...prices].sort((a, b) => a - b));

  await page.getByRole('searchbox', { name: 'Search tools' }).fill('claw hammer');
  await expect(page).toHaveURL(/q=claw(\+|%20)hammer/);
  await expect(page.getByText(/matching “claw hammer”/)).toBeVisible();
  await expect(
    page.getByRole('heading', { name: '450 g Claw Hammer, fiberglass handle' }),
  ).toBeVisible();
  await page.reload();
  await expect(page.getByRole('searchbox', { name: 'Search tools' })).toHaveValue('claw hammer');
  // Words nowhere in the catalogue, in no spelling near any name.
  await page.getByRole('searchbox', { name: 'Search tools' }).fill('zeppelin quasar');
  await expect(page.getByText('No tools match “zeppelin quasar”')).toBeVisible();

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Blog' }).click();
  await expect(page).toHaveTitle('Blog · Toolyard');
  await expect(page.getByRole('article')).toHaveCount(6);
  for (const topic of [
    /faster/i,
    /manage state/i,
    /prototypal inheritance/i,
    /set state directly/i,
    /by name/i,
    /unit test/i,
  ]) {
    await expect(page.getByRole('heading', { level: 2, name: topic })).toBeVisible();
  }

  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'My Portfolio' })
    .click();
  await expect(page).toHaveTitle('My Portfolio · Toolyard');
  await expect(page.getByRole('heading', { level: 2, name: 'Skills' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Projects' })).toBeVisible();

  await page.goto('/no/such/page');
  await expect(page).toHaveTitle('Page not found · Toolyard');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page.locator('img[src="/images/not-found.svg"]')).toBeVisible();
  await page.getByRole('link', { name: 'Back to the home page' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
});

test("the home page's carousel says its controls are not ready until its script has taken it over", async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    await page.goto('/');
    const carousel = page.getByRole('region', { name: 'Toolyard highlights' });
    await expect(
      carousel.getByText('Tools built for the job, shipped by the pallet.'),
    ).toBeVisible();
    for (const name of [
      'Previous slide',
      'Slide 1 of 2',
      'Slide 2 of 2',
      'Next slide',
      'Pause slides',
    ])
      await expect(carousel.getByRole('button', { name })).toBeDisabled();
  } finally {
    await context.close();
  }
});
