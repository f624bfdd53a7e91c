import { Button } from '../../../components/ui/button.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { useResendVerification } from '../api/auth-mutations.ts';
import type { SessionUser } from '../api/session.ts';

/** Ordering needs a confirmed email address: say so, and offer the link again. */
export function VerifyEmailNotice({ user }: { user: SessionUser }) {
  const resend = useResendVerification();
  const toast = useToast();
  if (user.emailVerified) return null;
  return (
    <div className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
      <p className="font-semibold">Please confirm your email address</p>
      <p className="mt-1">
        We sent a link to <strong>{user.email}</strong>. Once you follow it, you can place orders.
      </p>
      <Button
        variant="outline"
        size="sm"
        className="mt-3"
        isPending={resend.isPending}
        onClick={() =>
          resend.mutate(user.email, {
            onSuccess: () => toast.success(`We sent a new link to ${user.email}.`),
            onError: (error) => toast.error(errorMessage(error)),
          })
        }
      >
        Send the link again
      </Button>
    </div>
  );
}
