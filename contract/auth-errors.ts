/**
 * The account service's error codes the web app has its own words for (in lower case, as
 * `/api/auth/*` answers them and as pages receive them in `?error=`). Any other code is shown
 * with one sentence for all, so the server renders a page's `?error=` as one of these or as
 * `other` (server/http/page-address.ts): an endless choice of codes is no endless choice of pages.
 */
const AUTH_ERROR_CODES = [
  'invalid_email_or_password',
  'user_already_exists',
  'user_already_exists_use_another_email',
  'email_not_verified',
  'password_too_common',
  'password_too_short',
  'password_too_long',
  'invalid_token',
  'wrong_sign_up_password',
  'token_expired',
  'account_not_linked',
  'unable_to_create_user',
  'access_denied',
  'email_not_found',
  'unable_to_link_account',
  'unable_to_create_user',
  'service_unavailable',
  'internal_error',
] as const;

export type AuthErrorCode = (typeof AUTH_ERROR_CODES)[number];

/** A code as pages read it from their address: lower case, letters, digits and `_`, 60 at most. */
export function urlErrorCode(code: string): string {
  return (
    code
      .toLowerCase()
      .replace(/[^a-z0-9_]/g, '_')
      .slice(0, 60) || 'provider_error'
  );
}

export const isKnownAuthError = (code: string): code is AuthErrorCode =>
  (AUTH_ERROR_CODES as readonly string[]).includes(code);
