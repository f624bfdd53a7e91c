import { expect, test } from './fixtures.ts';

test('the API docs load under the store\u2019s own content security policy, over plain http', async ({
  page,
}) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  const response = await page.goto('/api/docs');
  const csp = response?.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).not.toContain('upgrade-insecure-requests');
  // The page builds itself in the browser from the whole API description: slow on a busy machine.
  await expect(page.getByRole('heading', { name: /Toolyard API/ })).toBeVisible({
    timeout: 45_000,
  });
  await expect(page.getByText('/api/tools', { exact: true }).first()).toBeVisible();
  expect(violations).toEqual([]);
});
