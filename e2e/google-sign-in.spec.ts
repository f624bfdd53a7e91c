import type { APIRequestContext, Page } from '@playwright/test';
import type { StandInAccount } from '../server/testing/oidc-stand-in.ts';
import { accountsFor } from './database.ts';
import {
  apiContext,
  demoTool,
  expect,
  newAccount,
  ORIGIN,
  placeOrder,
  signUp,
  test,
} from './fixtures.ts';
import { GOOGLE_ACCOUNTS, GOOGLE_PHOTO_HOST, googleIssuer } from './google-accounts.ts';

/** A photo Google would serve: tests answer for Google's photo host (there is no outside network). */
const PHOTO_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96"><rect width="96" height="96" fill="#4285F4"/></svg>';

test.beforeEach(async ({ page }) => {
  await page.route(`${GOOGLE_PHOTO_HOST}/**`, (route) =>
    route.fulfill({ status: 200, contentType: 'image/svg+xml', body: PHOTO_SVG }),
  );
  // The stand-in's login page asks for a web font; nothing outside this machine is reachable.
  await page.route('https://fonts.googleapis.com/**', (route) => route.abort());
});

interface SessionAnswer {
  user: { id: string; email: string; name: string; image: string | null; emailVerified: boolean };
}

async function currentSession(api: APIRequestContext): Promise<SessionAnswer | null> {
  const response = await api.get('/api/auth/get-session');
  expect(response.ok()).toBe(true);
  return (await response.json()) as SessionAnswer | null;
}

/**
 * Clicks "Continue with Google" on the page the browser is on, checks it reached the stand-in's
 * login page, signs in there as `person` (the stand-in takes any password) and consents if asked.
 * Returns once the browser is back in the store.
 */
async function continueWithGoogle(page: Page, person: StandInAccount): Promise<void> {
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await page.waitForURL((url) => url.href.startsWith(`${googleIssuer()}/interaction/`));
  await expect(page.getByRole('heading', { name: 'Sign-in' })).toBeVisible();
  await page.getByPlaceholder('Enter any login').fill(person.email);
  await page.getByPlaceholder('and password').fill('whatever-google-checks');
  await page.getByRole('button', { name: 'Sign-in' }).click();

  const consent = page.getByRole('button', { name: 'Continue' });
  const isBackInStore = () => new URL(page.url()).origin === ORIGIN;
  await expect
    .poll(async () => isBackInStore() || (await consent.isVisible()), {
      message: 'the stand-in should ask for consent or send the browser back to the store',
    })
    .toBe(true);
  if (!isBackInStore()) await consent.click();
  await page.waitForURL((url) => url.origin === ORIGIN);
}

test('a visitor signs in with Google: name and photo from Google, email verified', async ({
  page,
}) => {
  const person = GOOGLE_ACCOUNTS.newcomer;
  await page.goto('/login');
  await expect(page).toHaveTitle('Sign in · Toolyard');
  await continueWithGoogle(page, person);

  // Back home, signed in under the name Google gave.
  await expect(page).toHaveURL(`${ORIGIN}/`);
  await expect(page.getByTestId('user-name').first()).toHaveText(person.name);
  const session = await currentSession(page.request);
  expect(session?.user).toMatchObject({
    email: person.email,
    name: person.name,
    image: person.picture,
    emailVerified: true,
  });
  expect(await accountsFor(person.email)).toEqual([
    { userId: session?.user.id, providers: ['google'] },
  ]);

  // The profile shows Google's name and photo (it loaded: not swapped for the default avatar).
  await page.goto('/dashboard');
  const card = page.getByRole('region', { name: person.name });
  await expect(card.getByRole('heading', { name: person.name })).toBeVisible();
  await expect(card.getByText(person.email)).toBeVisible();
  // alt="" (the name is right beside it), so it has no img role: find it by tag.
  const photo = card.locator('img');
  await expect(photo).toHaveAttribute('src', person.picture);
  await expect
    .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBe(96);
  await expect(page.getByText('Please confirm your email address')).toHaveCount(0);

  // Google vouched for the email, so ordering needs no confirmation mail.
  const tool = await demoTool(page.request, 'SS-94');
  await page.goto(`/purchase/${tool._id}`);
  await expect(page.getByRole('heading', { name: 'Place your order' })).toBeVisible();
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(person.email);
  await expect(page.getByText('Please confirm your email address')).toHaveCount(0);
});

