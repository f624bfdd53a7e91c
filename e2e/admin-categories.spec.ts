import type { Page } from '@playwright/test';
import {
  apiAs,
  checkAtWidths,
  createTool,
  DEMO_ADMIN,
  demoTool,
  expect,
  test,
  waitForReady,
  watchConsole,
} from './fixtures.ts';
import { readableText } from './served-html.ts';
import { signedIn } from './sessions.ts';

/**
 * An admin keeps the category tree: adds a category and one under it, moves the second under
 * another parent, is told why a category that still holds something cannot be deleted, then
 * deletes the empty ones.
 */

const row = (page: Page, name: string) =>
  page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: new RegExp(name) }) });

test.beforeEach(async ({ page }) => {
  await signedIn(page, DEMO_ADMIN);
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
    // Its row and button are gone: the keyboard is on the page's title, not its start.
    await expect(page.getByRole('heading', { level: 1, name: 'Manage categories' })).toBeFocused();
  }
  expect(problems).toEqual([]);
});

test('the demo hammer drill’s page is served with its specification table, units shown', async ({
  request,
}) => {
  const drill = await demoTool(request, 'HD-13');
  const html = await (await request.get(`/tools/${drill._id}`)).text();
  const text = readableText(html);
  expect(text).toContain('Specifications');
  expect(text).toMatch(/Chuck size\s+13 mm/);
  expect(text).toMatch(/Voltage\s+230 V/);
  expect(html).toMatch(/<th scope="row"[^>]*>Chuck size<\/th>/);
});

test('an admin gives a category specifications, fills them in on a tool, and buyers read them', async ({
  page,
}) => {
  test.slow();
  const admin = await apiAs(DEMO_ADMIN);
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const shelf = `Chucks ${suffix}`;
  const created = await admin.post('/api/categories', {
    data: { slug: `chucks-${suffix}`, name: shelf },
  });
  expect(created.status()).toBe(201);
  const category = (await created.json()) as { _id: string };
  const tool = await createTool(admin, { name: `Spec Chuck ${suffix}`, categoryId: category._id });

  await page.goto('/dashboard/categories');
  await waitForReady(page);
  await page.getByRole('button', { name: `Specifications of ${shelf}` }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Specification name').fill('Chuck size');
  await dialog.getByLabel('Specification name').blur();
  await expect(dialog.getByLabel('Key')).toHaveValue('chuck-size');
  await dialog.getByLabel('Unit (optional)').fill('mm');
  await dialog.getByLabel('Buyers may filter by it').check();
  await dialog.getByRole('button', { name: 'Add specification' }).click();
  await expect(dialog.getByRole('region', { name: `Specifications of ${shelf}` })).toContainText(
    'number in mm, filterable',
  );
  await dialog.getByLabel('Specification name').fill('Keyless chuck');
  await dialog.getByLabel('Specification name').blur();
  await expect(dialog.getByLabel('Key')).toHaveValue('keyless-chuck');
  await dialog.getByLabel('Kind').selectOption('boolean');
  await dialog.getByRole('button', { name: 'Add specification' }).click();
  await expect(dialog).toContainText('yes or no');
  await checkAtWidths(page, 'category specifications dialog');
  await dialog.getByRole('button', { name: 'Close' }).last().click();

  // The tool's form follows its category: a number with its unit, a box to tick.
  await page.goto(`/dashboard/manageproducts?q=${encodeURIComponent(tool.name)}`);
  await waitForReady(page);
  await page.getByRole('button', { name: `Edit ${tool.name}` }).click();
  const form = page.getByRole('dialog');
  await expect(form.getByText('Moving the tool to another category keeps only')).toBeVisible();
  await form.getByLabel('Chuck size (mm)').fill('thirteen');
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(form.getByText('Enter a number, such as 13 or 2.5.')).toBeVisible();
  await form.getByLabel('Chuck size (mm)').fill('13');
  await form.getByLabel('Keyless chuck').check();
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText(`${tool.name} is saved.`)).toBeVisible();

  // Buyers read them in a table on the tool's page.
  await page.goto(`/tools/${tool._id}`);
  await waitForReady(page);
  const table = page.getByRole('table', { name: `Specifications of ${tool.name}` });
  await expect(table.getByRole('row', { name: 'Chuck size 13 mm' })).toBeVisible();
  await expect(table.getByRole('row', { name: 'Keyless chuck Yes' })).toBeVisible();
  await checkAtWidths(page, 'tool page with specifications');

  // Deleting a specification says first how many tools lose their value.
  await page.goto('/dashboard/categories');
  await waitForReady(page);
  await page.getByRole('button', { name: `Specifications of ${shelf}` }).click();
  // A specification changes in place: here it becomes filterable.
  await dialog.getByRole('button', { name: 'Edit the specification Keyless chuck' }).click();
  await dialog.getByLabel('Buyers may filter by it').first().check();
  await dialog.getByRole('button', { name: 'Save Keyless chuck' }).click();
  await expect(dialog.getByRole('region', { name: `Specifications of ${shelf}` })).toContainText(
    'yes or no, filterable',
  );
  await dialog.getByRole('button', { name: 'Delete the specification Chuck size' }).click();
  await expect(dialog.getByRole('alert')).toContainText(
    'Delete Chuck size? 1 tool loses its value of it, for good.',
  );
  await dialog.getByRole('button', { name: 'Delete Chuck size' }).click();
  await expect(
    dialog.getByRole('region', { name: `Specifications of ${shelf}` }),
  ).not.toContainText('Chuck size');
  const after = await (await admin.get(`/api/purchase/${tool._id}`)).json();
  expect(after.specs).toEqual({ 'keyless-chuck': true });
});
