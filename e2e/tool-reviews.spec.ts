import type { Response } from '@playwright/test';
import { addToolReviews } from './database.ts';
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
  watchConsole,
} from './fixtures.ts';
import { structuredData } from './served-html.ts';

test('a buyer reviews the tool they bought on its page; its stars show on the page, the card and in the structured data', async ({
  page,
}) => {
  const problems = watchConsole(page);
  const admin = await apiAs(DEMO_ADMIN);
  const tool = await createTool(admin, {
    name: `Reviewed Pipe Wrench ${Date.now().toString(36)}`,
  });
  const buyer = newAccount('Tess Toolreview');
  const buyerApi = await apiAs(buyer, { create: true });
  await payOrder(buyerApi, (await placeOrder(buyerApi, buyer.email, tool))._id);

  // A visitor: no reviews yet, and how to write one.
  await page.setViewportSize({ width: 320, height: 800 });
  const visitorScripts: Promise<string>[] = [];
  const keepScript = (response: Response) => {
    if (/\/assets\/[^/]+\.js$/.test(response.url())) visitorScripts.push(response.text());
  };
  page.on('response', keepScript);
  await page.goto(`/tools/${tool._id}`);
  await waitForReady(page);
  const reviews = page.getByRole('region', { name: 'Reviews' });
  await expect(reviews.getByText('No reviews of this tool yet.')).toBeVisible();
  await expect(reviews.getByText('Bought this tool? Sign in to review it.')).toBeVisible();
  page.off('response', keepScript);
  // The review form's code (react-hook-form, and zod with the review's schema) is not the visitor's.
  expect(visitorScripts.length).toBeGreaterThan(0);
  for (const script of await Promise.all(visitorScripts)) {
    expect(script).not.toContain('ZodError');
    expect(script).not.toContain('shouldUnregister');
  }

  // The buyer signs in from there and comes back to the tool.
  await reviews.getByRole('link', { name: 'Sign in' }).click();
  await page.getByLabel('Email').fill(buyer.email);
  await page.getByLabel('Password').fill(buyer.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(new RegExp(`/tools/${tool._id}`));
  await expect(
    reviews.getByText('You bought this tool: tell other buyers how it worked for you.'),
  ).toBeVisible();
  const text = 'Grips a 50 mm pipe without slipping, and the jaw is easy to reset.';
  await reviews.getByLabel('Your review', { exact: true }).fill(text);
  await reviews.getByLabel('Rating').selectOption('4');
  await reviews.getByRole('button', { name: 'Submit review' }).click();
  await expect(page.getByText('Thank you! Your review is on this page.')).toBeVisible();
  await expect(reviews.getByText('4.0 out of 5, from 1 review')).toBeVisible();
  const card = reviews.getByRole('listitem').filter({ hasText: text });
  await expect(card).toContainText(buyer.name);
  await expect(card).toContainText('Rating 4/5');
  await expect(reviews.getByRole('button', { name: 'Save changes' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await expectAccessible(page, 'a tool page with its reviews at 320 px');
  await keepScreenshot(page, 'tool-reviews-320', { fullPage: true });

  // Someone who never bought it learns why there is no form.
  const other = newAccount('Olly Onlooker');
  const otherApi = await apiAs(other, { create: true });
  const eligibility = await otherApi.get(`/api/tools/${tool._id}/reviews/eligibility`);
  expect(await eligibility.json()).toMatchObject({ canPost: false, review: null });

  // The card in the catalogue and the page the server sends carry the rating.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/tools?q=${encodeURIComponent(tool.name)}`);
  const listed = page.getByRole('article').filter({ hasText: tool.name });
  await expect(listed.getByText('Rated 4.0 out of 5 from 1 review')).toBeAttached();
  const html = await (await page.request.get(`/tools/${tool._id}`)).text();
  expect(html).toContain(text);
  expect(structuredData(html)).toContainEqual(
    expect.objectContaining({
      '@type': 'Product',
      sku: tool.sku,
      brand: { '@type': 'Brand', name: tool.brand },
      aggregateRating: expect.objectContaining({ ratingValue: 4, reviewCount: 1 }),
    }),
  );
  expect(problems).toEqual([]);
  await Promise.all([admin.dispose(), buyerApi.dispose(), otherApi.dispose()]);
});

test('a tool with many reviews shows the newest five, then more a page at a time until the last', async ({
  page,
}) => {
  const problems = watchConsole(page);
  const admin = await apiAs(DEMO_ADMIN);
  const tool = await createTool(admin, { name: `Much Reviewed Clamp ${Date.now().toString(36)}` });
  await addToolReviews(tool._id, 27);

  await page.goto(`/tools/${tool._id}`);
  await waitForReady(page);
  const reviews = page.locator('#reviews');
  const cards = reviews.getByRole('listitem');
  await expect(cards).toHaveCount(5);
  await expect(cards.first()).toContainText('Review 27:');
  const more = reviews.getByRole('button', { name: 'Show more reviews' });
  await more.click();
  await expect(cards).toHaveCount(25);
  await more.click();
  await expect(cards).toHaveCount(27);
  await expect(cards.last()).toContainText('Review 1:');
  await expect(more).toHaveCount(0);
  expect(problems).toEqual([]);
  await admin.dispose();
});
