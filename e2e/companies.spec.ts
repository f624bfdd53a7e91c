import type { Locator, Page } from '@playwright/test';
import { addCompanyPeople, orderForTheirCompany } from './database.ts';
import {
  type Account,
  apiAs,
  boxOf,
  checkAtWidths,
  DEMO_ADMIN,
  demoTool,
  expect,
  newAccount,
  placeOrder,
  signUp,
  test,
} from './fixtures.ts';
import { linkFromOutbox } from './outbox.ts';
import { signedIn, signedUp } from './sessions.ts';

test('an owner creates a company, invites a buyer who signs up and joins, then changes their role and removes them', async ({
  page,
  browser,
}) => {
  const owner = newAccount('Olga Owner');
  await signedUp(page, owner);
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
  // Members are found by name (the list holds the first fifty, a search the rest).
  await page.getByLabel('Find a member').fill(buyer.name.slice(0, 8).toLowerCase());
  await expect(page.getByLabel('Placed by').locator('option')).toHaveText(['Anyone', buyer.name]);
  // A search that finds no one says where it looked: members are found by name or email.
  await page.getByLabel('Find a member').fill('no-such-member-anywhere');
  await expect(
    page.getByText('No member has “no-such-member-anywhere” in their name or email.'),
  ).toBeVisible();
  await page.getByLabel('Find a member').fill('');
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
  const orderReads: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === `/api/orders/${order._id}`)
      orderReads.push(request.url());
  });
  await row.getByRole('link', { name: order.number }).click();
  await expect(page.getByRole('heading', { name: `Order ${order.number}` })).toBeVisible();
  await expect(
    page
      .getByRole('navigation', { name: 'Breadcrumb' })
      .getByRole('link', { name: 'Company orders' }),
  ).toBeVisible();
  // The dashboard's menu agrees: the order is the company's, not the owner's own.
  const menu = page.getByRole('navigation', { name: 'Dashboard' });
  await expect(menu.getByRole('link', { name: 'Company orders' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(menu.getByRole('link', { name: 'My orders' })).not.toHaveAttribute('aria-current');
  await page.setViewportSize({ width: 320, height: 900 });
  await expect(menu.getByRole('button', { name: 'My dashboard: Company orders' })).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 900 });
  // The menu learnt it from the order the page read, asking nothing of its own.
  expect(orderReads).toHaveLength(1);
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

test("an owner pages through many members and open invitations, each list's states said plainly; an admin finds the company by name to filter orders", async ({
  page,
}) => {
  const owner = newAccount('Pia Pager');
  const ownerApi = await apiAs(owner, { create: true });
  // Found below by a part in its middle, in other letter case, that no other company has.
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const name = `Paging Crew ${tag} Works`;
  const created = await ownerApi.post('/api/companies', { data: { name } });
  expect(created.ok(), await created.text()).toBe(true);
  await addCompanyPeople(owner.email, { members: 24, invitations: 23 });
  await signedIn(page, owner);

  // A list that fails says so (a refusal: the app does not ask again, nor offer to).
  await page.route('**/api/companies/mine/members?*', (route) =>
    route.fulfill({
      status: 404,
      contentType: 'application/problem+json',
      body: JSON.stringify({
        type: 'about:blank',
        title: 'Not Found',
        status: 404,
        code: 'not_found',
        detail: 'You are not in a company.',
      }),
    }),
  );
  await page.goto('/dashboard/company');
  const failed = page.getByRole('alert').filter({ hasText: 'We could not load the members' });
  await expect(failed).toBeVisible();
  await checkAtWidths(page, 'company-members-error');
  await page.unroute('**/api/companies/mine/members?*');
  await page.reload();

  const members = page.getByRole('table', { name: `Members of ${name}` });
  await expect(page.getByText('25 members; showing 1 to 20.')).toBeVisible();
  await expect(members.getByRole('row')).toHaveCount(21);
  await expect(page.getByText('23 open invitations; showing 1 to 20.')).toBeVisible();
  await checkAtWidths(page, 'company-lists-paged');

  await page
    .getByRole('navigation', { name: 'Pages of the members' })
    .getByRole('link', { name: 'Page 2' })
    .click();
  await expect(page).toHaveURL(/members=2/);
  await expect(page.getByText('25 members; showing 21 to 25.')).toBeVisible();
  await expect(members.getByRole('row')).toHaveCount(6);
  await page
    .getByRole('navigation', { name: 'Pages of the open invitations' })
    .getByRole('link', { name: 'Page 2' })
    .click();
  await expect(page).toHaveURL(/members=2&invitations=2/);
  await expect(page.getByText('23 open invitations; showing 21 to 23.')).toBeVisible();
  await checkAtWidths(page, 'company-lists-page-2');

  // Past the last page, the list says there is nothing there.
  await page.goto('/dashboard/company?invitations=9');
  await expect(page.getByText('No invitations on this page')).toBeVisible();

  // The admin's order filter offers companies a page at a time, and finds this one by name.
  await signedIn(page, DEMO_ADMIN);
  await page.goto('/dashboard/manageallorders');
  const search = page.getByRole('search', { name: 'Find orders' });
  await search.getByLabel('Find a company').fill(`crew ${tag}`);
  await expect(search.getByLabel('Company', { exact: true }).locator('option')).toHaveText([
    'Any company',
    name,
  ]);
  await search.getByLabel('Company', { exact: true }).selectOption({ label: name });
  await search.getByRole('button', { name: 'Find' }).click();
  await expect(page).toHaveURL(/company=/);
  await expect(search.getByLabel('Company', { exact: true })).toHaveValue(/.+/);
  await checkAtWidths(page, 'manage-orders-company-filter');

  // So do the payment terms: the admin finds the company by name and gives it terms.
  await page.goto('/dashboard/payment-terms');
  await page.getByLabel('Find a company').fill(`crew ${tag}`);
  await page.getByLabel('Company', { exact: true }).selectOption({ label: name });
  // A later search that finds other companies keeps the one chosen (and shown) as the choice.
  await page.getByLabel('Find a company').fill('no company is called this');
  await expect(page.getByLabel('Company', { exact: true })).toHaveValue(/.+/);
  await expect(page.getByLabel('Company', { exact: true }).locator('option:checked')).toHaveText(
    name,
  );
  await page.getByLabel('Invoices due').selectOption('30');
  await page.getByLabel('Credit limit (USD)').fill('1000.00');
  await page.getByRole('button', { name: 'Save terms' }).click();
  await expect(page.getByText(`${name} orders on account, net 30, up to $1,000.00.`)).toBeVisible();
  await checkAtWidths(page, 'payment-terms-company-found');
});

test('on a phone, the invitation page keeps its buttons on screen, a long company name wrapped', async ({
  page,
}) => {
  const { name, invitee, link } = await invitationToNewCompany(
    `Northumberland Infrastructure Maintenance Contractors ${Date.now().toString(36)}`,
    newAccount('Nia Narrow'),
  );

  // Each button ends inside the card, which ends inside the screen (the card hides what passes
  // its edge, so the page itself never scrolls sideways and only the eye sees a cut button).
  await page.setViewportSize({ width: 320, height: 800 });
  const expectOnScreen = async (button: Locator) => {
    const box = await boxOf(button);
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(320 - 16);
  };
  await page.goto(link);
  await expectOnScreen(page.getByRole('link', { name: 'Sign in to see the invitation' }));
  await signedUp(page, invitee);
  await page.goto(link);
  await expectOnScreen(page.getByRole('button', { name: `Join ${name}` }));
  await checkAtWidths(page, 'join-company-long-name', [320]);
});

test("with the keyboard alone, someone creates a company and lands on the page's title, not the page's start", async ({
  page,
}) => {
  await signedUp(page, newAccount('Cleo Creator'));
  await page.goto('/dashboard/company');
  await page.getByLabel('Company name').focus();
  await page.keyboard.type('Keyboard Fitters');
  await page.keyboard.press('Tab');
  await page.keyboard.type('GB123456789');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Create company' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Keyboard Fitters' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Company' })).toBeFocused();
});

test("with the keyboard alone, an owner changes a member's limit and lands back on the member's Change button", async ({
  page,
}) => {
  const owner = newAccount('Kai Keys');
  const ownerApi = await apiAs(owner, { create: true });
  const created = await ownerApi.post('/api/companies', {
    data: { name: `Keyboard Works ${Date.now().toString(36)}` },
  });
  expect(created.ok(), await created.text()).toBe(true);
  await ownerApi.dispose();
  await addCompanyPeople(owner.email, { members: 1, invitations: 0 });
  await signedIn(page, owner);
  await page.goto('/dashboard/company');
  const change = page.getByRole('button', { name: "Change Crew 01's role or limits" });
  const dialog = page.getByRole('dialog', { name: 'Crew 01: role and limits' });

  // Saved with Enter from the limit's field: the dialog goes, focus comes back where it was.
  await change.focus();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Limit per order in USD').focus();
  await page.keyboard.type('250');
  await page.keyboard.press('Enter');
  await expect(page.getByText("Crew 01's role and limits are saved.")).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(change).toBeFocused();

  // Closed with its Close button: the same.
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).focus();
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  await expect(change).toBeFocused();
});

