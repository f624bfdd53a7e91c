import { useRequestPasswordReset } from '../api/auth-mutations.ts';
import { EmailRequestForm } from './email-request-form.tsx';

/** Asks for the email; the answer never tells whether an account exists for it. */
export function ForgotPasswordForm() {
  const requestReset = useRequestPasswordReset();
  return (
    <EmailRequestForm
      request={requestReset}
      label="Email"
      submitLabel="Send me a reset link"
      sent={() => (
        <div
          role="status"
          className="rounded-lg border border-emerald-200 bg-emerald-50 p-5 text-emerald-950"
        >
          <p className="font-semibold">If an account exists for that email, we sent a link</p>
          <p className="mt-2 text-sm">
            Follow the link in the email to choose a new password. It works for one hour. Nothing
            there? Check your spam folder, or{' '}
            <button
              type="button"
              className="font-semibold underline underline-offset-2"
              onClick={() => requestReset.reset()}
            >
              try another email
            </button>
            .
          </p>
        </div>
      )}
    />
  );
}
