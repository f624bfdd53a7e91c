import type { Locator, Page } from '@playwright/test';
import {
  type Account,
  apiAs,
  createTool,
  DEMO_ADMIN,
  expect,
  expectAccessible,
  newAccount,
  payOrder,
  placeOrder,
  test,
  waitForReady,
} from './fixtures.ts';
import { signedIn } from './sessions.ts';

/**
 * Tables as a designer leaves them: amounts never wrap, an email wraps only at its `@` or a `.`,
 * columns are as wide as their content, phones get cards, and a row shows only the actions its
 * order allows.
 */

/** Where the text of an element wraps: the two characters either side of each line break. */
function lineBreaks(locator: Locator): Promise<string[]> {
  return locator.evaluate((element) => {
    const characters: { text: string; top: number }[] = [];
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (let index = 0; index < text.length; index += 1) {
        const range = document.createRange();
        range.setStart(node, index);
        range.setEnd(node, index + 1);
        characters.push({ text: text.charAt(index), top: range.getBoundingClientRect().top });
      }
    }
    return characters.flatMap((character, index) => {
      const before = characters[index - 1];
      return before && character.top > before.top + 2 ? [`${before.text}${character.text}`] : [];
    });
  });
}

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

/** A buyer whose address and company name are as long as real ones get. */
function longBuyer(): Account {
  const account = newAccount('Dana Buyer');
  return { ...account, email: `dana.buyer.procurement.${account.email}` };
}

test('order tables keep amounts whole and wrap emails only at @ or a dot; cancelled orders offer no Ship', async ({
  page,
}) => {
  const admin = await apiAs(DEMO_ADMIN);
  const tool = await createTool(admin, {
    name: `Heavy Duty Cast Iron Bench Vise with Swivel Base ${Date.now().toString(36)}`,
    price: 10215,
  });
  const buyer = longBuyer();
  const buyerApi = await apiAs(buyer, { create: true });
  const paid = await placeOrder(buyerApi, buyer.email, tool);
  await payOrder(buyerApi, paid._id);
  const cancelled = await placeOrder(buyerApi, buyer.email, tool);
  expect((await buyerApi.delete(`/api/user/${cancelled._id}`)).ok()).toBe(true);
  const total = '$3,064.50';

  await signedIn(page, DEMO_ADMIN);
  await page.goto(`/dashboard/manageallorders?q=${encodeURIComponent(buyer.email)}`);
  await waitForReady(page);
  const table = page.getByRole('table', { name: /Orders/ });
  const paidRow = table.getByRole('row').filter({ hasText: paid.number });
  const cancelledRow = table.getByRole('row').filter({ hasText: cancelled.number });
  await expect(paidRow.getByText(total)).toBeVisible();
  expect(await lineBreaks(paidRow.getByText(total))).toEqual([]);
  for (const pair of await lineBreaks(paidRow.getByText(buyer.email))) {
    expect(pair.startsWith('@') || pair.endsWith('.'), `the email wraps at "${pair}"`).toBe(true);
  }
  expect(await lineBreaks(paidRow.getByText('Paid', { exact: true }))).toEqual([]);
  await expect(paidRow.getByRole('button', { name: `Ship order ${paid.number}` })).toBeEnabled();
  await expect(cancelledRow).toContainText('Cancelled');
  await expect(cancelledRow.getByRole('button')).toHaveCount(0);
  // The Ship column keeps its place when a row has no action.
  const paidStatus = await paidRow.getByRole('cell').nth(6).boundingBox();
  const cancelledStatus = await cancelledRow.getByRole('cell').nth(6).boundingBox();
  expect(cancelledStatus?.x).toBe(paidStatus?.x);
  expect(await pageWidth(page)).toBeLessThanOrEqual(1280);
  await expectAccessible(page, 'all orders at 1280 px');

  // On phones: a card per order, nothing wider than the screen, and still no Ship when cancelled.
  for (const width of [375, 320]) {
    await page.setViewportSize({ width, height: 800 });
    await expect(table).toBeHidden();
    const cards = page.getByRole('list', { name: /Orders/ }).getByRole('listitem');
    const cancelledCard = cards.filter({ hasText: cancelled.number });
    await expect(cancelledCard).toBeVisible();
    await expect(cancelledCard.getByRole('button')).toHaveCount(0);
    const paidCard = cards.filter({ hasText: paid.number });
    expect(await lineBreaks(paidCard.getByText(total))).toEqual([]);
    for (const pair of await lineBreaks(paidCard.getByText(buyer.email))) {
      expect(pair.startsWith('@') || pair.endsWith('.'), `the email wraps at "${pair}"`).toBe(true);
    }
    expect(await pageWidth(page)).toBeLessThanOrEqual(width);
    await expectAccessible(page, `all orders at ${width} px`);
  }

  // The buyer's own list: the total on one line at every width.
  await page.context().clearCookies();
  await signedIn(page, buyer);
  for (const width of [1280, 375, 320]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/dashboard/myorder');
    await waitForReady(page);
    const amount = page.getByText(total).filter({ visible: true }).first();
    await expect(amount).toBeVisible();
    expect(await lineBreaks(amount)).toEqual([]);
    expect(await pageWidth(page)).toBeLessThanOrEqual(width);
  }
  await expectAccessible(page, 'my orders at 320 px');
  await buyerApi.dispose();
  await admin.dispose();
});

test('an order placed before its buyer gave company details says so on its page', async ({
  page,
}) => {
  const admin = await apiAs(DEMO_ADMIN);
  const tool = await createTool(admin);
  const buyer = newAccount('Nora Nocompany');
  const buyerApi = await apiAs(buyer, { create: true });
  const order = await placeOrder(buyerApi, buyer.email, tool);

  await signedIn(page, buyer);
  for (const width of [1280, 375, 320]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto(`/dashboard/orders/${order._id}`);
    await waitForReady(page);
    const company = page.getByRole('main').getByRole('heading', { name: 'Company', exact: true });
    await expect(company).toBeVisible();
    await expect(
      page.getByText("As the buyer's profile had them when the order was placed."),
    ).toBeVisible();
    await expect(
      page.getByRole('definition').filter({ hasText: 'None given when this order was placed' }),
    ).toBeVisible();
    expect(await pageWidth(page)).toBeLessThanOrEqual(width);
  }
  await expectAccessible(page, 'an order without company details at 320 px');
  await buyerApi.dispose();
  await admin.dispose();
});