test('the registration page offers Google too, and it signs the visitor in', async ({ page }) => {
  const person = GOOGLE_ACCOUNTS.registrant;
  await page.goto('/registration');
  await expect(page).toHaveTitle('Create an account · Toolyard');
  await continueWithGoogle(page, person);

  await expect(page).toHaveURL(`${ORIGIN}/`);
  await expect(page.getByTestId('user-name').first()).toHaveText(person.name);
  expect((await currentSession(page.request))?.user).toMatchObject({
    email: person.email,
    emailVerified: true,
  });
});

test('Google joins an existing verified password account: same user, same orders', async ({
  page,
}) => {
  const person = GOOGLE_ACCOUNTS.linked;
  // A catalogue tool: a tool of its own would take an admin sign-in, and the admin's sign-ins are
  // rate limited per email across the whole suite. Nothing asserts this tool's stock.
  const tool = await demoTool(page.request, 'SL-600');

  // The password account, confirmed, with an order.
  const password = { ...newAccount('Lina Password'), email: person.email };
  const api = await apiContext({ baseURL: ORIGIN, extraHTTPHeaders: { origin: ORIGIN } });
  await signUp(api, password);
  const before = await currentSession(api);
  expect(before?.user.email).toBe(person.email);
  const order = await placeOrder(api, person.email, tool);
  await api.dispose();

  await page.goto('/login');
  await continueWithGoogle(page, person);
  await expect(page).toHaveURL(`${ORIGIN}/`);
  await expect(page.getByTestId('user-name').first()).toHaveText(password.name);

  // One person, now with two ways in.
  const after = await currentSession(page.request);
  expect(after?.user.id).toBe(before?.user.id);
  expect(await accountsFor(person.email)).toEqual([
    { userId: before?.user.id, providers: ['credential', 'google'] },
  ]);

  // And the order placed with the password is there.
  await page.goto('/dashboard/myorder');
  const row = page.getByRole('row').filter({ hasText: tool.name });
  await expect(row).toContainText(String(order.orderedNum));
  await expect(row).toContainText('Unpaid');
});

test('Google is not joined to a password account when Google does not vouch for the email', async ({
  page,
}) => {
  const person = GOOGLE_ACCOUNTS.unverified;
  const password = { ...newAccount('Existing Password'), email: person.email };
  const api = await apiContext({ baseURL: ORIGIN, extraHTTPHeaders: { origin: ORIGIN } });
  await signUp(api, password);
  const existing = await currentSession(api);
  await api.dispose();

  await page.goto('/login');
  await continueWithGoogle(page, person);

  // Back on the login page with the reason in words, in red; nobody is signed in.
  await expect(page).toHaveURL(/\/login\?error=account_not_linked$/);
  const error = page
    .getByRole('alert')
    .filter({ hasText: 'Google has not confirmed that this email address is yours' });
  await expect(error).not.toContainText('account_not_linked');
  await expect(error).toHaveClass(/text-red-700/);
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
  expect(await currentSession(page.request)).toBeNull();
  expect(await accountsFor(person.email)).toEqual([
    { userId: existing?.user.id, providers: ['credential'] },
  ]);
});

test('a sign-up someone else left unconfirmed gives way to the owner\u2019s Google account', async ({
  page,
}) => {
  const person = GOOGLE_ACCOUNTS.squatted;
  const squat = await page.request.post('/api/auth/sign-up/email', {
    data: { name: 'Not Sam', email: person.email, password: 'squat-squat-77' },
    headers: { origin: ORIGIN },
  });
  expect(squat.ok()).toBe(true);

  await page.goto('/login');
  await continueWithGoogle(page, person);
  await expect(page).toHaveURL(`${ORIGIN}/`);
  expect((await currentSession(page.request))?.user).toMatchObject({
    email: person.email,
    name: 'Sam Owner',
  });
  const [joined] = await accountsFor(person.email);
  expect(joined?.providers).toEqual(['google']);
  const squatter = await page.request.post('/api/auth/sign-in/email', {
    data: { email: person.email, password: 'squat-squat-77' },
    headers: { origin: ORIGIN },
  });
  expect(squatter.status()).toBe(401);
});
