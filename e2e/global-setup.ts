import { makeDataDir } from '../server/testing/data-dir.ts';
import { startOidcStandIn } from '../server/testing/oidc-stand-in.ts';
import type { StoreProcess } from '../server/testing/store-process.ts';
import { ensureWebBuild } from '../server/testing/web-build.ts';
import { GOOGLE_ACCOUNTS, GOOGLE_CLIENT } from './google-accounts.ts';
import { startStore, stopAndRemoveStore } from './store-process.ts';

/**
 * Builds the web app when one of its sources changed since the last build (server/testing/
 * web-build.ts; in `npm test` the API tests have just built it, and the store runs from source, so
 * the server's bundle is not needed), starts the Google stand-in (a real OpenID Connect provider on
 * loopback), then starts the real store (`node --import tsx server/main.ts`) on a fresh data
 * directory: its own embedded PostgreSQL, seeded with the demo catalogue, Google sign-in pointed
 * at the stand-in. Returns the teardown, which stops the server with SIGINT, checks that no
 * PostgreSQL is left behind and closes the stand-in.
 */
export default async function globalSetup() {
  const port = process.env.E2E_PORT;
  if (!port) throw new Error('E2E_PORT is not set (playwright.config.ts sets it).');

  ensureWebBuild();

  // The address the browser uses (Playwright's baseURL); Google sends people back to it.
  const publicUrl = `http://localhost:${port}`;
  const google = await startOidcStandIn({
    clientId: GOOGLE_CLIENT.id,
    clientSecret: GOOGLE_CLIENT.secret,
    redirectUri: `${publicUrl}/api/auth/callback/google`,
    accounts: Object.values(GOOGLE_ACCOUNTS),
  });
  // Tests check they reach its login page (e2e/google-accounts.ts).
  process.env.E2E_GOOGLE_ISSUER = google.issuer;

  const dataDir = await makeDataDir('toolyard-e2e-');
  // Tests read the database location from here (e2e/database.ts, e2e/outbox.ts).
  process.env.E2E_DATA_DIR = dataDir;
  const env = {
    SEED_DEMO: 'true',
    PUBLIC_URL: publicUrl,
    GOOGLE_CLIENT_ID: GOOGLE_CLIENT.id,
    GOOGLE_CLIENT_SECRET: GOOGLE_CLIENT.secret,
    GOOGLE_DISCOVERY_URL: google.discoveryUrl,
    // The footer links the company's own profiles (e2e/polish.spec.ts).
    SOCIAL_LINKS: 'https://www.linkedin.com/company/toolyard-tools',
    // Most journeys get their accounts and sessions straight from the database (e2e/sessions.ts),
    // but the journeys of signing up, in and out, and of passwords, all go through the store from
    // this one address, the demo accounts among them: the sign-in limits stay on, with room for
    // the suite. (The limits themselves are proven in server/http/rate-limit.test.ts.)
    RATE_LIMIT_AUTH_PER_EMAIL: '250/10m',
    RATE_LIMIT_AUTH_PER_IP: '1000/10m',
    // And every journey's pages come from this one address: 60 fresh renders a minute is a
    // visitor's share, not a suite's. (The render limits are proven in
    // server/http/render-limits.test.ts and server/stress/floods.stress.ts.)
    RATE_LIMIT_RENDERS_PER_IP: '100000/1m',
    // The seller is in the EU, so a business buying from another member state gets the reverse
    // charge (e2e/tax-checkout.spec.ts; docs/decisions/064). Nothing else changes: TAX_RATE is 0.
    SELLER_COUNTRY: 'IE',
  };

  let store: StoreProcess | undefined;
  const stop = async () => {
    try {
      await stopAndRemoveStore(store, dataDir);
    } finally {
      await google.close();
    }
  };
  try {
    store = await startStore({ dataDir, port: Number(port), env });
  } catch (error) {
    await stop();
    throw error;
  }
  return stop;
}
