import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { addUnansweredRefund } from './database.ts';
import {
  apiAs,
  checkAtWidths,
  createTool,
  DEMO_ADMIN,
  expect,
  joinCompany,
  keepPdfImage,
  newAccount,
  payOrder,
  placeOrder,
  test,
  waitForReady,
} from './fixtures.ts';
import { signedIn } from './sessions.ts';

test("an admin refunds a line of a card order with its units back in stock; the buyer sees the credit note on the order and in their list, and downloads its PDF; their company's owner lists it too", async ({
  page,
}) => {
  const admin = await apiAs(DEMO_ADMIN);
  const tool = await createTool(admin, {
    name: `Refund Vise ${Date.now().toString(36)}`,
    minimumOrder: 1,
    quantity: 40,
  });
  // The buyer orders for a company, whose owner reads its credit notes.
  const owner = newAccount('Rory Owner');
  const ownerApi = await apiAs(owner, { create: true });
  const company = await ownerApi.post('/api/companies', {
    data: { name: `Refund Works ${Date.now().toString(36)}` },
  });
  expect(company.ok(), await company.text()).toBe(true);
  const buyer = newAccount('Rhea Refund');
  await joinCompany(ownerApi, buyer, 'buyer');
  await ownerApi.dispose();
  const buyerApi = await apiAs(buyer);
  const order = await placeOrder(buyerApi, buyer.email, tool, 3);
  await payOrder(buyerApi, order._id);
  // Read afresh: the tool's whole id finds it alone.
  const stockOf = async () => {
    const found = await admin.get(`/api/tools/manage?q=${tool._id}`);
    return ((await found.json()) as { _id: string; quantity: number }[])[0]?.quantity ?? -1;
  };
  const stockBefore = await stockOf();

  // The admin refunds one of the three units, back to the card, and puts it back in stock.
  await signedIn(page, DEMO_ADMIN);
  await page.goto(`/dashboard/orders/${order._id}`);
  await waitForReady(page);
  await page.getByRole('button', { name: 'Refund', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Refund order ${order.number}` });
  await dialog.getByLabel(new RegExp(`^${tool.name}`)).fill('1');
  await dialog.getByLabel(/^Return to stock/).check();
  await expect(dialog).toContainText('Refund comes to $12.90.');
  await dialog.getByLabel('Note').fill('One vise came back unopened.');
  await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(dialog).toBeHidden();
  const number = page.getByTestId('credit-note-number');
  await expect(number).toHaveText(/^CN-\d{6}$/);
  const creditNote = (await number.textContent()) ?? '';
  await expect(page.getByRole('list', { name: 'Order timeline' })).toContainText(
    `1 × ${tool.name}, returned to stock.`,
  );
  expect(await stockOf()).toBe(stockBefore + 1);

  // The buyer sees it on the order and downloads its PDF.
  await page.context().clearCookies();
  await signedIn(page, buyer);
  await page.goto(`/dashboard/orders/${order._id}`);
  await waitForReady(page);
  const notes = page.getByRole('region', { name: 'Credit notes' });
  await expect(notes).toContainText(`${creditNote}: $12.90 credited on invoice INV-`);
  await checkAtWidths(page, 'refunded order');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    notes.getByRole('link', { name: `Credit note ${creditNote} (PDF)` }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`${creditNote}.pdf`);
  const pdfPath = (await download.path()) ?? '';
  expect((await readFile(pdfPath)).subarray(0, 5).toString()).toBe('%PDF-');
  await keepPdfImage(pdfPath, 'credit-note-pdf');

  // And in their list of credit notes.
  await page.goto('/dashboard/credit-notes');
  await waitForReady(page);
  const table = page.getByRole('table', { name: 'Your credit notes' });
  await expect(table).toContainText(creditNote);
  await expect(table).toContainText(order.number);
  await expect(table.getByRole('columnheader', { name: 'Ordered by' })).toHaveCount(0);
  await checkAtWidths(page, 'credit notes');

  // The company's owner lists it with who ordered.
  await page.context().clearCookies();
  await signedIn(page, owner);
  await page.goto('/dashboard/credit-notes');
  await waitForReady(page);
  const row = table.getByRole('row').filter({ hasText: creditNote });
  await expect(row).toContainText(order.number);
  await expect(row).toContainText(buyer.name);
  await expect(table.getByRole('columnheader', { name: 'Ordered by' })).toBeVisible();
  await checkAtWidths(page, 'credit notes of a company');
});

/**
 * A paid card order of `units` of a new tool, its page open for the admin and its refund dialog
 * filled for one unit, not yet sent.
 */
async function refundOneUnit(page: Page, toolName: string, units: number) {
  const admin = await apiAs(DEMO_ADMIN);
  const tool = await createTool(admin, {
    name: `${toolName} ${Date.now().toString(36)}`,
    minimumOrder: 1,
    quantity: 40,
  });
  const buyer = newAccount('Rae Refund');
  const buyerApi = await apiAs(buyer, { create: true });
  const order = await placeOrder(buyerApi, buyer.email, tool, units);
  await payOrder(buyerApi, order._id);
  await signedIn(page, DEMO_ADMIN);
  await page.goto(`/dashboard/orders/${order._id}`);
  await waitForReady(page);
  await page.getByRole('button', { name: 'Refund', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Refund order ${order.number}` });
  await dialog.getByLabel(new RegExp(`^${tool.name}`)).fill('1');
  await dialog.getByLabel('Note').fill('One clamp came back.');
  return { admin, tool, order, dialog };
}

test('a refund whose answer was lost and is then changed is refused as the refund it may repeat, said in a sentence; the next press is a refund of its own', async ({
  page,
}) => {
  const { admin, tool, order, dialog } = await refundOneUnit(page, 'Lost Answer Clamp', 4);
  const refundedUnits = async () =>
    (
      (await (await admin.get(`/api/orders/${order._id}`)).json()) as {
        refunds: { lines: { quantity: number }[] }[];
      }
    ).refunds
      .map((refund) => refund.lines[0]?.quantity)
      .sort();

  // The first refund reaches the store, which makes it; its answer never reaches the page.
  let lost = 0;
  await page.route(`**/api/orders/${order._id}/refunds`, async (route) => {
    if (lost > 0) return route.continue();
    lost += 1;
    await route.fetch();
    await route.abort('connectionreset');
  });
  await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(dialog.getByRole('alert')).toContainText(
    'We cannot tell whether the refund went through. Try again',
  );
  // Changed to two units, it may be the same refund meant: nothing moves, and the admin is told
  // what the first try did, in words for them.
  await dialog.getByLabel(new RegExp(`^${tool.name}`)).fill('2');
  await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(dialog.getByRole('alert')).toContainText(
    'Your earlier try made a refund, with the details as they were before your change',
  );
  await expect(dialog.getByRole('alert')).not.toContainText('Idempotency-Key');
  expect(await refundedUnits()).toEqual([1]);
  // The dialog counts from the order as it is now: one of its four units refunded.
  await expect(dialog.getByText(`3 of 4 left to refund`)).toBeVisible();
  // Asked for once more, it is a second refund: the admin was told what the first did.
  await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(dialog).toBeHidden();
  expect(await refundedUnits()).toEqual([1, 2]);
});

test('a refund an earlier try is still sending keeps its key: asked again, it is that refund, not a second one', async ({
  page,
}) => {
  const { order, dialog } = await refundOneUnit(page, 'Busy Send Clamp', 2);
  // The store says the refund is still being sent by an earlier try (as it does while the
  // payment provider has not answered that try yet); the next press goes through.
  const keys: (string | undefined)[] = [];
  await page.route(`**/api/orders/${order._id}/refunds`, async (route) => {
    keys.push(route.request().headers()['idempotency-key']);
    if (keys.length > 1) return route.continue();
    await route.fulfill({
      status: 409,
      contentType: 'application/problem+json',
      body: JSON.stringify({
        type: 'about:blank',
        title: 'Conflict',
        status: 409,
        code: 'refund_being_sent',
        detail:
          'This refund is still being sent to the payment provider by an earlier attempt, which waits for its answer. Nothing was sent again: reload the order in a moment to see how it went.',
      }),
    });
  });
  await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(dialog.getByRole('alert')).toContainText('still being sent to the payment provider');
  await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(dialog).toBeHidden();
  expect(keys).toHaveLength(2);
  expect(keys[1]).toBe(keys[0]);
});

test('an admin sends again a refund the payment provider never answered: it goes through once, the page says so, and it leaves the list', async ({
  page,
}) => {
  const admin = await apiAs(DEMO_ADMIN);
  const tool = await createTool(admin, {
    name: `Unanswered Drill ${Date.now().toString(36)}`,
    minimumOrder: 1,
    quantity: 40,
  });
  const buyer = newAccount('Una Unanswered');
  const buyerApi = await apiAs(buyer, { create: true });
  const order = await placeOrder(buyerApi, buyer.email, tool, 2);
  await payOrder(buyerApi, order._id);
  const refundId = await addUnansweredRefund(order._id, 500);

  await signedIn(page, DEMO_ADMIN);
  await page.goto(`/dashboard/orders/${order._id}`);
  await waitForReady(page);
  const unanswered = page.getByRole('region', {
    name: 'Refunds the payment provider has not answered',
  });
  await expect(unanswered).toContainText('The refund of $5.00 made');
  await expect(unanswered).toContainText('its amount stays held');
  await unanswered.getByRole('button', { name: 'Send again' }).click();
  await expect(unanswered.getByRole('status')).toHaveText(
    /^The refund of \$5\.00 was sent again and went through: credit note CN-\d{6}\.$/,
  );
  await expect(unanswered.getByRole('heading')).toBeFocused();
  await expect(unanswered.getByRole('button', { name: 'Send again' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Credit notes' })).toContainText('$5.00 credited');

  // Sent again now, it is refused: nothing moves twice.
  const again = await admin.post(`/api/orders/${order._id}/refunds/${refundId}/send`);
  expect(again.status()).toBe(409);
  expect(((await again.json()) as { code: string }).code).toBe('refund_not_resendable');
  const refunds = (await (await admin.get(`/api/orders/${order._id}`)).json()) as {
    refunds: { status: string; canSendAgain: boolean }[];
  };
  expect(refunds.refunds).toEqual([
    expect.objectContaining({ status: 'succeeded', canSendAgain: false }),
  ]);

  // Its buyer sees the credit note, never the admin's list.
  await page.context().clearCookies();
  await signedIn(page, buyer);
  await page.goto(`/dashboard/orders/${order._id}`);
  await waitForReady(page);
  await expect(page.getByRole('region', { name: 'Credit notes' })).toContainText('$5.00 credited');
  await expect(
    page.getByRole('region', { name: 'Refunds the payment provider has not answered' }),
  ).toHaveCount(0);
});
