import sharp from 'sharp';
import {
  boxOf,
  DEMO_ADMIN,
  DEMO_CUSTOMER,
  demoTool,
  expect,
  expectAccessible,
  keepScreenshot,
  test,
  waitForReady,
  watchConsole,
} from './fixtures.ts';
import { signedIn } from './sessions.ts';

/**
 * The finish a careful designer checks on phones and desktops: menus that close as people expect,
 * trails that wrap cleanly, dashboards whose screen starts near the top.
 */

const PHONE = { width: 375, height: 812 };
const SMALLEST = { width: 320, height: 700 };

test('the mobile menu closes on Escape (focus back on its button), on a click outside and on a navigation', async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await page.goto('/tools');
  await waitForReady(page);
  const button = page.getByRole('button', { name: 'Menu' });
  const menu = page.getByRole('navigation', { name: 'Main menu' });

  await button.click();
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  await expect(menu).toBeVisible();
  await expectAccessible(page, 'the open mobile menu');
  await menu.getByRole('link', { name: 'Blog' }).focus();
  await page.keyboard.press('Escape');
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  await expect(menu).toBeHidden();
  await expect(button).toBeFocused();

  await button.click();
  await expect(menu).toBeVisible();
  await page.getByRole('heading', { level: 1 }).click();
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  await expect(menu).toBeHidden();

  await button.click();
  await menu.getByRole('link', { name: 'Blog' }).click();
  await expect(page).toHaveURL(/\/blog$/);
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  await expect(menu).toBeHidden();
});

test("a tool page's breadcrumb wraps with each separator after its crumb, never starting a line", async ({
  page,
}) => {
  await page.setViewportSize(SMALLEST);
  const tool = await demoTool(page.request, 'HD-13');
  await page.goto(`/tools/${tool._id}`);
  const trail = page.getByRole('navigation', { name: 'Breadcrumb' });
  const crumbs = trail.getByRole('listitem');
  await expect(crumbs).toHaveCount(3);
  // The tool's name is too long for the first line at 320 px.
  const last = await boxOf(crumbs.nth(2));
  expect(last.y).toBeGreaterThan((await boxOf(crumbs.nth(0))).y);
  for (const index of [0, 1]) {
    const crumb = crumbs.nth(index);
    await expect(crumb).toHaveText(/\/$/);
    const separator = await boxOf(crumb.locator('[aria-hidden="true"]'));
    const label = await boxOf(crumb.getByRole('link'));
    expect(separator.y).toBe(label.y);
    expect(separator.x).toBeGreaterThan(label.x + label.width);
  }
  await expect(crumbs.nth(2)).not.toContainText('/');
});

