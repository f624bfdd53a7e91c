import { orderForTheirCompany } from './database.ts';
import {
  checkAtWidths,
  demoTool,
  expect,
  newAccount,
  placeOrder,
  signUp,
  test,
} from './fixtures.ts';
import { linkFromOutbox } from './outbox.ts';

test('an owner creates a company, invites a buyer who signs up and joins, then changes their role and removes them', async ({
  page,
  browser,
}) => {
  const owner = newAccount('Olga Owner');
  await signUp(page.request, owner);
  await page.goto('/dashboard/company');
  await expect(page.getByRole('heading', { name: 'Create a company' })).toBeVisible();
  await checkAtWidths(page, 'company-create');
  await page.getByLabel('Company name').fill('Harbour Builders');
  await page.getByLabel('VAT or tax number (optional)').fill('GB123456789');
  await page.getByLabel('Billing address (optional)').fill('1 Quay Street\nPortsmouth PO1 2AB');
  await page.getByRole('button', { name: 'Create company' }).click();
  await expect(page.getByRole('heading', { name: 'Harbour Builders' })).toBeVisible();

  // The owner invites a buyer; the invitation waits, with a way to withdraw it.
  const buyer = newAccount('Ben Buyer');
  await page.getByLabel('Email address').fill(buyer.email);
  await page.getByLabel('Role', { exact: true }).selectOption('buyer');
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(`An invitation is on its way to ${buyer.email}`)).toBeVisible();
  await expect(
    page.getByRole('button', { name: `Withdraw the invitation of ${buyer.email}` }),
  ).toBeVisible();
  await checkAtWidths(page, 'company-owner');

  // The invitee follows the link signed out, is asked to sign in, signs up, and accepts.
  const link = await linkFromOutbox(buyer.email, '/join-company?token=');
  const context = await browser.newContext();
  const invitee = await context.newPage();
  await invitee.goto(link);
  await expect(invitee.getByRole('link', { name: 'Sign in to see the invitation' })).toBeVisible();
  await checkAtWidths(invitee, 'join-company-signed-out');
  await signUp(invitee.request, buyer);
  await invitee.goto(link);
  await expect(invitee.getByText('invited you to join')).toContainText('Harbour Builders');
  await expect(invitee.getByText('invited you to join')).toContainText('as a buyer');
  await checkAtWidths(invitee, 'join-company-offer');
  await invitee.getByRole('button', { name: 'Join Harbour Builders' }).click();
  await expect(invitee).toHaveURL(/\/dashboard\/company$/);
  await expect(invitee.getByRole('heading', { name: 'Harbour Builders' })).toBeVisible();
  await expect(invitee.getByText('You are a buyer')).toBeVisible();
  await checkAtWidths(invitee, 'company-member');

  // The company's orders: none yet, said plainly, with the filters by buyer and status.
  await page.goto('/dashboard/company/orders');
  await expect(page.getByText('No company orders yet')).toBeVisible();
  await expect(page.getByLabel('Placed by')).toContainText(buyer.name);
  await checkAtWidths(page, 'company-orders-empty');

  // The buyer orders for the company: the owner sees it with who placed it, and reads it without
  // paying, cancelling or buying it again (those stay with the buyer).
  const order = await placeOrder(
    invitee.request,
    buyer.email,
    await demoTool(page.request, 'CH-450'),
  );
  await orderForTheirCompany(order._id);
  await page.goto('/dashboard/company/orders');
  const row = page.getByRole('row').filter({ hasText: order.number });
  await expect(row).toContainText(buyer.name);
  await checkAtWidths(page, 'company-orders');
  await row.getByRole('link', { name: order.number }).click();
  await expect(page.getByRole('heading', { name: `Order ${order.number}` })).toBeVisible();
  await expect(
    page
      .getByRole('navigation', { name: 'Breadcrumb' })
      .getByRole('link', { name: 'Company orders' }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Pay now' })).toHaveCount(0);
  await checkAtWidths(page, 'company-order-read-only');

  // The owner makes the buyer an approver with limits: the member sees it at once.
  await page.goto('/dashboard/company');
  await page.getByRole('button', { name: `Change ${buyer.name}'s role or limits` }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Role', { exact: true }).selectOption('approver');
  await dialog.getByLabel(/Limit per order/).fill('500');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`${buyer.name}'s role and limits are saved.`)).toBeVisible();
  await invitee.reload();
  await expect(invitee.getByText('You are an approver')).toBeVisible();

  // Removed, the member is out at once.
  await page.getByRole('button', { name: `Remove ${buyer.name}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Remove member' }).click();
  await expect(page.getByText(`${buyer.name} is no longer a member.`)).toBeVisible();
  await invitee.reload();
  await expect(invitee.getByRole('heading', { name: 'Create a company' })).toBeVisible();
  await context.close();
});
