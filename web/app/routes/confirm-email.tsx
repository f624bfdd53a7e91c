import { Link, type MetaArgs, useSearchParams } from 'react-router';
import { buttonClasses } from '#web/components/ui/button.tsx';
import { ConfirmSignUpForm } from '#web/features/auth/components/confirm-sign-up-form.tsx';
import { pageMeta } from '#web/lib/page-meta.ts';
import * as paths from '#web/lib/paths.ts';
import { AuthLayout } from '../layouts/auth-layout.tsx';

export const meta = ({ matches, location }: MetaArgs) =>
  pageMeta(matches, { title: 'Confirm your email', path: location.pathname, noIndex: true });

/**
 * Where the link in a confirmation email lands. Opening it changes nothing (mail scanners open
 * links before people do): the form sends the link's token with the password chosen at sign-up,
 * which makes the account of that sign-up and signs its owner in (docs/decisions/030).
 */
export function ConfirmEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token');

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

  return (
    <AuthLayout
      title="Confirm your email"
      description="One step left: type the password you chose when you signed up. Your account is made and you are signed in."
    >
      <div className="space-y-4">
        <ConfirmSignUpForm token={token} />
        <p className="text-sm text-stone-600">
          Did not sign up? Close this page: no account uses your address unless someone confirms it
          with this email and the password of their sign-up.
        </p>
      </div>
    </AuthLayout>
  );
}

export default ConfirmEmailPage;
