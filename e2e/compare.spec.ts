import type { Tool } from '../contract/tools.ts';
import {
  expect,
  expectAccessible,
  keepScreenshot,
  test,
  waitForReady,
  watchConsole,
} from './fixtures.ts';

/** Two demo tools of one category, both with specifications. */
async function twoAlike(request: import('@playwright/test').APIRequestContext): Promise<Tool[]> {
  const tools = (await (await request.get('/api/tools?limit=100')).json()) as Tool[];
  const specified = tools.filter(
    (tool) => tool.categoryId !== null && Object.keys(tool.specs).length > 0,
  );
  for (const tool of specified) {
    const other = specified.find(
      (candidate) => candidate._id !== tool._id && candidate.categoryId === tool.categoryId,
    );
    if (other) return [tool, other];
  }
  throw new Error('the demo catalogue has no two tools of one category with specifications');
}

test('a buyer picks two tools to compare and reads them side by side at 320 px, differences marked', async ({
  page,
}) => {
  const problems = watchConsole(page);
  const [first, second] = await twoAlike(page.request);
  if (!first || !second) throw new Error('two tools expected');
  await page.setViewportSize({ width: 320, height: 800 });

  await page.goto('/compare');
  await waitForReady(page);
  await expect(page.getByText('Pick at least two tools to compare')).toBeVisible();

  await page.goto(`/tools/${first._id}`);
  await waitForReady(page);
  await page.getByRole('button', { name: `Add to compare: ${first.name}` }).click();
  await expect(page.getByText('Pick one more tool to compare.')).toBeVisible();
  await page.goto(`/tools/${second._id}`);
  await waitForReady(page);
  await page.getByRole('button', { name: `Add to compare: ${second.name}` }).click();
  await expect(
    page.getByRole('button', { name: `Remove from compare: ${second.name}` }),
  ).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('link', { name: 'Compare 2 tools' }).click();

  await expect(page).toHaveURL(/\/compare\?ids=/);
  const table = page.getByRole('table');
  await expect(table.getByRole('columnheader', { name: new RegExp(first.name) })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: new RegExp(second.name) })).toBeAttached();
  const skuRow = table
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: /SKU/ }) });
  await expect(skuRow).toContainText(first.sku);
  await expect(skuRow).toContainText(second.sku);
  await expect(skuRow).toContainText('Differs');
  const rows = await table.getByRole('row').count();
  await page.getByLabel('Show only what differs').check();
  const differing = await table.getByRole('row').count();
  expect(differing).toBeLessThanOrEqual(rows);
  await expect(table.getByRole('rowheader', { name: /SKU/ })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await expectAccessible(page, 'the comparison at 320 px');
  await keepScreenshot(page, 'compare-320', { fullPage: true });

  expect(problems).toEqual([]);

  // A tool gone from the catalogue is said so (the browser logs the store's 404), the others shown.
  await page.goto(`/compare?ids=${first._id},${second._id},0a5e6f1c-0000-4000-8000-00000000000f`);
  await expect(
    page.getByText('One of the tools asked for is no longer in the catalogue.'),
  ).toBeVisible();
  await expect(page.getByRole('table').getByRole('rowheader', { name: /SKU/ })).toBeVisible();

  // The comparison's address is shareable: the server sends the table itself.
  const html = await (await page.request.get(`/compare?ids=${first._id},${second._id}`)).text();
  expect(html).toContain(first.sku);
  expect(html).toContain(second.sku);
});
