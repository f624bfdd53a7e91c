import { useState } from 'react';
import type { MetaArgs } from 'react-router';
import { Link, Navigate, useLocation } from 'react-router';
import { useSession } from '#web/features/auth/api/session.ts';
import { CheckYourInbox } from '#web/features/auth/components/check-your-inbox.tsx';
import { GoogleSignIn } from '#web/features/auth/components/google-sign-in.tsx';
import { RegistrationForm } from '#web/features/auth/components/registration-form.tsx';
import { pageMeta } from '#web/lib/page-meta.ts';
import * as paths from '#web/lib/paths.ts';
import { AuthLayout } from '../layouts/auth-layout.tsx';
import { useReturnTo } from './login.tsx';

export const meta = ({ matches, location }: MetaArgs) =>
  pageMeta(matches, { title: 'Create an account', path: location.pathname, noIndex: true });

export function RegistrationPage() {
  const location = useLocation();
  const returnTo = useReturnTo();
  const { user } = useSession();
  const [sentTo, setSentTo] = useState<string | null>(null);

  // The form shows at once (and on the server); already signed in: nothing to register, back to
  // where it started.
  if (user) return <Navigate to={returnTo} replace />;
  if (sentTo) {
    return (
      <AuthLayout title="Confirm your email" description="One step left before you can order.">
        <CheckYourInbox email={sentTo} />
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Create your account"
      description="Open a business account to order tools in bulk."
    >
      <RegistrationForm onRegistered={setSentTo} />
      <div className="mt-4">
        <GoogleSignIn returnTo={returnTo} />
      </div>
      <p className="mt-8 text-sm text-stone-700">
        Already have an account?{' '}
        <Link
          to={paths.login()}
          state={location.state}
          className="font-semibold text-navy-700 underline underline-offset-2"
        >
          Sign in
        </Link>
      </p>
    </AuthLayout>
  );
}

export default RegistrationPage;