for (const viewport of [SMALLEST, PHONE]) {
  test(`on phones the dashboard's menu folds into one button naming the screen (${viewport.width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await signedIn(page, DEMO_ADMIN);
    await page.goto('/dashboard/manageallorders');
    await waitForReady(page);
    const nav = page.getByRole('navigation', { name: 'Dashboard' });
    const toggle = nav.getByRole('button', { name: 'Admin dashboard: Manage all orders' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(nav.getByRole('link')).toHaveCount(0);
    // The screen starts right under the folded menu.
    const heading = await boxOf(page.getByRole('heading', { level: 1, name: 'Manage all orders' }));
    expect(heading.y).toBeLessThan(260);
    // The order filters sit two to a row from 360 px: half a phone's height, not all of it.
    const filters = await boxOf(page.getByRole('search', { name: 'Find orders' }));
    if (viewport.width >= 360) expect(filters.height).toBeLessThan(460);
    // Nothing widens the page (what reaches past the screen's edge is named, should something).
    const { width, past } = await page.evaluate(() => ({
      width: document.documentElement.scrollWidth,
      past: [...document.querySelectorAll('body *')]
        .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 0.5)
        .map((element) => element.outerHTML.slice(0, 160))
        .slice(-3),
    }));
    expect(width, past.join('\n')).toBeLessThanOrEqual(viewport.width);
    await keepScreenshot(page, `manage-orders-${viewport.width}`, { fullPage: true });
    await expectAccessible(page, `the dashboard with its menu folded at ${viewport.width} px`);

    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(nav.getByRole('link')).toHaveCount(14);
    await nav.getByRole('link', { name: 'Audit log' }).click();
    await expect(page).toHaveURL(/\/dashboard\/audit$/);
    await expect(nav.getByRole('button', { name: 'Admin dashboard: Audit log' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    await expect(nav.getByRole('link')).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      viewport.width,
    );
  });
}

test('on a desktop the dashboard menu stays open beside the screen', async ({ page }) => {
  await signedIn(page, DEMO_CUSTOMER);
  await page.goto('/dashboard/myorder');
  await waitForReady(page);
  const nav = page.getByRole('navigation', { name: 'Dashboard' });
  await expect(nav.getByRole('button')).toBeHidden();
  // My orders, profile, review; company, its orders, address book, saved lists, quotes, invoices,
  // credit notes.
  await expect(nav.getByRole('link')).toHaveCount(10);
  await expect(nav.getByRole('link', { name: 'My orders' })).toHaveAttribute(
    'aria-current',
    'page',
  );
});

test('the add-tool form is clean after adding a tool: no stale upload note, no console warning', async ({
  page,
}) => {
  const problems = watchConsole(page);
  await signedIn(page, DEMO_ADMIN);
  await page.goto('/dashboard/addproduct');
  await waitForReady(page);
  const image = page.getByRole('group', { name: 'Image' });
  await image.getByLabel('Upload a picture').setInputFiles({
    name: 'clean-vise.png',
    mimeType: 'image/png',
    buffer: await sharp({
      create: { width: 400, height: 300, channels: 3, background: { r: 40, g: 90, b: 160 } },
    })
      .png()
      .toBuffer(),
  });
  await expect(image.getByRole('status')).toHaveText(
    'clean-vise.png is uploaded; its address is below.',
  );
  const name = `Clean Form Vise ${Date.now().toString(36)}`;
  await page.getByLabel(/name$/).first().fill(name);
  await page
    .getByLabel('Description')
    .fill('A cast-iron bench vise with 150 mm jaws and a swivel base, for the workshop.');
  await page.getByLabel('Quantity in stock').fill('40');
  await page.getByLabel('Minimum order').fill('2');
  await page.getByLabel('Price per unit (USD)').fill('89.00');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByText(`${name} is added to the catalogue.`)).toBeVisible();

  // The form starts again as it first was.
  await expect(image.getByLabel('Or give an image link')).toHaveValue('');
  await expect(image.getByText('No image yet')).toBeVisible();
  await expect(image.getByRole('status')).toHaveText(
    'A JPEG, PNG or WebP picture; the store makes it the right sizes.',
  );
  await expect(page.getByLabel('Quantity in stock')).toHaveValue('');
  await expect(page.getByLabel('Minimum order')).toHaveValue('');
  await expect(page.getByLabel('Price per unit (USD)')).toHaveValue('');

  // A new volume-price row starts empty, with nothing written into it the browser must refuse.
  await page.getByRole('button', { name: 'New price break' }).click();
  await expect(page.getByLabel('Break 1: from (units)')).toHaveValue('');
  await expect(page.getByLabel('Break 1: from (units)')).toBeFocused();
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByText('Enter a number of units, such as 100.')).toBeVisible();
  expect(problems).toEqual([]);
});

for (const width of [320, 375, 1280]) {
  test(`the blog's contents keep each number whole and start every question at one place (${width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/blog');
    const links = page.getByRole('navigation', { name: 'Questions' }).getByRole('link');
    expect(await links.count()).toBeGreaterThan(1);
    const items = await links.evaluateAll((elements) =>
      elements.map((link) => {
        const number = link.querySelector('[aria-hidden="true"]');
        const walker = document.createTreeWalker(link, NodeFilter.SHOW_TEXT);
        let last: Text | null = null;
        for (let node = walker.nextNode(); node; node = walker.nextNode()) last = node as Text;
        const range = document.createRange();
        if (last) range.setStart(last, 0);
        if (last) range.setEnd(last, 1);
        const numberText = document.createRange();
        if (number) numberText.selectNodeContents(number);
        const numberLines = new Set(
          [...numberText.getClientRects()].map((rect) => Math.round(rect.top)),
        );
        return {
          numberLines: numberLines.size,
          questionStart: Math.round(range.getBoundingClientRect().left),
        };
      }),
    );
    for (const item of items) expect(item.numberLines).toBe(1);
    expect(new Set(items.map((item) => item.questionStart)).size).toBe(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      width,
    );
    await expectAccessible(page, `the blog at ${width} px`);
  });
}

test('the footer links only to real pages: services are plain text, profiles are the company’s own', async ({
  page,
}) => {
  for (const width of [320, 375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByText('Bulk supply')).toBeVisible();
    await expect(footer.getByRole('link', { name: 'Bulk supply' })).toHaveCount(0);
    // Links are underlined; plain text is not, so nothing looks like a link that is not one.
    await expect(footer.getByRole('link', { name: 'Blog' })).toHaveCSS(
      'text-decoration-line',
      'underline',
    );
    await expect(footer.getByText('Bulk supply')).toHaveCSS('text-decoration-line', 'none');
    // The profiles the store is set up with (SOCIAL_LINKS), never a network's home page.
    const profile = footer.getByRole('link', { name: 'LinkedIn' });
    await expect(profile).toHaveAttribute(
      'href',
      'https://www.linkedin.com/company/toolyard-tools',
    );
    for (const href of await footer
      .getByRole('link')
      .evaluateAll((links) => links.map((link) => (link as HTMLAnchorElement).href))) {
      expect(new URL(href).pathname, href).not.toBe('/');
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      width,
    );
  }
  await expectAccessible(page, 'the home page and its footer');
});
