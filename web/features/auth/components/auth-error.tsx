import { errorMessage, isApiError } from '../../../lib/api-error.ts';

/** Sign-in and sign-up errors: red, under the form, a sentence plus the error's code. */
export function AuthError({ error }: { error: unknown }) {
  if (!error) return null;
  return (
    <p
      role="alert"
      className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-700"
    >
      {errorMessage(error)}
      {isApiError(error) && (
        <>
          {' '}
          <span className="font-mono text-xs">({error.code})</span>
        </>
      )}
    </p>
  );
}
