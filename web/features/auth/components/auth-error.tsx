import { authErrorMessage } from '../utils/describe-auth-error.ts';

/**
 * An account error that no form field owns (a failed Google sign-in, an expired link): red, in
 * plain words.
 */
export function AuthError({ error }: { error: unknown }) {
  if (!error) return null;
  return (
    <p
      role="alert"
      className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-700"
    >
      {authErrorMessage(error)}
    </p>
  );
}
