import { avatarColourOf, initialsOf } from '../web/lib/initials-avatar.ts';
import {
  becomeBuyer,
  expect,
  expectAccessible,
  keepScreenshot,
  newAccount,
  test,
  waitForReady,
} from './fixtures.ts';
import { signedUp } from './sessions.ts';

test('a customer reviews once they have bought, sees it on the home page, then edits it', async ({
  page,
}) => {
  const customer = newAccount('Omar Reviewer');
  // Only customers who confirmed their email may post reviews.
  await signedUp(page, customer);
  const text = `Sturdy clamps and quick delivery, order ${Date.now().toString(36)} arrived complete.`;

  await page.goto('/dashboard');
  const menu = page.getByRole('navigation', { name: 'Dashboard' });
  await menu.getByRole('link', { name: 'Review' }).click();
  await expect(page).toHaveTitle('Write a review · Toolyard');
  // No paid order yet: the page says why there is no form, in a sentence.
  await expect(
    page.getByText(
      'Reviews come from customers who have bought from us: you can write yours once one of your orders is paid.',
    ),
  ).toBeVisible();
  await expect(page.getByLabel('Your review', { exact: true })).toHaveCount(0);

  await becomeBuyer(page.request, customer.email);
  await page.reload();
  await waitForReady(page);

  // Too short: the contract's rule, in the form.
  await page.getByLabel('Your review', { exact: true }).fill('ok');
  await page.getByRole('button', { name: 'Submit review' }).click();
  await expect(page.getByText('Must be at least 3 characters.')).toBeVisible();

  await page.getByLabel('Your review', { exact: true }).fill(text);
  await page.getByLabel('Rating').selectOption('4');
  await page.getByRole('button', { name: 'Submit review' }).click();
  await expect(page.getByText('Thank you! Your review is on the home page.')).toBeVisible();
  // The form now holds the customer's review, to edit.
  await expect(page.getByLabel('Your review', { exact: true })).toHaveValue(text);
  await expect(page.getByRole('button', { name: 'Save changes' })).toBeVisible();

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
  const reviews = page.getByRole('region', { name: 'What our customers say' });
  const card = reviews.getByRole('listitem').filter({ hasText: text });
  await expect(card).toBeVisible();
  await expect(card).toContainText(customer.name);
  await expect(card).toContainText('Customer');
  await expect(card).toContainText('Rating 4/5');
  // No photo: the author's initials on the colour their name gives, never an empty grey circle.
  const avatar = card.getByTestId('initials-avatar');
  await expect(avatar).toHaveText(initialsOf(customer.name));
  await expect(avatar).toHaveCSS('background-color', rgbOf(avatarColourOf(customer.name)));
  await expect(avatar).toHaveCSS('color', 'rgb(255, 255, 255)');
  await expect(card.locator('img')).toHaveCount(0);
  for (const width of [320, 375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await card.scrollIntoViewIfNeeded();
    await keepScreenshot(card, `review-card-${width}`);
  }
  await expectAccessible(page, 'the home page with a review without a photo');

  // Posting again edits the one review: the home page shows the new words, once.
  await page.goto('/dashboard/review');
  await waitForReady(page);
  const edited = `${text} Edited: the second order was as good.`;
  await page.getByLabel('Your review', { exact: true }).fill(edited);
  await page.getByLabel('Rating').selectOption('5');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Your review is updated.')).toBeVisible();
  await page.goto('/');
  await expect(reviews.getByRole('listitem').filter({ hasText: customer.name })).toHaveCount(1);
  await expect(reviews.getByRole('listitem').filter({ hasText: edited })).toContainText(
    'Rating 5/5',
  );
});

function rgbOf(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((start) => Number.parseInt(hex.slice(start, start + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}
