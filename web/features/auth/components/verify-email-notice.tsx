import { useId } from 'react';
import type { SessionUser } from '#contract/session.ts';
import { Button } from '#web/components/ui/button.tsx';
import { useToast } from '#web/components/ui/toast.tsx';
import { useResendVerification } from '../api/auth-mutations.ts';
import { authErrorMessage } from '../utils/describe-auth-error.ts';

/** The toast after signing up and after asking for the link again. */
export const VERIFICATION_SENT = 'Verification email sent';

/** Ordering needs a confirmed email address: say so, and offer the link again. */
export function VerifyEmailNotice({ user }: { user: SessionUser }) {
  const resend = useResendVerification();
  const toast = useToast();
  const titleId = useId();
  if (user.emailVerified) return null;
  return (
    <div
      role="note"
      aria-labelledby={titleId}
      className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
    >
      <p id={titleId} className="font-semibold">
        Please confirm your email address
      </p>
      <p className="mt-1">
        You need a confirmed email to place orders. We sent a link to{' '}
        <strong className="wrap-anywhere">{user.email}</strong>: follow it, then sign in again.
      </p>
      <Button
        variant="outline"
        size="sm"
        className="mt-3"
        isPending={resend.isPending}
        onClick={() =>
          resend.mutate(user.email, {
            onSuccess: () => toast.success(VERIFICATION_SENT),
            onError: (error) => toast.error(authErrorMessage(error)),
          })
        }
      >
        Resend verification email
      </Button>
    </div>
  );
}
