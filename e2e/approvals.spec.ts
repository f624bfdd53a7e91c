import type { Page } from '@playwright/test';
import type { Tool } from '#contract/tools.ts';
import {
  type Account,
  addFromToolPage,
  apiAs,
  checkAtWidths,
  createTool,
  DEMO_ADMIN,
  expect,
  joinCompany,
  newAccount,
  test,
  waitForReady,
} from './fixtures.ts';
import { signedIn } from './sessions.ts';

/** Invites a new person into the owner's company with a role; they sign up and accept. */
/**
 * A company with an owner, a buyer, an approver and a viewer; the owner sets, on the company page,
 * the buyer's limits ($50 an order, $1,000 a month) and the company's budget ($5,000 a month).
 */
async function companyWithBuyer(page: Page) {
  const owner = newAccount('Oona Owner');
  const ownerApi = await apiAs(owner, { create: true });
  const created = await ownerApi.post('/api/companies', {
    // Long, and of wide letters: whatever shows the name at 320 px must wrap it.
    data: { name: `Quayside Maintenance Works MMWWMMWW ${Date.now().toString(36)}` },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const buyer = newAccount('Bea Buyer');
  const approver = newAccount('Abe Approver');
  const viewer = newAccount('Vic Viewer');
  await joinCompany(ownerApi, buyer, 'buyer');
  await joinCompany(ownerApi, approver, 'approver');
  await joinCompany(ownerApi, viewer, 'viewer');

  await signedIn(page, owner);
  await page.goto('/dashboard/company');
  await page.getByLabel('Monthly budget in USD (optional)').fill('5000');
  await page.getByRole('button', { name: 'Save company details' }).click();
  await expect(page.getByText('The company details are saved.')).toBeVisible();
  await page.getByRole('button', { name: `Change ${buyer.name}'s role or limits` }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Limit per order in USD').fill('50');
  await dialog.getByLabel('Limit per calendar month in USD').fill('1000');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`${buyer.name}'s role and limits are saved.`)).toBeVisible();
  await checkAtWidths(page, 'approval-owner-limits');
  const company = (await (await ownerApi.get('/api/companies/mine')).json()) as {
    monthlyLimit: number | null;
  };
  expect(company.monthlyLimit).toBe(500_000);
  const members = (await (await ownerApi.get('/api/companies/mine/members')).json()) as {
    email: string;
    orderLimit: number | null;
    monthlyLimit: number | null;
  }[];
  expect(members.find((m) => m.email === buyer.email)).toMatchObject({
    orderLimit: 5000,
    monthlyLimit: 100_000,
  });
  return { buyer, approver, viewer };
}

/** The buyer checks out the cart ($100, above their $50 limit) and is told it waits. */
async function orderAboveLimit(page: Page, tool: Tool): Promise<string> {
  await addFromToolPage(page, tool, 10);
  await page.goto('/cart');
  await waitForReady(page);
  await page.getByLabel('Phone').fill('+1 555 010 4000');
  await page.getByLabel('Delivery address').fill('12 Quay Lane, Springfield');
  await page.getByRole('button', { name: 'Place order' }).click();
  const placed = page
    .getByRole('status')
    .filter({ hasText: /Waiting for your company.s approval/ });
  await expect(placed).toBeVisible();
  await expect(page.getByRole('link', { name: 'Pay now' })).toHaveCount(0);
  await checkAtWidths(page, 'approval-checkout-waiting');
  await placed.getByRole('link', { name: 'See the order' }).click();
  await expect(page).toHaveURL(/\/dashboard\/orders\/[\w-]+$/);
  return new URL(page.url()).pathname;
}

/** The approver finds the waiting order in Company orders, filtered by status, and opens it. */
async function openFromCompanyOrders(page: Page, approver: Account, orderPath: string) {
  await signedIn(page, approver);
  await page.goto('/dashboard/company/orders');
  // A status chosen before the page has hydrated is set back to the address's when it does.
  await waitForReady(page);
  await page.getByLabel('Status').selectOption('awaiting_approval');
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page).toHaveURL(/status=awaiting_approval/);
  await checkAtWidths(page, 'approval-company-orders');
  await page.locator(`a[href="${orderPath}"]:visible`).click();
  await expect(page.getByRole('heading', { name: 'This order needs your approval' })).toBeVisible();
}

