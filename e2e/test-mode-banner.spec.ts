import { freePort } from '../server/free-port.ts';
import { makeDataDir } from '../server/testing/data-dir.ts';
import type { StoreProcess } from '../server/testing/store-process.ts';
import { expect, expectAccessible, test } from './fixtures.ts';
import { startStore, stopAndRemoveStore } from './store-process.ts';

/**
 * A live store that runs the test gateway (NODE_ENV=production with PAYMENTS=test) says so above
 * every page, in the page the server sends: this journey runs a production store of its own and
 * reads its pages with JavaScript off, at 320 px.
 */
test.describe.configure({ mode: 'serial' });

let dataDir: string;
let store: StoreProcess | undefined;
let origin: string;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  dataDir = await makeDataDir('toolyard-e2e-live-');
  const port = await freePort();
  origin = `http://localhost:${port}`;
  store = await startStore({
    dataDir,
    port,
    env: {
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://shop.example.com',
      SESSION_SECRET: 'a-long-random-secret-of-at-least-32-characters',
      PAYMENTS: 'test',
      MAIL: 'outbox',
      SEED_DEMO: 'true',
      SELLER_NAME: 'Anvil Trading Ltd',
      SELLER_ADDRESS: '1 Forge Lane\\nSheffield S1 2AB',
      SELLER_TAX_ID: 'GB123456789',
    },
  });
});

test.afterAll(async () => {
  await stopAndRemoveStore(store, dataDir);
});

test.use({ javaScriptEnabled: false, viewport: { width: 320, height: 640 } });

for (const page of ['/', '/tools', '/login', '/register', '/no-such-page']) {
  test(`${page} says "Test mode" above the page, server-rendered, at 320 px`, async ({
    page: tab,
  }) => {
    await tab.goto(`${origin}${page}`);
    const banner = tab.getByRole('region', { name: 'Test mode' });
    await expect(banner).toBeVisible();
    await expect(banner).toContainText('this store takes test cards only. No card is charged');
    const box = await banner.boundingBox();
    expect(box?.y).toBe(0);
    expect(box?.width).toBeLessThanOrEqual(320);
    // Nothing of it is cut off or scrolls sideways.
    const overflow = await tab.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
  });
}

test.describe('in the browser', () => {
  // axe runs as a script in the page; the store's CSP would upgrade http://localhost to https.
  test.use({ javaScriptEnabled: true, bypassCSP: true });
  test('the banner passes the accessibility checks, the page around it too', async ({ page }) => {
    await page.goto(`${origin}/tools`);
    await expect(page.getByRole('region', { name: 'Test mode' })).toBeVisible();
    await expectAccessible(page, '/tools with the test-mode banner at 320 px');
  });
});
