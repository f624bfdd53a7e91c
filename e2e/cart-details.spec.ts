import {
  addFromToolPage,
  apiAs,
  createTool,
  DEMO_ADMIN,
  expect,
  newAccount,
  signUp,
  test,
  waitForReady,
} from './fixtures.ts';

/** The cart page keeps what the buyer typed, and says what joining a visitor's cart did. */

test('the delivery address, PO number and note typed at checkout survive a reload, and go once the order is placed', async ({
  page,
}) => {
  const admin = await apiAs(DEMO_ADMIN);
  const tool = await createTool(admin, { name: `Draft Saw ${Date.now().toString(36)}` });
  const customer = newAccount('Dora Draft');
  await signUp(page.request, customer);
  await addFromToolPage(page, tool);

  await page.goto('/cart');
  await waitForReady(page);
  const address = page.getByLabel('Delivery address');
  const poNumber = page.getByLabel('Purchase order number (optional)');
  const note = page.getByLabel('Note (optional)');
  await address.fill('12 Draft Lane\nSpringfield');
  await poNumber.fill('PO-DRAFT-9');
  await note.fill('Gate B, before noon');

  await page.reload();
  await waitForReady(page);
  await expect(address).toHaveValue('12 Draft Lane\nSpringfield');
  await expect(poNumber).toHaveValue('PO-DRAFT-9');
  await expect(note).toHaveValue('Gate B, before noon');

  await page.getByLabel('Phone').fill('+1 555 010 4000');
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByRole('heading', { name: 'Your order is placed' })).toBeFocused();
  expect(await page.evaluate(() => Object.keys(sessionStorage))).not.toContainEqual(
    expect.stringMatching(/^toolyard\.checkout\./),
  );

  // The next cart starts with empty details.
  await addFromToolPage(page, tool);
  await page.goto('/cart');
  await waitForReady(page);
  await expect(address).toHaveValue('');
  await expect(poNumber).toHaveValue('');
  await expect(note).toHaveValue('');
});
