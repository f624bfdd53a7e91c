import {
  addFromToolPage,
  apiAs,
  checkAtWidths,
  createTool,
  DEMO_ADMIN,
  expect,
  newAccount,
  test,
  waitForReady,
} from './fixtures.ts';
import { linkFromOutbox } from './outbox.ts';
import { signedIn, signedUp } from './sessions.ts';

/**
 * A buyer asks for a quote from the cart (more than the store has in stock), the store offers a
 * better price on one line and leaves the other out, both write, and the buyer accepts the offer
 * into an order at the offered price.
 */

test('a buyer asks for a quote from the cart, the store offers and writes, and the accepted offer becomes an order at the offered price', async ({
  page,
  browser,
}) => {
  test.slow();
  const admin = await apiAs(DEMO_ADMIN);
  const suffix = Date.now().toString(36);
  const saw = await createTool(admin, {
    name: `Quote Saw ${suffix}`,
    price: 24_900,
    minimumOrder: 1,
    quantity: 40,
  });
  const blades = await createTool(admin, {
    name: `Quote Blades ${suffix}`,
    price: 1_500,
    minimumOrder: 1,
    quantity: 500,
  });
  // A long email address with no hyphen to break a line at: the quote's facts wrap it at 320 px.
  const account = newAccount('Quincy Quote');
  const buyer = {
    ...account,
    email: account.email.replace('quincy-quote-', 'quincy.quote.purchasing.department.'),
  };
  await signedUp(page, buyer);

  // The cart: the saws (fewer than the crew needs are in stock... but the quote asks anyway).
  await addFromToolPage(page, saw, 20);
  await addFromToolPage(page, blades, 50);
  await page.goto('/cart');
  await waitForReady(page);
  await page.getByRole('button', { name: 'Ask for a quote' }).click();
  await page.getByLabel('What do you need?').fill('Twenty saws for the new crew: a better price?');
  await checkAtWidths(page, 'cart asking');
  await page.getByRole('button', { name: 'Send the request' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Quote Q-\d+$/ })).toBeVisible();
  const number = ((await page.getByRole('heading', { level: 1 }).textContent()) ?? '').replace(
    'Quote ',
    '',
  );
  await expect(page.getByText('Asked for', { exact: true })).toBeVisible();
  await expect(page.getByText('Twenty saws for the new crew: a better price?')).toBeVisible();
  await checkAtWidths(page, 'quote asked');

  // The store hears of it, with a link to the quote in the back office.
  // The demo admin hears of every journey's quotes: this one's is the mail naming its number.
  const storeLink = await linkFromOutbox(
    DEMO_ADMIN.email,
    '/dashboard/quote-requests/',
    15_000,
    number,
  );
  const adminPage = await (await browser.newContext({ baseURL: page.url() })).newPage();
  await signedIn(adminPage, DEMO_ADMIN);
  await adminPage.goto('/dashboard/quote-requests?status=requested');
  await waitForReady(adminPage);
  await expect(adminPage.getByRole('link', { name: number })).toBeVisible();
  await checkAtWidths(adminPage, 'admin quote list');
  await adminPage.goto(new URL(storeLink).pathname);
  await waitForReady(adminPage);
  await adminPage.getByLabel(new RegExp(`Quote Saw ${suffix} × 20`)).fill('219.00');
  await adminPage.getByLabel(new RegExp(`Quote Blades ${suffix} × 50`)).fill('');
  await adminPage
    .getByLabel('Note for the buyer (optional)')
    .fill('Blades we cannot do this month.');
  await checkAtWidths(adminPage, 'admin quote pricing');
  await adminPage.getByRole('button', { name: 'Send the offer' }).click();
  await expect(adminPage.getByRole('heading', { name: 'Change the offer' })).toBeVisible();

  // The buyer reads the offer: list against offered prices, the line left out, the note.
  await linkFromOutbox(buyer.email, '/dashboard/quotes/');
  await page.reload();
  await waitForReady(page);
  const sawRow = page.getByRole('row').filter({ hasText: `Quote Saw ${suffix}` });
  await expect(sawRow).toContainText('$249.00');
  await expect(sawRow).toContainText('$219.00');
  await expect(page.getByRole('row').filter({ hasText: `Quote Blades ${suffix}` })).toContainText(
    'Not offered',
  );
  await expect(page.getByText('Blades we cannot do this month.')).toBeVisible();
  await page.getByLabel('Write a message').fill('Thanks, the saws will do.');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText('Thanks, the saws will do.')).toBeVisible();
  await checkAtWidths(page, 'quote offered');

  await page.getByLabel('Phone').fill('+1 555 010 7000');
  await page.getByLabel('Delivery address').fill('7 Crew Yard\nSpringfield');
  await page.getByRole('button', { name: 'Accept and place the order' }).click();
  const orderLink = page.getByRole('link', { name: /^TY-\d+$/ });
  await expect(orderLink).toBeVisible();
  await orderLink.click();
  await expect(page.getByRole('heading', { level: 1, name: /^Order TY-\d+$/ })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: `Quote Saw ${suffix}` })).toContainText(
    '$219.00',
  );
  // 20 × $219.00
  await expect(page.getByText('$4,380.00').filter({ visible: true }).first()).toBeVisible();

  // My quotes lists it as accepted.
  await page.goto('/dashboard/quotes');
  await waitForReady(page);
  await expect(page.getByRole('row').filter({ hasText: number })).toContainText('Accepted');
  await checkAtWidths(page, 'my quotes');
});

