import { expect, newAccount, signUp, test } from './fixtures.ts';

test('a customer posts a review and sees it on the home page', async ({ page }) => {
  const customer = newAccount('Omar Reviewer');
  // Only customers who confirmed their email may post reviews.
  await signUp(page.request, customer);
  const text = `Sturdy clamps and quick delivery, order ${Date.now().toString(36)} arrived complete.`;

  await page.goto('/dashboard');
  await page
    .getByRole('navigation', { name: 'Dashboard' })
    .getByRole('link', { name: 'Review' })
    .click();
  await expect(page).toHaveTitle('Write a review · Toolyard');

  // Too short: the contract's rule, in the form.
  await page.getByLabel('Your review', { exact: true }).fill('ok');
  await page.getByRole('button', { name: 'Submit review' }).click();
  await expect(page.getByText('Must be at least 3 characters.')).toBeVisible();

  await page.getByLabel('Your review', { exact: true }).fill(text);
  await page.getByLabel('Rating').selectOption('4');
  await page.getByRole('button', { name: 'Submit review' }).click();
  await expect(page.getByText('Thank you! Your review is on the home page.')).toBeVisible();
  await expect(page.getByLabel('Your review', { exact: true })).toHaveValue('');

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
  const reviews = page.getByRole('region', { name: 'What our customers say' });
  const card = reviews.getByRole('listitem').filter({ hasText: text });
  await expect(card).toBeVisible();
  await expect(card).toContainText(customer.name);
  await expect(card).toContainText('Rating 4/5');
  await expect(card.locator('img')).toHaveAttribute('src', '/images/avatar-default.svg');
});
