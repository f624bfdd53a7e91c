import type { Page, Route } from '@playwright/test';
import {
  apiAs,
  becomeBuyer,
  createTool,
  DEMO_ADMIN,
  demoTool,
  expect,
  expectAccessible,
  newAccount,
  ORIGIN,
  placeOrder,
  test,
  waitForReady,
} from './fixtures.ts';
import { mailsTo } from './outbox.ts';
import { signedIn, signedUp } from './sessions.ts';

/** Every write the page sends from now on fails as if the store were unreachable. */
async function cutWrites(page: Page): Promise<void> {
  await page.route('**/api/**', (route: Route) =>
    route.request().method() === 'GET' ? route.fallback() : route.abort('connectionrefused'),
  );
}

function unreachable(page: Page) {
  return page.getByRole('alert').filter({ hasText: 'We could not reach the store.' });
}

test.describe('a failed submit keeps the form and says what happened', () => {
  test("a customer's profile, review and payment", async ({ page }) => {
    const customer = newAccount('Kept');
    await signedUp(page, customer);
    const admin = await apiAs(DEMO_ADMIN);
    const tool = await createTool(admin, { quantity: 500, minimumOrder: 5 });
    const order = await placeOrder(page.request, customer.email, tool, 5);
    // An earlier paid order, so that the review form is there (reviews come from buyers).
    await becomeBuyer(page.request, customer.email);
    await cutWrites(page);

    await page.goto('/dashboard');
    await page.getByLabel('Phone').fill('+1 555 010 4444');
    await page.getByLabel('LinkedIn profile link').fill('https://www.linkedin.com/in/kept');
    await page.getByLabel('Education').fill('BSc Mechanical Engineering');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await expect(unreachable(page)).toContainText('Your changes may not be saved yet');
    await expect(unreachable(page).getByRole('button', { name: 'Try again' })).toBeVisible();
    await expect(page.getByLabel('Education')).toHaveValue('BSc Mechanical Engineering');

    await page.goto('/dashboard/review');
    await page
      .getByLabel('Your review', { exact: true })
      .fill('Solid clamps, fair price, quick delivery.');
    await page.getByRole('button', { name: 'Submit review' }).click();
    await expect(unreachable(page)).toContainText('We cannot tell whether your review was saved');
    await expect(page.getByLabel('Your review', { exact: true })).toHaveValue(
      'Solid clamps, fair price, quick delivery.',
    );

    await page.goto(`/dashboard/payment/${order._id}`);
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry (MM/YY)').fill('12/39');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: /^Pay / }).click();
    await expect(unreachable(page)).toContainText('an order is never charged twice');
    await expect(page.getByLabel('Card number')).toHaveValue('4242 4242 4242 4242');

    // Back online, "Try again" pays.
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await unreachable(page).getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByText('Payment received')).toBeVisible();
    await admin.dispose();
  });

  test('registration and an admin adding a tool', async ({ page, browser }) => {
    await cutWrites(page);
    const person = newAccount('Offline');
    await page.goto('/registration');
    await page.getByLabel('Full name').fill(person.name);
    await page.getByLabel('Email').fill(person.email);
    await page.getByLabel('Password', { exact: true }).fill(person.password);
    await page.getByLabel('Confirm password').fill(person.password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(unreachable(page)).toContainText('Trying again is safe');
    await expect(page.getByLabel('Email')).toHaveValue(person.email);
    await expect(page.getByLabel('Password', { exact: true })).toHaveValue(person.password);

    const context = await browser.newContext({ baseURL: ORIGIN });
    const adminPage = await context.newPage();
    await signedIn(adminPage, DEMO_ADMIN);
    await cutWrites(adminPage);
    await adminPage.goto('/dashboard/addproduct');
    await adminPage.getByLabel('Tool name').fill('Offline Bench Grinder');
    await adminPage.getByLabel('Image link').fill('/images/tools/claw-hammer-450g.svg');
    await adminPage
      .getByLabel('Description')
      .fill('A bench grinder with two wheels, for the shop floor.');
    await adminPage.getByLabel('Quantity in stock').fill('40');
    await adminPage.getByLabel('Minimum order').fill('2');
    await adminPage.getByLabel(/Price per unit/).fill('89.00');
    await adminPage.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(unreachable(adminPage)).toContainText(
      'look for it in Manage tools before adding it again',
    );
    await expect(adminPage.getByLabel('Tool name')).toHaveValue('Offline Bench Grinder');
    await context.close();
  });
});

