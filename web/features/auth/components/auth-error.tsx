import { describeAuthError } from '../utils/describe-auth-error.ts';

/** Sign-in, sign-up and password errors: red, under the form, plain words plus the error's code. */
export function AuthError({ error }: { error: unknown }) {
  if (!error) return null;
  const { message, code } = describeAuthError(error);
  return (
    <p
      role="alert"
      className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-700"
    >
      {message} <span className="font-mono text-xs whitespace-nowrap">({code})</span>
    </p>
  );
}
