import {
  DEMO_ADMIN,
  DEMO_CUSTOMER,
  demoTool,
  expect,
  test,
  waitForReady,
  watchConsole,
} from './fixtures.ts';
import { signedIn } from './sessions.ts';

test('a visitor opening a purchase page is sent to login and comes back after sign-in', async ({
  page,
}) => {
  const tool = await demoTool(page.request, 'SS-94');
  await page.goto(`/purchase/${tool._id}`);

  await expect(page).toHaveURL(/\/login$/);
  await expect(page).toHaveTitle('Sign in · Toolyard');
  await expect(page.getByText('Please sign in to continue.')).toBeVisible();

  // A wrong password: the reason in words (no code), in red under the form.
  await page.getByLabel('Email').fill(DEMO_CUSTOMER.email);
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  const error = page.getByRole('alert').filter({ hasText: 'The email or password is not right.' });
  await expect(error).toBeVisible();
  await expect(error).not.toContainText('invalid_email_or_password');
  await expect(error).toHaveClass(/text-red-800/);

  await page.getByLabel('Password').fill(DEMO_CUSTOMER.password);
  await page.getByRole('button', { name: 'Sign in' }).click();

  await expect(page).toHaveURL(new RegExp(`/purchase/${tool._id}$`));
  await expect(page.getByRole('heading', { level: 1, name: tool.name })).toBeVisible();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(DEMO_CUSTOMER.name);
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(DEMO_CUSTOMER.email);
  await expect(page.getByTestId('user-name').first()).toHaveText(DEMO_CUSTOMER.name);
});

test('signing out on a dashboard screen goes home and says so, without a console error', async ({
  page,
}) => {
  const problems = watchConsole(page);
  await signedIn(page, DEMO_CUSTOMER);
  await page.goto('/dashboard/myorder');
  await waitForReady(page);

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'You are signed out.' })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
  expect(problems).toEqual([]);
});

test('the sign-in page a visitor was sent to reloads without a hydration mismatch and still says why', async ({
  page,
}) => {
  const problems = watchConsole(page);
  await page.goto('/dashboard/myorder');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Please sign in to continue.')).toBeVisible();

  // The browser keeps where the visitor came from in its history, which the server never sees:
  // the page the server renders and the page the browser takes over must still be the same.
  await page.reload();
  await waitForReady(page);
  await expect(page.getByText('Please sign in to continue.')).toBeVisible();
  expect(problems).toEqual([]);

  await page.getByLabel('Email').fill(DEMO_CUSTOMER.email);
  await page.getByLabel('Password').fill(DEMO_CUSTOMER.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard\/myorder$/);
  expect(problems).toEqual([]);
});

test('on a slow machine, the answer of who is signed in never reaches the page before React has taken it over', async ({
  page,
  browserName,
}) => {
  test.skip(browserName !== 'chromium', 'slows the CPU through Chromium’s DevTools protocol');
  // React takes the page over a few milliseconds at a time; the session is asked for as it starts.
  // On a slow CPU the answer comes back in between: rendered then, the header of an admin would
  // show the back office's links the server's HTML has not, and a visitor's sign-in page would
  // take the place of the "checking" state the server sent.
  const problems = watchConsole(page);
  const devTools = await page.context().newCDPSession(page);
  await devTools.send('Emulation.setCPUThrottlingRate', { rate: 12 });

  await page.goto('/dashboard/myorder');
  await expect(page).toHaveURL(/\/login$/);
  for (let load = 0; load < 3; load += 1) {
    await page.reload();
    await waitForReady(page);
    await expect(page.getByText('Please sign in to continue.')).toBeVisible();
  }
  await signedIn(page, DEMO_ADMIN);
  for (const path of ['/dashboard/categories', '/cart', '/tools']) {
    await page.goto(path);
    await waitForReady(page);
    await expect(page.getByRole('navigation', { name: 'Main' }).first()).toBeAttached();
  }
  expect(problems).toEqual([]);
});