test('the purchase form fills in the saved phone, asks for the quantity, and totals only an orderable one', async ({
  page,
}) => {
  const customer = newAccount('Prefill');
  await signedUp(page, customer);
  const admin = await apiAs(DEMO_ADMIN);
  const tool = await createTool(admin, { quantity: 15_000, minimumOrder: 100, price: 1299 });
  await admin.dispose();
  const saved = await page.request.put(`/api/updatedetails/${encodeURIComponent(customer.email)}`, {
    data: {
      name: customer.name,
      email: customer.email,
      phone: '+1 555 010 7777',
      linkedin: 'https://www.linkedin.com/in/prefill',
      education: 'Trade school',
    },
  });
  expect(saved.ok()).toBe(true);

  await page.goto(`/purchase/${tool._id}`);
  await waitForReady(page);
  await expect(page.getByLabel('Phone')).toHaveValue('+1 555 010 7777');
  const quantity = page.getByLabel('Quantity (units)');
  await expect(quantity).toHaveValue('');
  await expect(quantity).not.toHaveAttribute('placeholder');
  await expect(quantity).toHaveAccessibleDescription(/^Minimum order 100 units; at most 7,500/);

  const total = page.getByTestId('order-total');
  await expect(total).toHaveText('Enter a quantity to see the total.');
  await quantity.fill('99');
  await expect(total).toHaveText('No total: below the minimum order of 100 units.');
  await quantity.fill('15001');
  await expect(total).toHaveText('No total: more than the 7,500 units you can order.');
  await quantity.fill('100');
  await expect(total).toHaveText('$1,299.00');

  // Ordered from the keyboard, focus lands on the result, not on the page's body.
  await page.getByLabel('Delivery address').fill('3 Keyboard Lane, Springfield');
  await quantity.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Your order is placed' })).toBeFocused();
});

test('passwords: an obvious one is refused in one sentence, and each problem is said once', async ({
  page,
}) => {
  await page.goto('/registration');
  await page.getByRole('button', { name: 'Create account' }).click();
  const password = page.getByLabel('Password', { exact: true });
  // The error takes the hint's place: one message, under the field, nowhere else.
  await expect(password).toHaveAccessibleDescription('Use at least 8 characters.');
  await expect(page.getByText(/at least 8 characters/i)).toHaveCount(1);
  await expect(page.getByRole('alert')).toHaveCount(0);

  for (const obvious of ['aaaaaaaa', '12345678', 'qwertyuiop']) {
    await password.fill(obvious);
    await password.blur();
    await expect(password).toHaveAccessibleDescription(
      'This password is too easy to guess: avoid one character repeated and runs such as 12345678 or qwertyui.',
    );
  }

  // The common list lives on the server: its answer goes under the field too, and only there.
  const person = newAccount('Common');
  await page.getByLabel('Full name').fill(person.name);
  await page.getByLabel('Email').fill(person.email);
  await password.fill('password123');
  await page.getByLabel('Confirm password').fill('password123');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(password).toHaveAccessibleDescription(
    'This password is too common and easy to guess. Choose another one.',
  );
  await expect(page.getByText('This password is too common')).toHaveCount(1);
  await expect(page.getByText('password_too_common')).toHaveCount(0);
});

test('limits are said in the unit people typed', async ({ page }) => {
  await signedIn(page, DEMO_ADMIN);
  await page.goto('/dashboard/addproduct');
  await page.getByLabel(/Price per unit/).fill('1000000.01');
  await page.getByLabel(/Price per unit/).blur();
  await expect(page.getByText('The price can be at most $1,000,000.00.')).toBeVisible();
  await page.getByLabel('Quantity in stock').fill('10000001');
  await page.getByLabel('Quantity in stock').blur();
  await expect(page.getByText('Must be at most 10,000,000 units.')).toBeVisible();

  const tool = await demoTool(page.request, 'CH-450');
  await page.goto(`/dashboard/manageproducts?q=${tool._id}`);
  await page.getByRole('button', { name: `Edit ${tool.name}` }).click();
  const restock = page.getByLabel('Restock: units to add');
  await restock.fill('-5');
  await restock.blur();
  await expect(restock).toHaveAccessibleDescription(
    'A restock adds units: enter 1 or more (leave it empty to keep the stock).',
  );

  // A customer's card expiry: 13 is not a month.
  const customer = newAccount('Expiry');
  const api = await apiAs(customer, { create: true });
  const order = await placeOrder(api, customer.email, tool);
  await api.dispose();
  await page.context().clearCookies();
  await signedIn(page, customer);
  await page.goto(`/dashboard/payment/${order._id}`);
  const expiry = page.getByLabel('Expiry (MM/YY)');
  await expiry.fill('13/30');
  await expiry.blur();
  await expect(expiry).toHaveAccessibleDescription('The month must be from 01 to 12.');
  await expiry.fill('01/20');
  await expiry.blur();
  await expect(expiry).toHaveAccessibleDescription('This card has expired.');
});

test('a confirmation link that did not work offers a new one on the spot', async ({ page }) => {
  const person = newAccount('Relink');
  const response = await page.request.post('/api/auth/sign-up/email', {
    data: { name: person.name, email: person.email, password: person.password },
    headers: { origin: ORIGIN },
  });
  expect(response.ok()).toBe(true);
  await expect.poll(async () => (await mailsTo(person.email)).length).toBe(1);

  await page.goto('/email-verified?error=invalid_token');
  await expect(page.getByText('Ask for a new one below.')).toBeVisible();
  await page.getByLabel('Your email').fill(person.email);
  await page.getByRole('button', { name: 'Send me a new link' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Check your inbox' })).toContainText(
    person.email,
  );
  await expect.poll(async () => (await mailsTo(person.email)).length).toBe(2);
  await expectAccessible(page, 'the resend form');
});
