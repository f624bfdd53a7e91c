import { Link, type MetaArgs, useNavigate, useSearchParams } from 'react-router';
import { Button, buttonClasses } from '#web/components/ui/button.tsx';
import { useConfirmSignUp } from '#web/features/auth/api/auth-mutations.ts';
import { AuthError } from '#web/features/auth/components/auth-error.tsx';
import { isApiError } from '#web/lib/api-error.ts';
import { pageMeta } from '#web/lib/page-meta.ts';
import { paths } from '#web/lib/paths.ts';
import { AuthLayout } from '../layouts/auth-layout.tsx';

export const meta = ({ matches, location }: MetaArgs) =>
  pageMeta(matches, { title: 'Confirm your email', path: location.pathname, noIndex: true });

/**
 * Where the link in a confirmation email lands. Opening it changes nothing (mail scanners open
 * links before people do): the button sends the link's token, and that makes the account of the
 * sign-up the email was sent for (docs/decisions/030).
 */
export function ConfirmEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const navigate = useNavigate();
  const confirm = useConfirmSignUp();

  if (!token) {
    return (
      <AuthLayout
        title="This link did not work"
        description="The link in the email is cut short. Open it again from the email, or sign up again."
      >
        <Link to={paths.registration()} className={buttonClasses({ size: 'lg' })}>
          Sign up
        </Link>
      </AuthLayout>
    );
  }

  const onConfirm = () =>
    confirm.mutate(token, {
      onSuccess: () => navigate(paths.emailVerified(), { replace: true }),
      onError: (error) => {
        if (isApiError(error) && error.code === 'invalid_token') {
          navigate(paths.emailVerified({ error: 'invalid_token' }), { replace: true });
        }
      },
    });

  return (
    <AuthLayout
      title="Confirm your email"
      description="One step left: confirm that this email address is yours, and your account is made. Then sign in with the password you chose."
    >
      <div className="space-y-4">
        <AuthError error={confirm.error} />
        <Button size="lg" isPending={confirm.isPending} onClick={onConfirm}>
          Confirm my email
        </Button>
        <p className="text-sm text-stone-600">
          Did not sign up? Close this page: no account uses your address unless you confirm.
        </p>
      </div>
    </AuthLayout>
  );
}

export default ConfirmEmailPage;
