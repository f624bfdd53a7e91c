import { expect, test } from './fixtures.ts';

test('forms validate without tripping the content security policy', async ({ page }) => {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  await page.goto('/registration');
  // An invalid submit makes the form's schema (zod) parse in the browser.
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Must be a valid email address.')).toBeVisible();
  await page.getByLabel('Full name').fill('Csp Tester');
  await page.getByLabel('Password', { exact: true }).fill('short');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Use at least 8 characters.').first()).toBeVisible();
  const violations = await page.evaluate(
    () => (window as unknown as { cspViolations: string[] }).cspViolations,
  );
  expect(violations).toEqual([]);
});

test('each page allows exactly its own inline scripts', async ({ request }) => {
  const response = await request.get('/tools');
  const csp = response.headers()['content-security-policy'] ?? '';
  const scriptSrc = csp.split(';').find((part) => part.trim().startsWith('script-src')) ?? '';
  expect(scriptSrc).not.toContain('unsafe-inline');
  const html = await response.text();
  const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g)];
  const { createHash } = await import('node:crypto');
  const hashOf = (code: string) => `'sha256-${createHash('sha256').update(code).digest('base64')}'`;
  // React Router's hydration data and module loader run: each is allowed by its hash.
  const scripts = inline.filter(([, attributes]) => !attributes?.includes('application/ld+json'));
  expect(scripts.length).toBeGreaterThan(1);
  for (const [, , code] of scripts) expect(scriptSrc).toContain(hashOf(code ?? ''));
  // Structured data never runs, and needs nothing.
  const data = inline.filter(([, attributes]) => attributes?.includes('application/ld+json'));
  expect(data.length).toBeGreaterThan(0);
  for (const [, , code] of data) expect(scriptSrc).not.toContain(hashOf(code ?? ''));
});
