import { describe, expect, it } from 'vitest';
import { ApiError } from '#web/lib/api-error.ts';
import { authErrorMessage, errorFromUrl } from './describe-auth-error.ts';

const answered = (code: string, detail = '', retryAfter?: number) =>
  new ApiError({ status: code === 'rate_limited' ? 429 : 400, code, detail, retryAfter });

describe('sign-in failures in words', () => {
  it('says how long to wait after too many attempts, when the store said', () => {
    expect(authErrorMessage(answered('rate_limited', 'Too many.', 45))).toBe(
      'Too many attempts. Please wait 45 seconds before trying again.',
    );
    expect(authErrorMessage(answered('rate_limited', 'Too many.', 600))).toBe(
      'Too many attempts. Please wait 10 minutes before trying again.',
    );
    expect(authErrorMessage(answered('rate_limited', 'Try again in a while.'))).toBe(
      'Try again in a while.',
    );
    expect(authErrorMessage(answered('rate_limited'))).toBe(
      'Too many attempts. Please wait a few minutes before trying again.',
    );
  });

  it('words the account service’s codes, and otherwise says what the store said', () => {
    expect(authErrorMessage(answered('invalid_email_or_password', 'Invalid'))).toBe(
      'The email or password is not right. Check both and try again. Just signed up? Confirm your email with the link we sent first.',
    );
    expect(authErrorMessage(answered('weak_thing', 'The store’s own sentence.'))).toBe(
      'The store’s own sentence.',
    );
    expect(authErrorMessage(new TypeError('Failed to fetch'))).toBe('Failed to fetch');
  });
});

describe('an error named in a page’s address', () => {
  it('reads a known code in any spelling', () => {
    expect(authErrorMessage(errorFromUrl('ACCESS_DENIED'))).toBe(
      'Google sign-in was cancelled. Try again, or sign in with your password.',
    );
    expect(authErrorMessage(errorFromUrl('account-not-linked'))).toMatch(
      /^Google has not confirmed/,
    );
  });

  it('never shows an unknown code, however it is written', () => {
    for (const code of ['', 'something_odd', '<script>alert(1)</script>', 'x'.repeat(500)]) {
      expect(authErrorMessage(errorFromUrl(code)), code).toBe(
        'Signing in with Google did not work. Please try again.',
      );
    }
  });
});
