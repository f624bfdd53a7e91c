import type { Page } from '@playwright/test';
import { deferred } from '../server/testing/deferred.ts';
import {
  apiAs,
  checkAtWidths,
  createTool,
  DEMO_ADMIN,
  expect,
  firstTool,
  test,
  waitForReady,
  watchConsole,
} from './fixtures.ts';
import { signedIn } from './sessions.ts';

/**
 * An admin downloads the catalogue as CSV, checks a file with a mistake and is shown its line and
 * column, then checks and imports a good file: the new tool is in the catalogue.
 */

const HEADER =
  'sku,brand,mpn,gtin,name,category,price,stock,minimum_order,order_increment,max_per_order,weight_grams,price_breaks,img,description';

function row(sku: string, name: string, price: string): string {
  return `${sku},Forge,,,${name},,${price},100,1,1,,0,,/images/tools/quick-release-bar-clamps-4-pieces.svg,"A bench vise imported from a file, with 100 mm jaws."`;
}

async function choose(page: Page, name: string, lines: string[]) {
  await page.getByLabel('CSV file (UTF-8)').setInputFiles({
    name,
    mimeType: 'text/csv',
    buffer: Buffer.from(lines.join('\n')),
  });
}

test.beforeEach(async ({ page }) => {
  await signedIn(page, DEMO_ADMIN);
});

test('an admin exports the catalogue, is shown a bad row by line and column, and imports a good file', async ({
  page,
}) => {
  test.slow();
  const problems = watchConsole(page);
  const admin = await apiAs(DEMO_ADMIN);
  const listed = await createTool(admin, { sku: `E2E-${Date.now().toString(36)}` });

  await page.goto('/dashboard');
  await page
    .getByRole('navigation', { name: 'Dashboard' })
    .getByRole('link', { name: 'Catalogue file' })
    .click();
  await waitForReady(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Catalogue file' })).toBeVisible();
  await checkAtWidths(page, 'catalogue file');

  // The export: every listed tool, the one just added among them.
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download catalogue (CSV)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^catalogue-\d{4}-\d\d-\d\d\.csv$/);
  const exported = await (await download.createReadStream()).toArray();
  const text = Buffer.concat(exported).toString('utf8');
  expect(text.split('\n')[0]).toContain(HEADER);
  expect(text).toContain(`\n${listed.sku},`);

  // A file with a price that is none: the problem by its line and column, nothing imported.
  const sku = `IMP-${Date.now().toString(36)}`;
  const name = `Imported Vise ${sku}`;
  await choose(page, 'bad.csv', [
    HEADER,
    row(`${sku}-A`, `${name} A`, '12.50'),
    row(sku, name, 'cheap'),
  ]);
  await page.getByRole('button', { name: 'Check the file' }).click();
  const problem = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: '3' }) });
  await expect(problem).toContainText('price');
  await expect(problem).toContainText('“cheap” is not a price');
  await expect(page.getByText(/Fix this problem, then check the file again/)).toBeVisible();
  await expect(page.getByRole('button', { name: /^Import/ })).toHaveCount(0);
  await checkAtWidths(page, 'catalogue file with problems');

  // A file whose first line lacks columns: its rows are not read, and the page does not count
  // them as none.
  await choose(page, 'short-header.csv', [
    'sku,name,price,quantity',
    `${sku}-B,${name} B,12.50,4`,
    `${sku}-C,${name} C,13.50,4`,
  ]);
  await page.getByRole('button', { name: 'Check the file' }).click();
  await expect(
    page.getByText('The rows were not read: fix the problems below first.'),
  ).toBeVisible();
  await expect(page.getByText(/^0 rows/)).toHaveCount(0);

  // The good file, checked while its answer is held back: the bar shows how far the store has
  // come, read from the store as the check runs; then the answer.
  const held = deferred();
  await page.route('**/api/catalogue/import/dry-run?**', async (route) => {
    const response = await route.fetch();
    await held.promise;
    await route.fulfill({ response });
  });
  await choose(page, 'good.csv', [HEADER, row(sku, name, '42.00')]);
  await page.getByRole('button', { name: 'Check the file' }).click();
  const bar = page.getByRole('progressbar', { name: 'Checking the file' });
  await expect(bar).toHaveAttribute('aria-valuenow', '100');
  await expect(page.getByText('Done: 1 row checked')).toBeVisible();
  await checkAtWidths(page, 'catalogue file checking');
  held.resolve();
  await expect(
    page.getByText('1 row: 1 tools to add, 0 to change, 0 already as the file says.'),
  ).toBeVisible();
  await expect(bar).toHaveCount(0);
  await page.unroute('**/api/catalogue/import/dry-run?**');
  await page.getByRole('button', { name: 'Import this tool' }).click();
  await expect(
    page.getByText('1 row imported: 1 tools added, 0 changed, 0 left as they were.').first(),
  ).toBeVisible();
  const imported = await firstTool(admin, sku);
  expect(imported).toMatchObject({ sku, name, price: 4200 });
  expect(problems).toEqual([]);
});
