import {
  apiAs,
  createTool,
  DEMO_ADMIN,
  expect,
  newAccount,
  payOrder,
  placeOrder,
  test,
  waitForReady,
} from './fixtures.ts';
import { signedIn } from './sessions.ts';

/**
 * Script smuggled into anything a person can store (a review, a name, an address, a tool's name
 * and description) is shown as text wherever the store shows it, and never runs: no dialog opens
 * and the payload's marker never appears on `window`.
 */
const SCRIPT = '<script>window.__pwned=1;alert("script")</script>';
const IMAGE = '<img src=x onerror="window.__pwned=1;alert(\'img\')">';
const LINK = '<a href="javascript:alert(1)">click</a>';

test('stored script payloads are shown as text and never run', async ({ page }) => {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const stamp = Date.now().toString(36);
  const admin = await apiAs(DEMO_ADMIN);
  const tool = await createTool(admin, {
    name: `Vise ${stamp} ${IMAGE}`,
    description: `A bench vise whose description tries ${SCRIPT} and ${LINK}, and must be shown as plain text, every character of it.`,
    minimumOrder: 10,
  });
  const customer = { ...newAccount('Eve'), name: `Eve ${stamp} ${IMAGE}` };
  const customerApi = await apiAs(customer, { create: true });
  await placeOrder(customerApi, customer.email, tool, 10).then(async (order) => {
    // The address the admin reads when shipping.
    expect(order.address).toBe('1 Test Street, Springfield');
    // Paid: reviews come from buyers.
    await payOrder(customerApi, order._id);
  });
  const address = `Unit 4 ${SCRIPT} ${IMAGE} Harbour Road`;
  const withAddress = await customerApi.post(
    `/api/user?email=${encodeURIComponent(customer.email)}`,
    { data: { toolId: tool._id, orderedNum: 10, phone: '+1 555 010 2000', address } },
  );
  expect(withAddress.status()).toBe(201);
  const review = `Review ${stamp} ${SCRIPT} ${IMAGE}`;
  expect((await customerApi.post('/api/reviews', { data: { review, rating: 4 } })).status()).toBe(
    201,
  );

  const expectNothingRan = async () => {
    expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(dialogs).toEqual([]);
  };

  // Visitors: the review and its author's name on the home page, the tool in the catalogue.
  await page.goto('/');
  await waitForReady(page);
  await expect(page.getByText(review)).toBeVisible();
  await expect(page.getByText(customer.name).first()).toBeVisible();
  await expectNothingRan();
  await page.goto(`/tools?q=${encodeURIComponent(stamp)}`);
  await waitForReady(page);
  await expect(page.getByRole('heading', { name: tool.name })).toBeVisible();
  await expectNothingRan();

  // The customer: the tool's page, their name in the navbar and profile, their orders.
  await signedIn(page, customer);
  await page.goto(`/purchase/${tool._id}`);
  await waitForReady(page);
  await expect(page.getByRole('heading', { level: 1, name: tool.name })).toBeVisible();
  await expect(page.getByText(tool.description)).toBeVisible();
  await expect(page.getByTestId('user-name').first()).toHaveText(customer.name);
  await expect(page.getByRole('link', { name: 'click' })).toHaveCount(0);
  await expectNothingRan();
  await page.goto('/dashboard/myorder');
  await waitForReady(page);
  await expect(page.getByRole('row').filter({ hasText: tool.name })).toHaveCount(2);
  await expectNothingRan();

  // The admin: every order with its customer and delivery address.
  await page.context().clearCookies();
  await signedIn(page, DEMO_ADMIN);
  await page.goto('/dashboard/manageallorders');
  await waitForReady(page);
  const row = page.getByRole('row').filter({ hasText: address });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(customer.name);
  await expect(row).toContainText(tool.name);
  await page.goto('/dashboard/manageproducts');
  await waitForReady(page);
  await expect(page.getByText(tool.name).filter({ visible: true }).first()).toBeVisible();
  await page.goto(`/dashboard/makeadmin?q=${encodeURIComponent(customer.email)}`);
  await waitForReady(page);
  await expect(page.getByText(customer.name).filter({ visible: true }).first()).toBeVisible();
  await expectNothingRan();
  // The moderation screen shows the review and its author as text.
  await page.goto('/dashboard/reviews');
  await waitForReady(page);
  await expect(page.getByText(review).first()).toBeVisible();
  await expectNothingRan();

  await customerApi.dispose();
  await admin.dispose();
});
