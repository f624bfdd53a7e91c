import { type AuthErrorCode, isKnownAuthError, urlErrorCode } from '#contract/auth-errors.ts';
import { formatWait } from '#contract/format.ts';
import { ApiError, errorMessage, isApiError } from '#web/lib/api-error.ts';

/**
 * Plain words for the account service's codes (`/api/auth/*` answers them in lower case), and for
 * what Google sign-in sends back to /login?error=<code>. Anything else says what the server said.
 */
const MESSAGES: Record<AuthErrorCode, string> = {
  invalid_email_or_password:
    'The email or password is not right. Check both and try again. Just signed up? Confirm your email with the link we sent first.',
  user_already_exists:
    'An account with this email already exists. Sign in instead, or reset your password.',
  user_already_exists_use_another_email:
    'An account with this email already exists. Sign in instead, or reset your password.',
  email_not_verified: 'Please confirm your email address first: follow the link we emailed you.',
  password_too_common: 'This password is too common and easy to guess. Choose another one.',
  password_too_short: 'This password is too short: use at least 8 characters.',
  password_too_long: 'This password is too long: use at most 128 characters.',
  wrong_sign_up_password:
    'This is not the password this sign-up was made with. Type the password you chose when you signed up; if you do not remember it, sign up again.',
  invalid_token: 'This link is not valid any more: it has expired or was used. Ask for a new one.',
  token_expired: 'This reset link has expired. Ask for a new one.',
  account_not_linked:
    'Google has not confirmed that this email address is yours, so it was not joined to the account here. Sign in with your password instead.',
  unable_to_create_user:
    'Google has not confirmed that this email address is yours, so no account was made. Confirm it with Google, or sign up with your email and a password.',
  access_denied: 'Google sign-in was cancelled. Try again, or sign in with your password.',
  email_not_found: 'Google did not share an email address, so we could not sign you in.',
  unable_to_link_account:
    'Your Google account could not be joined to your account here. Sign in with your password instead.',
  service_unavailable: 'The store is busy right now. Please try again in a moment.',
  internal_error: 'Something went wrong on our side. Please try again in a moment.',
};

/** A Google sign-in that came back with `?error=`: any code not listed above is the provider's. */
const PROVIDER_FALLBACK = 'Signing in with Google did not work. Please try again.';

/** One sentence for any sign-in, sign-up or password failure. Never empty, never a code. */
export function authErrorMessage(error: unknown): string {
  if (!isApiError(error)) return errorMessage(error);
  if (error.code === 'rate_limited') {
    const wait = error.retryAfter ? formatWait(error.retryAfter) : undefined;
    return wait
      ? `Too many attempts. Please wait ${wait} before trying again.`
      : error.detail || 'Too many attempts. Please wait a few minutes before trying again.';
  }
  return (
    (isKnownAuthError(error.code) ? MESSAGES[error.code] : undefined) ??
    (error.detail.trim() || PROVIDER_FALLBACK)
  );
}

/**
 * An error the store sent back in a page's URL (a failed Google sign-in, an expired reset link),
 * as if it had answered it.
 */
export function errorFromUrl(code: string): ApiError {
  const normalized = urlErrorCode(code);
  return new ApiError({
    status: 400,
    code: normalized,
    detail: isKnownAuthError(normalized) ? '' : PROVIDER_FALLBACK,
  });
}
