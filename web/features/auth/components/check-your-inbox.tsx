import { Link } from 'react-router';
import { Button, buttonClasses } from '#web/components/ui/button.tsx';
import { useToast } from '#web/components/ui/toast.tsx';
import * as paths from '#web/lib/paths.ts';
import { useResendVerification } from '../api/auth-mutations.ts';
import { authErrorMessage } from '../utils/describe-auth-error.ts';
import { VERIFICATION_SENT } from './verify-email-notice.tsx';

/**
 * What a new registration sees: the store answers a sign-up the same way whether or not the email
 * already has an account (so it tells no one who is a customer), and the confirmation link comes
 * by email in both cases: a new account gets one to confirm, an existing one a note.
 */
export function CheckYourInbox({ email }: { email: string }) {
  const resend = useResendVerification();
  const toast = useToast();
  return (
    <div
      role="status"
      className="rounded-lg border border-emerald-200 bg-emerald-50 p-5 text-emerald-950"
    >
      <p className="font-semibold">Check your inbox</p>
      <p className="mt-2 text-sm">
        We sent an email to <strong className="wrap-anywhere">{email}</strong>. Follow the link in
        it and type the password you chose: your address is confirmed and you are signed in. The
        link works for 24 hours.
      </p>
      <p className="mt-2 text-sm">
        Nothing there after a few minutes? Check your spam folder, or ask for it again.
      </p>
      <div className="mt-4 flex flex-wrap gap-3">
        <Link to={paths.login()} className={buttonClasses({ size: 'sm' })}>
          Go to sign in
        </Link>
        <Button
          variant="outline"
          size="sm"
          isPending={resend.isPending}
          onClick={() =>
            resend.mutate(email, {
              onSuccess: () => toast.success(VERIFICATION_SENT),
              onError: (error) => toast.error(authErrorMessage(error)),
            })
          }
        >
          Send the email again
        </Button>
      </div>
    </div>
  );
}
