import type { Page } from '@playwright/test';
import {
  DEMO_ADMIN,
  expect,
  expectAccessible,
  signIn,
  test,
  waitForReady,
  watchConsole,
} from './fixtures.ts';

/**
 * An admin keeps the category tree: adds a category and one under it, moves the second under
 * another parent, is told why a category that still holds something cannot be deleted, then
 * deletes the empty ones.
 */

/** axe at a phone's narrowest width and at desktop width; nothing widens the page. */
async function checkAtWidths(page: Page, label: string) {
  for (const width of [320, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectAccessible(page, `${label} at ${width}px`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      width,
    );
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

const row = (page: Page, name: string) =>
  page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: new RegExp(name) }) });

test.beforeEach(async ({ page }) => {
  await signIn(page.request, DEMO_ADMIN);
});

test('an admin adds, moves and deletes categories, and is told why a full one stays', async ({
  page,
}) => {
  test.slow();
  // The refused delete is meant to be: the browser reports its 409.
  const problems = watchConsole(page, (text) => text.includes('status of 409'));
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const top = `Bench ${suffix}`;
  const child = `Vices ${suffix}`;

  await page.goto('/dashboard/categories');
  await waitForReady(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Manage categories' })).toBeVisible();
  await expect(row(page, 'Hammer drills')).toContainText('In Power tools › Drills');
  await checkAtWidths(page, 'admin categories');

  // A top-level category: its address is made from its name.
  await page.getByRole('button', { name: 'Add a category' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name').fill(top);
  await dialog.getByLabel('Name').blur();
  await expect(dialog.getByLabel('Address (slug)')).toHaveValue(`bench-${suffix}`);
  await checkAtWidths(page, 'add category dialog');
  await dialog.getByRole('button', { name: 'Add category' }).click();
  await expect(page.getByText(`${top} is added.`)).toBeVisible();
  await expect(row(page, top)).toContainText('Top level');

  // One under it.
  await page.getByRole('button', { name: 'Add a category' }).click();
  await dialog.getByLabel('Name').fill(child);
  await dialog.getByLabel('Address (slug)').fill(`vices-${suffix}`);
  await dialog.getByLabel('Parent category').selectOption({ label: top });
  await dialog.getByRole('button', { name: 'Add category' }).click();
  await expect(page.getByText(`${child} is added.`)).toBeVisible();
  await expect(row(page, child)).toContainText(`In ${top}`);

  // The parent holds a sub-category: deleting it is refused, with the reason.
  await page.getByRole('button', { name: `Delete ${top}` }).click();
  await expect(page.getByRole('dialog')).toContainText(
    `${top} holds 1 sub-category: move them to another category first, then delete it.`,
  );
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('dialog').getByRole('alert')).toContainText('holds 1 sub-category');
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();

  // A category holding tools says so before anything is tried.
  await page.getByRole('button', { name: 'Delete Hammer drills' }).click();
  await expect(page.getByRole('dialog')).toContainText(/Hammer drills holds \d+ tools?:/);
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();

  // Moved under Hand tools, it leaves the parent empty.
  await page.getByRole('button', { name: `Edit ${child}` }).click();
  await dialog.getByLabel('Parent category').selectOption({ label: 'Hand tools' });
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText(`${child} is saved.`)).toBeVisible();
  await expect(row(page, child)).toContainText('In Hand tools');

  for (const name of [top, child]) {
    await page.getByRole('button', { name: `Delete ${name}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText(`${name} is deleted.`)).toBeVisible();
    await expect(row(page, name)).toHaveCount(0);
  }
  expect(problems).toEqual([]);
});
