import { createHash } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
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

/** A page's CSP `script-src`, and its inline scripts: those that run, and data blocks. */
async function inlineScriptsOf(request: APIRequestContext, path: string) {
  const response = await request.get(path);
  const csp = response.headers()['content-security-policy'] ?? '';
  const scriptSrc = csp.split(';').find((part) => part.trim().startsWith('script-src')) ?? '';
  const html = await response.text();
  const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g)];
  const isData = (attributes = '') => /type="application\/(ld\+)?json"/.test(attributes);
  return {
    scriptSrc,
    running: inline.filter(([, attributes]) => !isData(attributes)).map(([, , code]) => code ?? ''),
    data: inline.filter(([, attributes]) => isData(attributes)).map(([, , code]) => code ?? ''),
  };
}

const hashOf = (code: string) => `'sha256-${createHash('sha256').update(code).digest('base64')}'`;

test('each page allows exactly its own inline scripts', async ({ request }) => {
  // A page the app hydrates: React Router's hydration data and module loader run, each allowed
  // by its hash. Structured data never runs, and needs nothing.
  const app = await inlineScriptsOf(request, '/quick-order');
  expect(app.scriptSrc).not.toContain('unsafe-inline');
  expect(app.running.length).toBeGreaterThan(1);
  for (const code of app.running) expect(app.scriptSrc).toContain(hashOf(code));
  for (const code of app.data) expect(app.scriptSrc).not.toContain(hashOf(code));

  // A page served as islands: one inline script runs, the islands' loader, allowed by its hash
  // and nothing else; its data blocks (the islands' answers, the structured data) need nothing.
  const islands = await inlineScriptsOf(request, '/tools');
  expect(islands.scriptSrc).not.toContain('unsafe-inline');
  expect(islands.running).toHaveLength(1);
  expect(islands.running[0]).toMatch(/import\("\/assets\/islands-[\w-]+\.js"\)/);
  expect(islands.scriptSrc.match(/'sha256-/g)).toHaveLength(1);
  expect(islands.scriptSrc).toContain(hashOf(islands.running[0] ?? ''));
  expect(islands.data.length).toBeGreaterThan(1);
});
