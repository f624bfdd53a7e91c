import type { MetaArgs } from 'react-router';
import { Link } from 'react-router';
import { ForgotPasswordForm } from '#web/features/auth/components/forgot-password-form.tsx';
import { pageMeta } from '#web/lib/page-meta.ts';
import * as paths from '#web/lib/paths.ts';
import { AuthLayout } from '../layouts/auth-layout.tsx';

export const meta = ({ matches, location }: MetaArgs) =>
  pageMeta(matches, { title: 'Forgot password', path: location.pathname, noIndex: true });

export function ForgotPasswordPage() {
  return (
    <AuthLayout
      title="Forgot your password?"
      description="Tell us the email you signed up with and we will send you a link to choose a new password."
    >
      <ForgotPasswordForm />
      <p className="mt-8 text-sm text-stone-700">
        Remembered it?{' '}
        <Link
          to={paths.login()}
          className="font-semibold text-navy-700 underline underline-offset-2"
        >
          Back to sign in
        </Link>
      </p>
    </AuthLayout>
  );
}

export default ForgotPasswordPage;