test('a buyer orders above their limit, an approver approves one order and rejects another, the buyer pays and reads the reason', async ({
  page,
}) => {
  const admin = await apiAs(DEMO_ADMIN);
  const tool = await createTool(admin, {
    name: `Approval Saw ${Date.now().toString(36)}`,
    price: 1000,
    minimumOrder: 5,
  });
  const { buyer, approver, viewer } = await companyWithBuyer(page);

  // The buyer orders $100, above the $50 limit: the order waits, with nothing to pay yet.
  await signedIn(page, buyer);
  const first = await orderAboveLimit(page, tool);
  await expect(
    page.getByRole('heading', { name: /Waiting for your company.s approval/ }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Approve order' })).toHaveCount(0);
  await checkAtWidths(page, 'approval-buyer-waiting');

  // A viewer reads the waiting order, without the approver's buttons.
  await signedIn(page, viewer);
  await page.goto(first);
  await expect(
    page.getByRole('heading', { name: /Waiting for the company.s approval/ }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Approve order' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Reject order' })).toHaveCount(0);

  // The approver opens it from Company orders and approves.
  await openFromCompanyOrders(page, approver, first);
  await checkAtWidths(page, 'approval-approver');
  await page.getByRole('button', { name: 'Approve order' }).click();
  await expect(page.getByText(/is approved; .* is emailed to pay\./)).toBeVisible();
  // Its button gone with the decision, focus goes to the order's title, not the page's start.
  const title = page.getByRole('heading', { level: 1, name: /^Order TY-\d+$/ });
  await expect(title).toBeFocused();

  // The buyer now finds it unpaid and pays with the test card.
  await signedIn(page, buyer);
  await page.goto(first);
  await expect(page.getByText('Unpaid').first()).toBeVisible();
  await page.getByRole('link', { name: 'Pay now' }).click();
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/39');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Pay $100.00' }).click();
  await expect(page.getByRole('heading', { name: 'Payment received. Thank you!' })).toBeFocused();

  // A second order above the limit is rejected with a reason, which the buyer reads.
  const second = await orderAboveLimit(page, tool);
  await openFromCompanyOrders(page, approver, second);
  await page.getByRole('button', { name: 'Reject order' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Reason').fill('We already have two saws on site this month.');
  await checkAtWidths(page, 'approval-reject-dialog');
  await dialog.getByRole('button', { name: 'Reject order' }).click();
  await expect(page.getByText(/is rejected; .* is emailed why\./)).toBeVisible();
  await expect(title).toBeFocused();

  await signedIn(page, buyer);
  await page.goto(second);
  await expect(
    page.getByText(/Rejected by .*: We already have two saws on site this month\./),
  ).toBeVisible();
  await checkAtWidths(page, 'approval-buyer-rejected');
});

test('a buyer who keeps a waiting order open sees the decision taken elsewhere on coming back to it, without reloading', async ({
  page,
}) => {
  const admin = await apiAs(DEMO_ADMIN);
  const tool = await createTool(admin, {
    name: `Open Page Saw ${Date.now().toString(36)}`,
    price: 1000,
    minimumOrder: 5,
  });
  const { buyer, approver } = await companyWithBuyer(page);
  const approverApi = await apiAs(approver);
  const idOf = (orderPath: string) => orderPath.split('/').pop();

  // Approved while the buyer reads it: back on the order from My orders, it is there to pay.
  await signedIn(page, buyer);
  const first = await orderAboveLimit(page, tool);
  await expect(page.getByText('Awaiting approval').first()).toBeVisible();
  const title = await page.getByRole('heading', { level: 1 }).textContent();
  const approved = await approverApi.post(`/api/orders/${idOf(first)}/approve`);
  expect(approved.ok(), await approved.text()).toBe(true);
  await page
    .getByRole('navigation', { name: 'Breadcrumb' })
    .getByRole('link', { name: 'My orders' })
    .click();
  await page.getByRole('link', { name: title?.replace('Order ', ''), exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${first}$`));
  await expect(page.getByText('Unpaid').first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Pay now' })).toBeVisible();

  // Rejected while the buyer is in another tab: back in this one, the reason is there.
  const second = await orderAboveLimit(page, tool);
  await expect(page.getByText('Awaiting approval').first()).toBeVisible();
  const rejected = await approverApi.post(`/api/orders/${idOf(second)}/reject`, {
    data: { reason: 'One saw is enough this month.' },
  });
  expect(rejected.ok(), await rejected.text()).toBe(true);
  await page.evaluate(() =>
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true })),
  );
  await expect(page.getByText(/Rejected by .*: One saw is enough this month\./)).toBeVisible();
});

test('a buyer who accepts an offer above their limit is told its order waits for the company’s approval', async ({
  page,
}) => {
  const admin = await apiAs(DEMO_ADMIN);
  const tool = await createTool(admin, {
    name: `Offer Saw ${Date.now().toString(36)}`,
    price: 1000,
    minimumOrder: 10,
  });
  const { buyer } = await companyWithBuyer(page);
  const buyerApi = await apiAs(buyer);
  const carted = await buyerApi.put('/api/cart', {
    data: { lines: [{ toolId: tool._id, quantity: 10 }] },
  });
  expect(carted.ok(), await carted.text()).toBe(true);
  const asked = await buyerApi.post('/api/quotes', { data: { message: 'Ten saws, please.' } });
  expect(asked.ok(), await asked.text()).toBe(true);
  const quote = (await asked.json()) as { _id: string };
  const offered = await admin.post(`/api/quote-requests/${quote._id}/offer`, {
    data: {
      lines: [{ position: 1, offeredUnitPrice: 900 }],
      validUntil: new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10),
    },
  });
  expect(offered.ok(), await offered.text()).toBe(true);

  // $90.00, above the buyer's $50 limit per order.
  await signedIn(page, buyer);
  await page.goto(`/dashboard/quotes/${quote._id}`);
  await waitForReady(page);
  await page.getByLabel('Phone').fill('+1 555 010 4000');
  await page.getByLabel('Delivery address').fill('12 Quay Lane, Springfield');
  await page.getByRole('button', { name: 'Accept and place the order' }).click();
  await expect(
    page.getByText(/Offer accepted: order TY-\d+ waits for your company’s approval\./),
  ).toBeVisible();
  await expect(
    page.getByText(
      /You accepted this offer: it became order TY-\d+, which waits for your company’s approval before it can be paid\./,
    ),
  ).toBeVisible();
  await checkAtWidths(page, 'approval-offer-accepted');
});

/** An order waiting for approval, open on its approver's page, that its buyer then cancels. */
async function cancelledUnderTheApprover(page: Page, toolName: string): Promise<void> {
  const admin = await apiAs(DEMO_ADMIN);
  const tool = await createTool(admin, {
    name: `${toolName} ${Date.now().toString(36)}`,
    price: 1000,
    minimumOrder: 5,
  });
  const { buyer, approver } = await companyWithBuyer(page);
  await signedIn(page, buyer);
  const orderPath = await orderAboveLimit(page, tool);
  await openFromCompanyOrders(page, approver, orderPath);
  const cancelled = await (await apiAs(buyer)).delete(`/api/user/${orderPath.split('/').pop()}`);
  expect(cancelled.ok(), await cancelled.text()).toBe(true);
}

test('an approver who approves an order its buyer cancelled meanwhile is told so, and the page shows it cancelled', async ({
  page,
}) => {
  await cancelledUnderTheApprover(page, 'Cancelled Saw');
  await page.getByRole('button', { name: 'Approve order' }).click();
  await expect(
    page.getByText(
      'This order was cancelled (by its buyer, or because it was not approved in time).',
    ),
  ).toBeVisible();
  await expect(page.getByText('Cancelled', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Approve order' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Reject order' })).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: /^Order TY-\d+$/ })).toBeFocused();
});

test('an approver who rejects an order its buyer cancelled meanwhile is told so, and on closing reads it cancelled', async ({
  page,
}) => {
  await cancelledUnderTheApprover(page, 'Withdrawn Saw');
  await page.getByRole('button', { name: 'Reject order' }).click();
  const dialog = page.getByRole('dialog', { name: /^Reject order TY-\d+$/ });
  await dialog.getByLabel('Reason').fill('We buy these saws elsewhere.');
  await dialog.getByRole('button', { name: 'Reject order' }).click();
  await expect(
    dialog.getByText(
      'This order was cancelled (by its buyer, or because it was not approved in time).',
    ),
  ).toBeVisible();
  // The refused button has its focus back (busy, it had lost it), not the dialog's title.
  await expect(dialog.getByRole('button', { name: 'Reject order' })).toBeFocused();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText('Cancelled', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Approve order' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Reject order' })).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: /^Order TY-\d+$/ })).toBeFocused();
});
