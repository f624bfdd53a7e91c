import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';
import {
  apiAs,
  checkAtWidths,
  createTool,
  DEMO_ADMIN,
  expect,
  keepPdfImage,
  newAccount,
  payOrder,
  test,
  waitForReady,
} from './fixtures.ts';
import { signedIn } from './sessions.ts';

/**
 * Tax by destination on the admin's Tax screen, at a phone's width and a desktop's: rates for
 * Portugal and a region of it (no other journey orders to Portugal, so their totals keep the
 * store's rate), changed and deleted; a customer marked tax-exempt and the exemption ended; a
 * company's Portuguese VAT number checked, marked verified and withdrawn; then
 * that customer's order to Lisbon carries Portugal's rate on its invoice.
 */

const PORTUGAL = 'PT';

/** The text of a PDF, its whitespace squeezed to single spaces. */
async function pdfText(path: string): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(await readFile(path)));
  const { text } = await extractText(pdf, { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

/** Opens the rate form, fills what is given and submits it. */
async function submitRate(
  page: Page,
  rate: { country?: string; region?: string; postcodes?: string; rate: string; label?: string },
) {
  const dialog = page.getByRole('dialog');
  if (rate.country) await dialog.getByLabel('Country').selectOption(rate.country);
  if (rate.region !== undefined) {
    await dialog.getByLabel('Applies to').selectOption('region');
    await dialog.getByLabel('Region').fill(rate.region);
    await dialog.getByLabel('Postcodes beginning with').fill(rate.postcodes ?? '');
  }
  await dialog.getByLabel('Rate (%)').fill(rate.rate);
  if (rate.label) await dialog.getByLabel('Called', { exact: true }).fill(rate.label);
  await dialog.getByRole('button', { name: /^(Add rate|Save changes)$/ }).click();
}

/** The journey's rates go, whatever happened, so that no later order meets them. */
async function removePortugal(admin: APIRequestContext) {
  const rates = (await (await admin.get('/api/tax-rates')).json()) as {
    _id: string;
    country: string;
  }[];
  for (const rate of rates.filter((each) => each.country === PORTUGAL))
    await admin.delete(`/api/tax-rates/${rate._id}`);
}

/** A Portuguese-looking VAT number: PT and nine digits. */
const portugueseVatNumber = () =>
  `PT${String(Date.now() * 1000 + Math.floor(Math.random() * 1000)).slice(-9)}`;

/** The Tax screen's VAT numbers, with a company the owner makes and changes through the API. */
async function checkVatNumbers(page: Page, owner: APIRequestContext) {
  const name = `Aveiro Ferragens ${Date.now().toString(36)}`;
  const first = portugueseVatNumber();
  const made = await owner.post('/api/companies', {
    data: { name, vatNumber: first, billingAddress: 'Rua Direita 1\n3800-150 Aveiro' },
  });
  expect(made.status(), await made.text()).toBe(201);
  const changeNumber = async (vatNumber: string) => {
    const changed = await owner.patch('/api/companies/mine', { data: { vatNumber } });
    expect(changed.status(), await changed.text()).toBe(200);
  };

  await page.reload();
  await waitForReady(page);
  const section = page.getByRole('region', { name: 'VAT numbers for the reverse charge' });
  await expect(section).toContainText('carry no VAT (the reverse charge) only while');
  await expect(section.getByRole('tab', { name: 'To check' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  const toCheck = section
    .getByRole('table', { name: 'VAT numbers to check' })
    .getByRole('row')
    .filter({ hasText: name });
  await expect(toCheck).toContainText(first);
  await expect(toCheck.getByRole('cell', { name: 'Portugal' })).toBeVisible();
  await expect(toCheck).not.toContainText('verified before');

  // The company changes its number while the admin looks: the server says so, the list is read again.
  await toCheck.getByRole('button', { name: `Mark verified for ${name}` }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`checked ${first} with the tax office (VIES)`);
  await expect(dialog).toContainText('orders to Portugal then carry no VAT');
  await checkAtWidths(page, 'tax vat number confirm');
  const second = portugueseVatNumber();
  await changeNumber(second);
  await dialog.getByRole('button', { name: 'Mark verified' }).click();
  await expect(
    page.getByText(`${name} gives the VAT number ${second} now, not ${first}: check that one.`),
  ).toBeVisible();
  await expect(toCheck).toContainText(second);

  await toCheck.getByRole('button', { name: `Mark verified for ${name}` }).click();
  await dialog.getByRole('button', { name: 'Mark verified' }).click();
  await expect(
    page.getByText(
      `${name}'s VAT number ${second} is verified: its orders to Portugal carry no VAT from now on.`,
    ),
  ).toBeVisible();
  await expect(toCheck).toHaveCount(0);

  // Changed again, the number is to check once more, and the one verified before is named.
  const third = portugueseVatNumber();
  await changeNumber(third);
  await page.reload();
  await waitForReady(page);
  await expect(toCheck).toContainText(third);
  await expect(toCheck).toContainText(
    `${second} was verified before; the company has changed it since.`,
  );
  await checkAtWidths(page, 'tax vat numbers to check');
  await toCheck.getByRole('button', { name: `Mark verified for ${name}` }).click();
  await dialog.getByRole('button', { name: 'Mark verified' }).click();
  await expect(page.getByText(`${name}'s VAT number ${third} is verified`)).toBeVisible();

  // Under "Verified", with when; then withdrawn, it is to check again.
  await section.getByRole('tab', { name: 'Verified' }).click();
  await expect(page).toHaveURL(/[?&]vat=verified/);
  await expect(section.getByRole('tab', { name: 'Verified' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  const verified = section
    .getByRole('table', { name: 'Verified VAT numbers' })
    .getByRole('row')
    .filter({ hasText: name });
  await expect(verified).toContainText(third);
  await expect(verified).toContainText('Portugal');
  await checkAtWidths(page, 'tax verified vat numbers');
  await verified.getByRole('button', { name: `Withdraw the number of ${name}` }).click();
  await expect(dialog).toContainText(`${name}'s orders are taxed at their destination's rate`);
  await dialog.getByRole('button', { name: 'Withdraw' }).click();
  await expect(page.getByText(`${name}'s VAT number is no longer verified`)).toBeVisible();
  await expect(verified).toHaveCount(0);
  // The keyboard moves between the views.
  await section.getByRole('tab', { name: 'Verified' }).press('ArrowLeft');
  await expect(section.getByRole('tab', { name: 'To check' })).toBeFocused();
  await expect(toCheck).toContainText(third);
  await expect(toCheck).not.toContainText('verified before');
}

test('an admin keeps rates for a country and a region and an exemption, and an order to the country is taxed at its rate', async ({
  page,
  browser,
}) => {
  test.slow();
  const admin = await apiAs(DEMO_ADMIN);
  const account = newAccount('Paula Portugal');
  const buyer = await apiAs(account, { create: true });
  try {
    await signedIn(page, DEMO_ADMIN);
    await page.goto('/dashboard/overview');
    await waitForReady(page);
    await page
      .getByRole('navigation', { name: 'Dashboard' })
      .getByRole('link', { name: 'Tax', exact: true })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Tax' })).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/tax$/);
    await waitForReady(page);
    // In sentences an owner reads: what the store's own rate is and where it is changed, never
    // the name of the setting.
    const storeRate = page.getByText(
      "A destination without a rate of its own is taxed at the store's own rate",
    );
    await expect(storeRate).toHaveText(
      "A destination without a rate of its own is taxed at the store's own rate (0%). That rate is part of the store's configuration, set when the store is started, so it is changed there, not on this page.",
    );
    await expect(page.getByRole('main')).not.toContainText('TAX_RATE');

    // No country chosen from the list: asked for as a choice, not as a code.
    await page.getByRole('button', { name: 'Add a tax rate' }).click();
    await submitRate(page, { country: '', rate: '23' });
    await expect(page.getByRole('dialog').getByText('Choose a country.')).toBeVisible();
    await expect(page.getByRole('dialog').getByLabel('Country')).toBeFocused();
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();

    // Portugal's own rate.
    await page.getByRole('button', { name: 'Add a tax rate' }).click();
    await submitRate(page, { country: PORTUGAL, rate: '23' });
    await expect(page.getByText('Orders to Portugal are taxed at 23%.')).toBeVisible();

    // A region needs its postcodes; the country's own rate cannot be added twice.
    await page.getByRole('button', { name: 'Add a tax rate' }).click();
    const dialog = page.getByRole('dialog');
    await submitRate(page, { country: PORTUGAL, region: 'Madeira', postcodes: '', rate: '21' });
    await expect(
      dialog.getByText('Name the beginnings of the postcodes the region covers.'),
    ).toBeVisible();
    await dialog.getByLabel('Applies to').selectOption('country');
    await dialog.getByRole('button', { name: 'Add rate' }).click();
    await expect(dialog.getByRole('alert')).toContainText(
      'All of Portugal has a rate already: change that one. Nothing was saved.',
    );
    await checkAtWidths(page, 'tax rate form with errors');

    // Madeira, by its postcodes; the Azores too.
    await dialog.getByLabel('Applies to').selectOption('region');
    await dialog.getByLabel('Postcodes beginning with').fill('90, 91, 92, 93');
    await dialog.getByRole('button', { name: 'Add rate' }).click();
    await expect(page.getByText('Orders to Madeira are taxed at 21%.')).toBeVisible();
    await page.getByRole('button', { name: 'Add a tax rate' }).click();
    await submitRate(page, {
      country: PORTUGAL,
      region: 'Azores',
      postcodes: '95 96 97 98 99',
      rate: '16',
    });
    // A region's name reads as sentences say it: "the Azores".
    await expect(page.getByText('Orders to the Azores are taxed at 16%.')).toBeVisible();

    // Listed under Portugal: its own rate first, then its regions with their postcodes.
    const portugal = page.getByRole('table', { name: 'Tax rates for Portugal' });
    const rows = portugal.getByRole('row');
    await expect(rows).toHaveCount(4);
    await expect(rows.nth(1)).toContainText('All of Portugal');
    await expect(rows.nth(1)).toContainText('23%');
    await expect(rows.nth(2)).toContainText('Azores');
    await expect(rows.nth(2)).toContainText('Postcodes beginning 95, 96, 97, 98, 99');
    await expect(rows.nth(3)).toContainText('Madeira');
    await expect(rows.nth(3)).toContainText('Postcodes beginning 90, 91, 92, 93');

    // Madeira changes to 22%; the Azores' rate is deleted.
    await rows.nth(3).getByRole('button', { name: 'Edit Madeira' }).click();
    await checkAtWidths(page, 'tax rate form');
    await submitRate(page, { rate: '22' });
    await expect(page.getByText('Orders to Madeira are taxed at 22% from now on.')).toBeVisible();
    await expect(rows.nth(3)).toContainText('22%');
    await rows.nth(2).getByRole('button', { name: 'Delete Azores' }).click();
    await expect(page.getByRole('dialog')).toContainText(
      "Orders to the Azores are taxed at the rate of Portugal, or the store's, from now on.",
    );
    await page.getByRole('dialog').getByRole('button', { name: 'Delete rate' }).click();
    await expect(page.getByText('The rate of the Azores is deleted.')).toBeVisible();
    // Its row and button are gone: the keyboard is on the page's title, not its start.
    await expect(page.getByRole('heading', { level: 1, name: 'Tax' })).toBeFocused();
    await expect(rows).toHaveCount(3);
    await expect(portugal).not.toContainText('Azores');

    // The customer is marked tax-exempt, then the exemption ends.
    const exemption = page.getByRole('form', { name: 'Mark a buyer tax-exempt' });
    await exemption.getByLabel('For', { exact: true }).selectOption('customer');
    await exemption.getByLabel("Customer's email").fill(account.email);
    await exemption.getByLabel('Reference').fill('EXEMPT-CERT-7');
    await exemption.getByRole('button', { name: 'Mark tax-exempt' }).click();
    await expect(page.getByText(`${account.name} is tax-exempt from now on.`)).toBeVisible();
    const exempt = page
      .getByRole('table', { name: 'Tax-exempt buyers' })
      .getByRole('row')
      .filter({ hasText: account.email });
    await expect(exempt).toContainText('EXEMPT-CERT-7');
    await checkAtWidths(page, 'tax');
    await exempt.getByRole('button', { name: /^End exemption/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'End exemption' }).click();
    await expect(page.getByText(`${account.name}'s orders carry tax from now on.`)).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Tax' })).toBeFocused();
    await expect(exempt).toHaveCount(0);

    // A company's Portuguese VAT number is checked: the number it changed meanwhile is refused,
    // the new one marked verified; changed again, it is to check once more, then withdrawn.
    const owner = await apiAs(newAccount('Aveiro Owner'), { create: true });
    try {
      await checkVatNumbers(page, owner);
    } finally {
      await owner.dispose();
    }

    // The customer orders to Lisbon from their address book: taxed at Portugal's 23%.
    const tool = await createTool(admin, { price: 10000, minimumOrder: 1, quantity: 50 });
    const lisbon = {
      label: 'Lisbon yard',
      recipient: account.name,
      line1: 'Rua Augusta 100',
      postcode: '1100-053',
      city: 'Lisboa',
      country: PORTUGAL,
      phone: '+351 21 000 0000',
    };
    const saved = await buyer.post('/api/addresses', { data: lisbon });
    expect(saved.status()).toBe(201);
    expect(
      (
        await buyer.put('/api/cart', { data: { lines: [{ toolId: tool._id, quantity: 2 }] } })
      ).status(),
    ).toBe(200);
    // The checkout shows what the order comes to there, and the order is placed at that.
    const buyerPage = await (await browser.newContext()).newPage();
    await signedIn(buyerPage, account);
    await buyerPage.goto('/cart');
    await waitForReady(buyerPage);
    await buyerPage.getByRole('radio', { name: /Lisbon yard/ }).check();
    // Two tools at 100.00 with no tax in them (the store's rate is 0%), and Portugal's 23% on top.
    await expect(buyerPage.getByTestId('checkout-total')).toHaveText('$246.00');
    await buyerPage.getByRole('button', { name: 'Place order' }).click();
    await expect(
      buyerPage.getByRole('status').filter({ hasText: 'Your order is placed' }),
    ).toContainText('total $246.00');
    const [order] = (await (
      await buyer.get(`/api/user?email=${encodeURIComponent(account.email)}`)
    ).json()) as { _id: string; totalAmount: number }[];
    if (!order) throw new Error('the order is not listed');
    expect(order.totalAmount).toBe(24600);
    await payOrder(buyer, order._id);

    await buyerPage.goto(`/dashboard/orders/${order._id}`);
    await waitForReady(buyerPage);
    await expect(buyerPage.getByTestId('order-total')).toHaveText('$246.00');
    await checkAtWidths(buyerPage, 'order taxed at its destination');
    const downloading = buyerPage.waitForEvent('download');
    await buyerPage.getByRole('link', { name: 'Download invoice (PDF)' }).click();
    const pdfPath = await (await downloading).path();
    await keepPdfImage(pdfPath, 'invoice-taxed-at-its-destination');
    const text = await pdfText(pdfPath);
    expect(text).toContain('Tax at 23% on $200.00');
    expect(text).toContain('$46.00');
  } finally {
    await removePortugal(admin);
    await admin.dispose();
    await buyer.dispose();
  }
});
