import { useResendVerification } from '../api/auth-mutations.ts';
import { EmailRequestForm } from './email-request-form.tsx';

/**
 * Asks for a new confirmation link, signed in or not. The answer is the same whether or not the
 * email has an account waiting, so it tells no one who is a customer.
 */
export function ResendVerificationForm({ email }: { email?: string | undefined }) {
  const resend = useResendVerification();
  return (
    <EmailRequestForm
      request={resend}
      label="Your email"
      submitLabel="Send me a new link"
      defaultEmail={email}
      sent={(sentTo) => (
        <div
          role="status"
          className="rounded-lg border border-emerald-200 bg-emerald-50 p-5 text-left text-emerald-950"
        >
          <p className="font-semibold">Check your inbox</p>
          <p className="mt-2 text-sm">
            If <strong className="wrap-anywhere">{sentTo}</strong> has an account waiting for
            confirmation, a new link is on its way. It works for 24 hours; earlier links no longer
            matter.
          </p>
        </div>
      )}
    />
  );
}
