import {
  apiAs,
  cartLine,
  createTool,
  DEMO_ADMIN,
  expect,
  expectAccessible,
  test,
  waitForReady,
} from './fixtures.ts';
import { readableText } from './served-html.ts';

/** Ordering by part number: typed lines and a CSV file checked row by row, then into the cart. */

/** Text as a spreadsheet's "Unicode text": UTF-16, little endian, with its byte order mark. */
function utf16(text: string): Buffer {
  return Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
}

test('a visitor orders by part number: each line explained, a CSV file read, the ready lines in the cart', async ({
  page,
}) => {
  const admin = await apiAs(DEMO_ADMIN);
  const suffix = Date.now().toString(36).toUpperCase();
  const pliers = await createTool(admin, {
    sku: `QO-PL-${suffix}`,
    name: `Quick Pliers ${suffix}`,
    minimumOrder: 10,
    price: 800,
  });
  const anchors = await createTool(admin, {
    sku: `QO-AN-${suffix}`,
    name: `Quick Anchors ${suffix}`,
    minimumOrder: 10,
    orderIncrement: 10,
    price: 50,
  });

  // Served with its form before any script runs, and linked from every page.
  const served = await (await page.request.get('/quick-order')).text();
  expect(readableText(served)).toContain('Order by part number');
  expect(served).toMatch(/href="\/quick-order"/);

  await page.setViewportSize({ width: 320, height: 700 });
  await page.goto('/quick-order');
  await waitForReady(page);
  const pad = page.getByLabel('Part numbers and quantities');
  const summary = page.getByRole('status').filter({ hasText: /ready|line/ });

  await page.getByRole('button', { name: 'Check the list' }).click();
  await expect(page.getByText('Write at least one part number and its quantity')).toBeVisible();
  await expect(pad).toHaveAttribute('aria-invalid', 'true');

  await pad.fill(
    [
      `${pliers.sku} 20`,
      `${anchors.sku},25`,
      `NOPE-${suffix} 3`,
      `${pliers.sku.toLowerCase()};10`,
    ].join('\n'),
  );
  await page.getByRole('button', { name: 'Check the list' }).click();
  // Four lines typed, two of them the same part number: the summary counts all four.
  await expect(summary).toHaveText(
    `Read 4 lines; lines 1 and 4 both name ${pliers.sku}, so they are summed into one. 1 line is ready to add to the cart; 2 lines need changes.`,
  );
  const rows = page.getByTestId('quick-order-row');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0)).toContainText('Lines 1 and 4');
  await expect(rows.nth(0)).toContainText(`Ready: 30 × ${pliers.name} (lines 1 and 4, summed).`);
  // Each problem is tied to its row: the row's description is its sentence.
  await expect(page.getByRole('listitem', { name: /Line 2/ })).toHaveAccessibleDescription(
    `Needs a change: Sold in packs of 10: order 20 or 30 units of ${anchors.name}, not 25.`,
  );
  await expect(rows.nth(2)).toContainText(
    `No tool in the catalogue has the part number NOPE-${suffix}`,
  );
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await expectAccessible(page, 'the quick order pad with its rows');

  // A CSV file saved as "Unicode text", with its header.
  await page.getByLabel(/Or choose a CSV file/).setInputFiles({
    name: 'order.csv',
    mimeType: 'text/csv',
    buffer: utf16(`sku,quantity\r\n${anchors.sku},30\r\n${pliers.sku},20\r\n`),
  });
  await expect(summary).toHaveText('All 2 lines are ready to add to the cart.');
  await page.getByRole('button', { name: 'Add 2 ready lines to the cart' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Added' })).toHaveText(
    'Added 2 lines to your cart. View cart',
  );

  await page.getByRole('link', { name: 'View cart' }).click();
  await waitForReady(page);
  await expect(cartLine(page, anchors.name).getByLabel(/^Units of/)).toHaveValue('30');
  await expect(cartLine(page, pliers.name).getByLabel(/^Units of/)).toHaveValue('20');
});
