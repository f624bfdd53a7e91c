import type { APIRequestContext, Page } from '@playwright/test';
import {
  apiAs,
  becomeBuyer,
  DEMO_ADMIN,
  demoTool,
  expect,
  expectAccessible,
  keepScreenshot,
  newAccount,
  test,
  waitForReady,
} from './fixtures.ts';
import { signedIn, signedUp } from './sessions.ts';

/**
 * People, the audit log and review moderation, as an admin and as a customer: every role change
 * and every moderation asks first, and lands in the audit log in words.
 */

/** axe at phone width, and a full-page screenshot for people to look at. */
async function checkAtPhoneWidth(page: Page, name: string): Promise<void> {
  await expectAccessible(page, `${name} at 375px`);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect.soft(overflow, `${name} is no wider than the phone`).toBeLessThanOrEqual(0);
  await keepScreenshot(page, `${name}-375`, { fullPage: true });
}

/** A review by the account `api` signs in as, once it has bought (reviews come from buyers). */
async function postReview(
  api: APIRequestContext,
  email: string,
  text: string,
  rating = 2,
): Promise<string> {
  await becomeBuyer(api, email);
  const response = await api.post('/api/reviews', { data: { review: text, rating } });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { _id: string })._id;
}

const stamp = () => Date.now().toString(36) + Math.floor(Math.random() * 1e6).toString(36);

