import { apiAs, expect, newAccount, ORIGIN, test } from './fixtures.ts';
import { linkFromOutbox, mailsTo } from './outbox.ts';

/** The link in a reset email (Better Auth's, under the store's /api/auth). */
const RESET_LINK = '/api/auth/reset-password/';
/** The link in a confirmation email: a page that asks for the password chosen at sign-up. */
const CONFIRM_LINK = '/confirm-email?token=';

test('a customer resets a forgotten password: old sessions and the old password stop working', async ({
  page,
}) => {
  const customer = newAccount('Pat Reset');
  const newPassword = `${customer.password}-new`;
  // Signed in elsewhere (another device) before the reset.
  const elsewhere = await apiAs(customer, { create: true });
  const ordersUrl = `/api/user?email=${encodeURIComponent(customer.email)}`;
  expect((await elsewhere.get(ordersUrl)).status()).toBe(200);

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page).toHaveTitle('Forgot password · Toolyard');

  // An email without an account gets the same answer as one with: nothing to learn here.
  const unknown = newAccount('Nobody Here').email;
  await page.getByLabel('Email').fill(unknown);
  await page.getByRole('button', { name: 'Send me a reset link' }).click();
  const confirmation = page.getByRole('status').filter({ hasText: 'If an account exists' });
  await expect(confirmation).toContainText('If an account exists for that email, we sent a link');
  const answerForUnknown = await confirmation.innerText();

  await confirmation.getByRole('button', { name: 'try another email' }).click();
  await page.getByLabel('Email').fill(customer.email);
  await page.getByRole('button', { name: 'Send me a reset link' }).click();
  await expect(confirmation).toBeVisible();
  expect(await confirmation.innerText()).toBe(answerForUnknown);

  // The link from the email opens the page for a new password.
  const link = await linkFromOutbox(customer.email, RESET_LINK);
  // Links point at the address people use (PUBLIC_URL).
  expect(link.startsWith(`${ORIGIN}${RESET_LINK}`)).toBe(true);
  expect(await mailsTo(unknown)).toEqual([]);
  await page.goto(link);
  await expect(page).toHaveURL(/\/reset-password\?token=/);
  await expect(page).toHaveTitle('Choose a new password · Toolyard');
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm new password').fill(newPassword);
  await page.getByRole('button', { name: 'Save my new password' }).click();
  const changed = page.getByRole('status').filter({ hasText: 'Your password is changed' });
  // Done: nothing left to change one's mind about.
  await expect(changed).toBeVisible();
  await expect(page.getByText('Changed your mind?')).toHaveCount(0);
  await expect(changed).toContainText('signed your account out everywhere else');

  // The session from before the reset is over.
  expect(await (await elsewhere.get('/api/auth/get-session')).json()).toBeNull();
  expect((await elsewhere.get(ordersUrl)).status()).toBe(401);
  await elsewhere.dispose();

  // The old password is refused, with the reason in words, in red under the form.
  await changed.getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email').fill(customer.email);
  await page.getByLabel('Password').fill(customer.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  const error = page.getByRole('alert').filter({ hasText: 'The email or password is not right.' });
  await expect(error).not.toContainText('invalid_email_or_password');
  await expect(error).toHaveClass(/text-red-800/);

  // The new one works.
  await page.getByLabel('Password').fill(newPassword);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('user-name').first()).toHaveText(customer.name);
  const session = await (await page.request.get('/api/auth/get-session')).json();
  expect(session?.user.email).toBe(customer.email);
});

test('a new customer asks for the verification email again and confirms with it', async ({
  page,
}) => {
  const customer = newAccount('Vera Verify');
  await page.goto('/registration');
  await page.getByLabel('Full name').fill(customer.name);
  await page.getByLabel('Email').fill(customer.email);
  await page.getByLabel('Password', { exact: true }).fill(customer.password);
  await page.getByLabel('Confirm password').fill(customer.password);
  await page.getByRole('button', { name: 'Create account' }).click();
  const inbox = page.getByRole('status').filter({ hasText: 'Check your inbox' });
  await expect(inbox).toContainText(customer.email);

  // Signing up sent one (mail goes out from a queue, so wait for it before counting).
  await expect.poll(async () => (await mailsTo(customer.email)).length).toBe(1);
  await inbox.getByRole('button', { name: 'Send the email again' }).click();
  await expect(page.getByText('Verification email sent')).toBeVisible();
  await expect.poll(async () => (await mailsTo(customer.email)).length).toBe(2);
  const mails = await mailsTo(customer.email);
  for (const mail of mails) expect(mail).toMatch(/^Subject: Confirm your email for Toolyard$/m);
  // The mail to an address not yet confirmed carries nothing the sign-up chose, not even the name.
  for (const mail of mails) expect(mail).not.toContain(customer.name);

  // No account before confirming: signing in is refused, in a sentence.
  await inbox.getByRole('link', { name: 'Go to sign in' }).click();
  await page.getByLabel('Email').fill(customer.email);
  await page.getByLabel('Password').fill(customer.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('The email or password is not right.')).toBeVisible();
  await expect(page.getByTestId('user-name')).toHaveCount(0);

  // The newest link opens a page that changes nothing; the password chosen at sign-up confirms.
  const link = await linkFromOutbox(customer.email, CONFIRM_LINK);
  expect(link.startsWith(`${ORIGIN}${CONFIRM_LINK}`)).toBe(true);
  expect(mails[1]).toContain(link);
  await page.goto(link);
  await expect(page).toHaveTitle('Confirm your email · Toolyard');
  const password = page.getByLabel('Password');
  await expect(password).toHaveAttribute('autocomplete', 'current-password');
  await password.fill(`${customer.password}-not`);
  await page.getByRole('button', { name: 'Confirm my email' }).click();
  await expect(password).toHaveAccessibleDescription(
    /This is not the password this sign-up was made with/,
  );
  await password.fill(customer.password);
  await page.getByRole('button', { name: 'Confirm my email' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Your email is confirmed' }),
  ).toBeVisible();

  // Confirmed and signed in.
  await expect(page.getByTestId('user-name').first()).toHaveText(customer.name);
  const session = await (await page.request.get('/api/auth/get-session')).json();
  expect(session?.user).toMatchObject({ email: customer.email, emailVerified: true });
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 2, name: customer.name })).toBeVisible();
  await expect(page.getByRole('note', { name: 'Please confirm your email address' })).toHaveCount(
    0,
  );
});
