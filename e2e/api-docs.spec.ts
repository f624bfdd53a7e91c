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
  await expect(page.getByRole('heading', { name: /Toolyard API/ })).toBeVisible();
  await expect(page.getByText('/api/tools', { exact: true }).first()).toBeVisible();
  expect(violations).toEqual([]);
});
