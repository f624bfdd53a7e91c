import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../testing/test-app.ts';

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
    } finally {
      await stripe.close();
      await test.close();
    }
  });
});