test.describe('as an admin', () => {
  test.beforeEach(async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await signedIn(page, DEMO_ADMIN);
  });

  test('demotes another admin after confirming, and sees it in the audit log', async ({ page }) => {
    const colleague = newAccount('Dora Demoted');
    const colleagueApi = await apiAs(colleague, { create: true });
    const admin = await apiAs(DEMO_ADMIN);
    const promoted = await admin.put(`/api/alluser?email=${encodeURIComponent(colleague.email)}`, {
      data: { role: 'Admin' },
    });
    expect(promoted.status()).toBe(200);

    await page.goto('/dashboard/makeadmin?role=Admin');
    await waitForReady(page);
    await expect(page.getByLabel('Role', { exact: true })).toHaveValue('Admin');
    await expect(page.getByText(/\d+ (person|people)/)).toBeVisible();
    await checkAtPhoneWidth(page, 'people-admins');

    await page.getByLabel('Find a person').fill(colleague.email.toUpperCase());
    await page.getByRole('button', { name: 'Find' }).click();
    await expect(page).toHaveURL(/q=DORA-DEMOTED/);
    await expect(page.getByText('1 person.')).toBeVisible();
    const card = page.getByRole('listitem').filter({ hasText: colleague.email });
    await card.getByRole('button', { name: `Remove admin: ${colleague.name}` }).click();
    const dialog = page.getByRole('dialog', {
      name: `Remove the admin role from ${colleague.name}?`,
    });
    await expect(dialog).toContainText(colleague.email);
    await checkAtPhoneWidth(page, 'people-confirm-demote');
    // Closed first (dialogs say Close everywhere): nothing changes.
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    expect((await colleagueApi.get('/api/alluser?limit=1')).status()).toBe(200);

    await card.getByRole('button', { name: `Remove admin: ${colleague.name}` }).click();
    await dialog.getByRole('button', { name: 'Remove admin' }).click();
    await expect(page.getByText(`${colleague.name} is no longer an admin.`)).toBeVisible();
    // The list still shows admins only: she has left it.
    await expect(page).toHaveURL(/role=Admin/);
    await expect(card).toHaveCount(0);
    await expect(page.getByText('Nobody matches this search')).toBeVisible();
    expect((await colleagueApi.get('/api/alluser?limit=1')).status()).toBe(403);

    // On a phone the dashboard's menu is folded into one button.
    const menu = page.getByRole('navigation', { name: 'Dashboard' });
    await menu.getByRole('button').click();
    await menu.getByRole('link', { name: 'Audit log' }).click();
    await expect(page).toHaveTitle('Audit log · Toolyard');
    await waitForReady(page);
    const changes = page.getByRole('list', { name: 'Changes, newest first' });
    await expect(
      changes.getByText(
        `${DEMO_ADMIN.email} (named “Ada Admin”) removed the admin role from ${colleague.email}.`,
      ),
    ).toBeVisible();
    await expect(
      changes.getByText(
        `${DEMO_ADMIN.email} (named “Ada Admin”) made ${colleague.email} an admin.`,
      ),
    ).toBeVisible();
    await checkAtPhoneWidth(page, 'audit-log');

    // Filtered to role changes by the demo admin, in the URL.
    await page.getByLabel('What happened').selectOption('user.role_changed');
    await page.getByLabel('Changed by (email)').fill(DEMO_ADMIN.email);
    await page.getByRole('button', { name: 'Filter' }).click();
    await expect(page).toHaveURL(/action=user.role_changed/);
    await expect(changes.getByText(/“Ada Admin”\) (made|removed)/).first()).toBeVisible();
    await expect(changes.getByText(/hid|deleted/)).toHaveCount(0);
    await page.getByLabel('Changed by (email)').fill('nobody-at-all@example.com');
    await page.getByRole('button', { name: 'Filter' }).click();
    await expect(page.getByText('No change matches these filters')).toBeVisible();
    await colleagueApi.dispose();
    await admin.dispose();
  });

  test('hides a review, sees it leave the home page, then deletes it', async ({ page }) => {
    const author = newAccount('Rhea Rude');
    const authorApi = await apiAs(author, { create: true });
    const text = `Moderate me ${stamp()}: the saws were blunt and the staff rude.`;
    await postReview(authorApi, author.email, text, 1);

    await page.goto('/');
    await expect(page.getByText(text)).toBeVisible();

    // The same buyer reviews the tool they bought: each card says what its review is about.
    const tool = await demoTool(authorApi, 'CH-450');
    const toolText = `Moderate me too ${stamp()}: the hammer is fine.`;
    const toolReview = await authorApi.post(`/api/tools/${tool._id}/reviews`, {
      data: { review: toolText, rating: 4 },
    });
    expect(toolReview.status()).toBe(201);

    await page.goto('/dashboard/reviews');
    await waitForReady(page);
    const card = page.getByRole('listitem').filter({ hasText: text });
    await expect(card).toContainText(author.email);
    await expect(card).toContainText('Review of the store');
    const toolCard = page.getByRole('listitem').filter({ hasText: toolText });
    await expect(toolCard.getByRole('link', { name: tool.name })).toHaveAttribute(
      'href',
      `/tools/${tool._id}`,
    );
    await checkAtPhoneWidth(page, 'manage-reviews');
    await card.getByRole('button', { name: `Hide ${author.name}’s review` }).click();
    const hide = page.getByRole('dialog', { name: 'Hide this review?' });
    await expect(hide).toContainText(text);
    await checkAtPhoneWidth(page, 'manage-reviews-confirm-hide');
    await hide.getByRole('button', { name: 'Hide review' }).click();
    await expect(page.getByText(`${author.name}’s review is hidden from the store.`)).toBeVisible();
    await expect(card).toContainText('Hidden from the store');

    // Gone from the home page (server-rendered, fresh) and from the public API at once.
    const home = await page.request.get('/');
    expect(await home.text()).not.toContain(text.slice(0, 30));
    await page.goto('/');
    await waitForReady(page);
    await expect(page.getByText(text)).toHaveCount(0);
    const listed = await (await page.request.get('/api/reviews?limit=100')).text();
    expect(listed).not.toContain(text.slice(0, 30));

    await page.goto('/dashboard/reviews?hidden=true');
    await waitForReady(page);
    await expect(page.getByLabel('Show', { exact: true })).toHaveValue('true');
    await card.getByRole('button', { name: `Delete ${author.name}’s review` }).click();
    const remove = page.getByRole('dialog', { name: 'Delete this review?' });
    await remove.getByRole('button', { name: 'Delete review' }).click();
    await expect(page.getByText(`${author.name}’s review is deleted.`)).toBeVisible();
    await expect(card).toHaveCount(0);
    // Its card and button are gone: the keyboard is on the page's title, not its start.
    await expect(page.getByRole('heading', { level: 1, name: 'Manage reviews' })).toBeFocused();

    await page.goto('/dashboard/audit?targetType=review');
    await waitForReady(page);
    const changes = page.getByRole('list', { name: 'Changes, newest first' });
    await expect(
      changes.getByText(
        `(named “Ada Admin”) deleted the review by ${author.email} (named “${author.name}”), rated 1 of 5`,
        {
          exact: false,
        },
      ),
    ).toBeVisible();
    await expect(
      changes.getByText(
        `(named “Ada Admin”) hid the review by ${author.email} (named “${author.name}”), rated 1 of 5`,
        { exact: false },
      ),
    ).toBeVisible();
    await authorApi.dispose();
  });

  test('removing your own admin role asks for your email and leaves the admin screens', async ({
    page,
  }) => {
    const boss = newAccount('Stella Stepdown');
    await signedUp(page, boss);
    const admin = await apiAs(DEMO_ADMIN);
    await admin.put(`/api/alluser?email=${encodeURIComponent(boss.email)}`, {
      data: { role: 'Admin' },
    });
    await admin.dispose();

    await page.goto(`/dashboard/makeadmin?q=${encodeURIComponent(boss.email)}`);
    await waitForReady(page);
    const card = page.getByRole('listitem').filter({ hasText: boss.email });
    await expect(card).toContainText('(you)');
    await card.getByRole('button', { name: `Remove admin: ${boss.name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove your own admin role?' });
    await expect(dialog).toContainText('you will lose access to the admin screens at once');
    await dialog.getByRole('button', { name: 'Remove my admin role' }).click();
    await expect(dialog.getByText(`Type your email, ${boss.email}, to confirm.`)).toBeVisible();
    await checkAtPhoneWidth(page, 'people-confirm-self-demote');
    await dialog.getByLabel('Your email').fill(boss.email);
    await dialog.getByRole('button', { name: 'Remove my admin role' }).click();

    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(
      page.getByText('You are no longer an admin. Another admin can give the role back.'),
    ).toBeVisible();
    const menu = page.getByRole('navigation', { name: 'Dashboard' });
    await menu.getByRole('button', { name: 'My dashboard: Profile' }).click();
    await expect(menu.getByRole('link', { name: 'My orders' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Audit log' })).toHaveCount(0);
    expect((await page.request.get('/api/audit')).status()).toBe(403);
  });
});

test('a customer deletes their own review after confirming', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  const customer = newAccount('Theo Takeback');
  await signedUp(page, customer);
  const text = `Take this back ${stamp()}: fine tools after all.`;
  await postReview(page.request, customer.email, text, 3);

  await page.goto('/dashboard/review');
  await waitForReady(page);
  const mine = page.getByRole('list', { name: 'Your reviews, newest first' });
  const card = mine.getByRole('listitem').filter({ hasText: text });
  await expect(card).toBeVisible();
  await expect(card.getByRole('button', { name: /Hide/ })).toHaveCount(0);
  await checkAtPhoneWidth(page, 'my-reviews');
  await card.getByRole('button', { name: 'Delete your review' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your review?' });
  await expect(dialog).toContainText(text);
  await dialog.getByRole('button', { name: 'Delete review' }).click();
  await expect(page.getByText('Your review is deleted.')).toBeVisible();
  await expect(page.getByText('You have not written a review yet')).toBeVisible();
  await page.goto('/');
  await expect(page.getByText(text)).toHaveCount(0);
});