test("with the keyboard, asking for a quote from the cart lands on the request's first field, and Not now back on its button", async ({
  page,
}) => {
  const admin = await apiAs(DEMO_ADMIN);
  const tool = await createTool(admin, {
    name: `Ask Saw ${Date.now().toString(36)}`,
    price: 5_000,
    minimumOrder: 1,
    quantity: 40,
  });
  const buyer = newAccount('Asa Asker');
  const buyerApi = await apiAs(buyer, { create: true });
  expect(
    (
      await buyerApi.put('/api/cart', { data: { lines: [{ toolId: tool._id, quantity: 4 }] } })
    ).status(),
  ).toBe(200);
  await signedIn(page, buyer);
  await page.goto('/cart');
  await waitForReady(page);
  const ask = page.getByRole('button', { name: 'Ask for a quote' });
  await ask.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('What do you need?')).toBeFocused();
  await page.getByRole('button', { name: 'Not now' }).focus();
  await page.keyboard.press('Enter');
  await expect(ask).toBeFocused();
});

test('the keyboard follows the quote: to the reason when refusing opens, back to its button, and to the title once the offer is accepted', async ({
  page,
}) => {
  const admin = await apiAs(DEMO_ADMIN);
  const tool = await createTool(admin, {
    name: `Focus Saw ${Date.now().toString(36)}`,
    price: 5_000,
    minimumOrder: 1,
    quantity: 40,
  });
  const buyer = newAccount('Kit Keyboard');
  const buyerApi = await apiAs(buyer, { create: true });
  expect(
    (
      await buyerApi.put('/api/cart', { data: { lines: [{ toolId: tool._id, quantity: 4 }] } })
    ).status(),
  ).toBe(200);
  const asked = await buyerApi.post('/api/quotes', { data: { message: 'Four saws, please.' } });
  expect(asked.status(), await asked.text()).toBe(201);
  const quote = (await asked.json()) as { _id: string; number: string };

  // The store opens the refusal and keeps the request open, by keyboard.
  await signedIn(page, DEMO_ADMIN);
  await page.goto(`/dashboard/quote-requests/${quote._id}`);
  await waitForReady(page);
  await page.getByRole('button', { name: 'Refuse the request' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Why (the buyer reads this)')).toBeFocused();
  await page.getByRole('button', { name: 'Keep it open' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Refuse the request' })).toBeFocused();
  const day = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
  const offered = await admin.post(`/api/quote-requests/${quote._id}/offer`, {
    data: { lines: [{ position: 1, offeredUnitPrice: 4_500 }], validUntil: day },
  });
  expect(offered.status(), await offered.text()).toBe(200);

  // The buyer accepts: the form goes, and the keyboard lands on the quote's title.
  await page.context().clearCookies();
  await signedIn(page, buyer);
  await page.goto(`/dashboard/quotes/${quote._id}`);
  await waitForReady(page);
  await page.getByLabel('Phone').fill('+1 555 010 7000');
  await page.getByLabel('Delivery address').fill('7 Crew Yard\nSpringfield');
  await page.getByRole('button', { name: 'Accept and place the order' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('You accepted this offer: it became order')).toBeVisible();
  await expect(
    page.getByRole('heading', { level: 1, name: `Quote ${quote.number}` }),
  ).toBeFocused();
});

test('a buyer withdraws a request and declines an offer: each says so as it closes, and the keyboard lands on the title', async ({
  page,
}) => {
  const admin = await apiAs(DEMO_ADMIN);
  const tool = await createTool(admin, {
    name: `Closing Vise ${Date.now().toString(36)}`,
    price: 3_000,
    minimumOrder: 1,
    quantity: 40,
  });
  const buyer = newAccount('Wes Withdraw');
  const buyerApi = await apiAs(buyer, { create: true });
  const ask = async () => {
    const cart = await buyerApi.put('/api/cart', {
      data: { lines: [{ toolId: tool._id, quantity: 2 }] },
    });
    expect(cart.status(), await cart.text()).toBe(200);
    const asked = await buyerApi.post('/api/quotes', { data: { message: 'Two vises.' } });
    expect(asked.status(), await asked.text()).toBe(201);
    return (await asked.json()) as { _id: string; number: string };
  };
  const requested = await ask();
  const offered = await ask();
  const day = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
  const offer = await admin.post(`/api/quote-requests/${offered._id}/offer`, {
    data: { lines: [{ position: 1, offeredUnitPrice: 2_500 }], validUntil: day },
  });
  expect(offer.status(), await offer.text()).toBe(200);

  await signedIn(page, buyer);
  await page.goto(`/dashboard/quotes/${requested._id}`);
  await waitForReady(page);
  await page.getByRole('button', { name: 'Withdraw the request' }).click();
  await page.getByRole('button', { name: 'Withdraw request' }).click();
  await expect(page.getByText(`You withdrew ${requested.number}.`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Withdraw the request' })).toHaveCount(0);
  await expect(
    page.getByRole('heading', { level: 1, name: `Quote ${requested.number}` }),
  ).toBeFocused();

  await page.goto(`/dashboard/quotes/${offered._id}`);
  await waitForReady(page);
  await page.getByRole('button', { name: 'Decline the offer' }).click();
  await page.getByRole('button', { name: 'Decline offer' }).click();
  await expect(page.getByText(`You declined the offer on ${offered.number}.`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Decline the offer' })).toHaveCount(0);
  await expect(
    page.getByRole('heading', { level: 1, name: `Quote ${offered.number}` }),
  ).toBeFocused();

  // The store refuses a third: it says so too, as the form goes.
  const refused = await ask();
  await page.context().clearCookies();
  await signedIn(page, DEMO_ADMIN);
  await page.goto(`/dashboard/quote-requests/${refused._id}`);
  await waitForReady(page);
  await page.getByRole('button', { name: 'Refuse the request' }).click();
  await page.getByLabel('Why (the buyer reads this)').fill('We no longer stock these vises.');
  await page.getByRole('button', { name: 'Refuse', exact: true }).click();
  await expect(
    page.getByText(`${refused.number} is refused; the buyer is told why.`),
  ).toBeVisible();
});

test('an offer with a price, a day or every line wrong says so under the field concerned, in words, with the keyboard on it', async ({
  page,
}) => {
  const admin = await apiAs(DEMO_ADMIN);
  const suffix = Date.now().toString(36);
  const make = (name: string) =>
    createTool(admin, { name, price: 3_000, minimumOrder: 1, quantity: 40 });
  const vise = await make(`Offer Vise ${suffix}`);
  const clamp = await make(`Offer Clamp ${suffix}`);
  const buyer = newAccount('Olga Offer');
  const buyerApi = await apiAs(buyer, { create: true });
  const cart = await buyerApi.put('/api/cart', {
    data: {
      lines: [
        { toolId: vise._id, quantity: 4 },
        { toolId: clamp._id, quantity: 6 },
      ],
    },
  });
  expect(cart.status(), await cart.text()).toBe(200);
  const asked = await buyerApi.post('/api/quotes', { data: { message: 'A better price?' } });
  expect(asked.status(), await asked.text()).toBe(201);
  const quote = (await asked.json()) as { _id: string; number: string };

  await signedIn(page, DEMO_ADMIN);
  await page.goto(`/dashboard/quote-requests/${quote._id}`);
  await waitForReady(page);
  const offer = page.getByRole('form', { name: 'Make an offer' });
  const visePrice = offer.getByLabel(`Offer Vise ${suffix} × 4`);
  const clampPrice = offer.getByLabel(`Offer Clamp ${suffix} × 6`);
  const validUntil = offer.getByLabel('Valid until (the last day, UTC)');
  const send = offer.getByRole('button', { name: 'Send the offer' });

  // A price that is not one, and no last day: each under its own field.
  await visePrice.fill('27.509.45');
  await validUntil.fill('');
  await send.click();
  await expect(visePrice).toHaveAccessibleDescription(/Enter a price such as 12\.50/);
  await expect(validUntil).toHaveAccessibleDescription(/Enter the last day the offer holds\./);
  await expect(visePrice).toBeFocused();
  await expect(offer).not.toContainText('validUntil');

  // Every line left out.
  await visePrice.fill('');
  await clampPrice.fill('');
  await validUntil.fill(new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10));
  await send.click();
  await expect(offer.getByRole('alert')).toHaveText(
    'Offer at least one line; to offer nothing, refuse the request.',
  );
  await expect(visePrice).toBeFocused();

  // A day gone by, which only the store checks: its answer lands under the day too.
  await visePrice.fill('27.00');
  await validUntil.fill('2020-01-06');
  await send.click();
  await expect(validUntil).toHaveAccessibleDescription(/Must be today or later\./);
  await expect(validUntil).toBeFocused();
  await expect(offer).not.toContainText('validUntil');

  await validUntil.fill(new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10));
  await send.click();
  await expect(page.getByText(`The offer on ${quote.number} is sent.`)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Change the offer' })).toBeVisible();
});