test("with the keyboard alone, an owner removes a member and withdraws an invitation, and lands on the page's title, not the page's start", async ({
  page,
}) => {
  const owner = newAccount('Rae Remover');
  const ownerApi = await apiAs(owner, { create: true });
  const created = await ownerApi.post('/api/companies', {
    data: { name: `Removal Works ${Date.now().toString(36)}` },
  });
  expect(created.ok(), await created.text()).toBe(true);
  await ownerApi.dispose();
  await addCompanyPeople(owner.email, { members: 1, invitations: 1 });
  await signedIn(page, owner);
  await page.goto('/dashboard/company');
  const title = page.getByRole('heading', { level: 1, name: 'Company' });

  // The member's row goes, and the Remove button that opened the dialog with it.
  const remove = page.getByRole('button', { name: 'Remove Crew 01' });
  await remove.focus();
  await page.keyboard.press('Enter');
  const removing = page.getByRole('dialog', { name: 'Remove this member?' });
  await removing.getByRole('button', { name: 'Remove member' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Crew 01 is no longer a member.')).toBeVisible();
  await expect(removing).toHaveCount(0);
  await expect(remove).toHaveCount(0);
  await expect(title).toBeFocused();

  // So does the invitation's row, with its Withdraw button.
  const withdraw = page.getByRole('button', { name: /^Withdraw the invitation of waiting-/ });
  await withdraw.focus();
  await page.keyboard.press('Enter');
  const withdrawing = page.getByRole('dialog', { name: 'Withdraw this invitation?' });
  await withdrawing.getByRole('button', { name: 'Withdraw invitation' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText(/The invitation of waiting-.* is withdrawn\./)).toBeVisible();
  await expect(withdrawing).toHaveCount(0);
  await expect(withdraw).toHaveCount(0);
  await expect(title).toBeFocused();
});

/**
 * Fills the sign-up form the page shows for `invitee` and confirms the address from its email in
 * another tab of the same browser, which it returns.
 */
async function signUpAndConfirm(page: Page, invitee: Account): Promise<Page> {
  await page.getByLabel('Full name').fill(invitee.name);
  await page.getByLabel('Email').fill(invitee.email);
  await page.getByLabel('Password', { exact: true }).fill(invitee.password);
  await page.getByLabel('Confirm password').fill(invitee.password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Check your inbox' })).toBeVisible();
  const confirmTab = await page.context().newPage();
  await confirmTab.goto(await linkFromOutbox(invitee.email, '/confirm-email?token='));
  await confirmTab.getByLabel('Password').fill(invitee.password);
  await confirmTab.getByRole('button', { name: 'Confirm my email' }).click();
  return confirmTab;
}

test('someone invited without an account signs up from the invitation and is brought back to it by the page confirming their email', async ({
  page,
}) => {
  const { name, invitee, link } = await invitationToNewCompany(
    `Quayside Fitters ${Date.now().toString(36)}`,
    newAccount('Ivo Invited'),
  );

  await page.goto(link);
  await page.getByRole('link', { name: 'Create one with that address' }).click();
  const confirmTab = await signUpAndConfirm(page, invitee);
  await expect(
    confirmTab.getByRole('heading', { level: 1, name: 'Your email is confirmed' }),
  ).toBeVisible();
  await confirmTab.getByRole('link', { name: 'Open the invitation' }).click();
  await confirmTab.getByRole('button', { name: `Join ${name}` }).click();
  await expect(confirmTab.getByRole('heading', { name })).toBeVisible();
  await expect(confirmTab.getByText('You are a buyer')).toBeVisible();

  // Shown once, the invitation is not offered again by a later confirmation in this browser.
  await confirmTab.goto('/email-verified');
  await expect(confirmTab.getByRole('link', { name: 'Browse the tools' })).toBeVisible();
  await expect(confirmTab.getByRole('link', { name: 'Open the invitation' })).toHaveCount(0);
});

test('someone invited without an account who goes to sign in first, then makes an account there, is brought back to the invitation too', async ({
  page,
}) => {
  const { name, invitee, link } = await invitationToNewCompany(
    `Harbour Joiners ${Date.now().toString(36)}`,
    newAccount('Sia Signin'),
  );

  await page.goto(link);
  await page.getByRole('link', { name: 'Sign in to see the invitation' }).click();
  await page.getByRole('link', { name: 'Create an account' }).click();
  const confirmTab = await signUpAndConfirm(page, invitee);
  await confirmTab.getByRole('link', { name: 'Open the invitation' }).click();
  await confirmTab.getByRole('button', { name: `Join ${name}` }).click();
  await expect(confirmTab.getByText('You are a buyer')).toBeVisible();
});

/** A company of its own, made by a new owner through the API, and its invitation of `invitee` as a buyer. */
async function invitationToNewCompany(name: string, invitee: Account) {
  const ownerApi = await apiAs(newAccount('Owen Owner'), { create: true });
  const created = await ownerApi.post('/api/companies', { data: { name } });
  expect(created.ok(), await created.text()).toBe(true);
  const invited = await ownerApi.post('/api/companies/mine/invitations', {
    data: { email: invitee.email, role: 'buyer' },
  });
  expect(invited.ok(), await invited.text()).toBe(true);
  await ownerApi.dispose();
  return { name, invitee, link: await linkFromOutbox(invitee.email, '/join-company?token=') };
}
