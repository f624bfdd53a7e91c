import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectProblem, type Response } from '../testing/http.ts';
import { buildTestApp, TEST_ORIGIN, type TestContext } from '../testing/test-app.ts';

/** The security headers on every answer, errors and unknown paths included; an unknown path is a 404 problem. */

const EVIL_ORIGIN = 'https://evil.example';

let t: TestContext;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('security headers by configuration', () => {
  it('over https: HSTS and upgrade-insecure-requests; over http: neither', async () => {
    const https = await buildTestApp({
      publicUrl: 'https://shop.example.com',
      trustedOrigins: ['https://shop.example.com'],
    });
    const plain = await buildTestApp();
    try {
      const secure = await https.app.inject({ url: '/api/tools' });
      expect(secure.headers['strict-transport-security']).toBe(
        'max-age=31536000; includeSubDomains',
      );
      expect(secure.headers['content-security-policy']).toContain('upgrade-insecure-requests');
      const insecure = await plain.app.inject({ url: '/api/tools' });
      expect(insecure.headers['strict-transport-security']).toBeUndefined();
      expect(insecure.headers['content-security-policy']).not.toContain(
        'upgrade-insecure-requests',
      );
    } finally {
      await https.close();
      await plain.close();
    }
  });

  it('lets Stripe.js and its frames in only in Stripe mode', async () => {
    const stripe = await buildTestApp({
      stripe: {
        secretKey: 'sk_test_x',
        publishableKey: 'pk_test_x',
        webhookSecret: 'whsec_x',
        apiBase: 'http://127.0.0.1:9',
      },
    });
    const test = await buildTestApp();
    try {
      const withStripe = String(
        (await stripe.app.inject({ url: '/api/config' })).headers['content-security-policy'],
      );
      expect(withStripe).toContain("script-src 'self' https://js.stripe.com");
      expect(withStripe).toContain('frame-src https://js.stripe.com https://hooks.stripe.com');
      expect(withStripe).toContain("connect-src 'self' https://api.stripe.com");
      const without = String(
        (await test.app.inject({ url: '/api/config' })).headers['content-security-policy'],
      );
      expect(without).not.toContain('stripe');
      expect(without).toContain("frame-src 'none'");
      // The page's own requests and fonts fall back on default-src: no directive repeats it.
      expect(without).toContain("default-src 'self'");
      expect(without).not.toMatch(/connect-src|font-src/);
    } finally {
      await stripe.close();
      await test.close();
    }
  });
});

describe('headers and unknown paths', () => {
  function expectSecurityHeaders(response: Response) {
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['x-frame-options']).toBe('DENY');
  }

  it('sets the security headers on API answers, errors and 404s', async () => {
    expectSecurityHeaders(await t.app.inject({ url: '/api/tools' }));
    expectSecurityHeaders(await t.app.inject({ url: '/api/alluser' }));
    expectSecurityHeaders(await t.app.inject({ url: '/api/no-such-thing' }));
    expectSecurityHeaders(await t.app.inject({ url: '/no-such-page.js' }));
    // Errors the router raises before any hook runs.
    expectSecurityHeaders(await t.app.inject({ url: `/api/userdetails/${'x'.repeat(400)}` }));
    expectSecurityHeaders(await t.app.inject({ url: '/api/%E0%A4%A' }));
    expectSecurityHeaders(
      await t.app.inject({
        method: 'POST',
        url: '/api/reviews',
        headers: { origin: EVIL_ORIGIN },
        payload: {},
      }),
    );
  });

  it.each([
    ['GET', '/api/no-such-thing'],
    ['GET', '/api'],
    ['DELETE', '/api/tools'],
    ['POST', '/api/no-such-thing'],
    ['GET', '/api/auth/no-such-thing'],
    ['POST', '/api/auth/no-such-thing'],
  ] as const)('%s %s: 404 problem+json', async (method, url) => {
    const response = await t.app.inject({
      method,
      url,
      headers: { origin: TEST_ORIGIN },
      ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
    });
    expectProblem(response, 404, 'not_found');
  });
});
