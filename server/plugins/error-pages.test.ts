import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext, type TestUser } from '../testing/test-app.ts';

/**
 * A browser following a download link (an invoice, a statement, an export) asks for HTML first:
 * a refusal then reads as a page with its sentence, never as JSON; every other client still gets
 * problem+json.
 */

let t: TestContext;
let buyer: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  buyer = await t.signUp();
});
afterAll(async () => {
  await t.close();
});

const NAVIGATION = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

describe('refusals of a browser’s own navigation', () => {
  it('are a page with the sentence and each field’s problem', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/invoices/statement.pdf?from=2026-11-30&to=2026-11-01',
      headers: { ...buyer.headers, accept: NAVIGATION },
    });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toContain('<h1>Bad Request</h1>');
    expect(response.body).toContain('<li>Must be the same day as &#34;from&#34; or later.</li>');
    expect(response.body).toContain('<a href="/">back to the store</a>');
    expect(response.body).not.toContain('validation_failed');
  });

  it('ask a visitor to sign in, and escape what the request brought', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/orders/00000000-0000-4000-8000-000000000000/invoice.pdf',
      headers: { accept: NAVIGATION },
    });
    expect(response.statusCode).toBe(401);
    expect(response.body).toContain('<a href="/login">Sign in</a>');
    const hostile = await t.app.inject({
      method: 'GET',
      url: '/api/invoices/statement.pdf?from=<script>&to=2026-11-01',
      headers: { ...buyer.headers, accept: NAVIGATION },
    });
    expect(hostile.statusCode).toBe(400);
    expect(hostile.body).not.toContain('<script>');
  });

  it('stay problem+json for the app, API clients and every other method', async () => {
    const asked = { ...buyer.headers, accept: 'application/json' };
    const url = '/api/invoices/statement.pdf?from=2026-11-30&to=2026-11-01';
    for (const headers of [asked, { ...buyer.headers, accept: '*/*' }, buyer.headers]) {
      const response = await t.app.inject({ method: 'GET', url, headers });
      expect(response.headers['content-type']).toBe('application/problem+json');
      expect(response.json()).toMatchObject({ status: 400, code: 'validation_failed' });
    }
    const posted = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { ...buyer.headers, accept: NAVIGATION },
      payload: { lines: [] },
    });
    expect(posted.headers['content-type']).toBe('application/problem+json');
  });
});
