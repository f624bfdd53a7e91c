import { expect, newAccount, test } from './fixtures.ts';
import { signedUp } from './sessions.ts';

test('a customer typing an admin URL sees "not allowed"', async ({ page }) => {
  await signedUp(page, newAccount('Nina Customer'));

  await page.goto('/dashboard');
  const menu = page.getByRole('navigation', { name: 'Dashboard' });
  await expect(menu.getByRole('link', { name: 'Profile' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'My orders' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Review' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Add tool' })).toHaveCount(0);

  for (const path of [
    'addproduct',
    'makeadmin',
    'manageallorders',
    'manageproducts',
    'reviews',
    'audit',
  ]) {
    await page.goto(`/dashboard/${path}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Not allowed' })).toBeVisible();
    await expect(page).toHaveTitle('Not allowed · Toolyard');
  }

  // The server refuses too.
  expect((await page.request.get('/api/alluser')).status()).toBe(403);
  expect((await page.request.get('/api/orderlist')).status()).toBe(403);
  expect((await page.request.get('/api/audit')).status()).toBe(403);
  expect((await page.request.get('/api/reviews/all')).status()).toBe(403);
});
