import type { StandInAccount } from '../server/testing/oidc-stand-in.ts';

/**
 * The people the Google stand-in (server/testing/oidc-stand-in.ts) knows. e2e/global-setup.ts starts
 * it with these; each test signs in as its own one, so tests running side by side share nobody.
 * The stand-in lives in another process, so the list is fixed: a test that turns one of them into a
 * store account can run once per store start.
 */
export const GOOGLE_CLIENT = { id: 'toolyard-e2e', secret: 'toolyard-e2e-secret' };

/** Where Google keeps profile photos; tests answer these requests themselves (no outside network). */
export const GOOGLE_PHOTO_HOST = 'https://lh3.googleusercontent.com';

const person = (email: string, name: string, emailVerified: boolean): StandInAccount => ({
  email,
  name,
  emailVerified,
  picture: `${GOOGLE_PHOTO_HOST}/a/${email.split('@')[0]}=s96-c`,
});

export const GOOGLE_ACCOUNTS = {
  /** New to the store: signs in from /login. */
  newcomer: person('gina.google.e2e@example.com', 'Gina Google', true),
  /** New to the store: signs in from /registration. */
  registrant: person('rory.register.e2e@example.com', 'Rory Register', true),
  /** Already has a verified password account here: Google joins it. */
  linked: person('lina.linked.e2e@example.com', 'Lina Linked', true),
  /** Google does not vouch for the email: never joined to the password account. */
  unverified: person('uma.unverified.e2e@example.com', 'Uma Unverified', false),
  /** Someone else signed up with this address here and never confirmed it: Google's owner wins. */
  squatted: person('sam.owner.e2e@example.com', 'Sam Owner', true),
} satisfies Record<string, StandInAccount>;

/** global-setup tells the workers where the stand-in listens. */
export function googleIssuer(): string {
  const issuer = process.env.E2E_GOOGLE_ISSUER;
  if (!issuer) throw new Error('E2E_GOOGLE_ISSUER is not set (e2e/global-setup.ts sets it).');
  return issuer;
}
