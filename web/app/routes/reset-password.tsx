import { Link, type MetaArgs, useSearchParams } from 'react-router';
import { buttonClasses } from '#web/components/ui/button.tsx';
import { AuthError } from '#web/features/auth/components/auth-error.tsx';
import { ResetPasswordForm } from '#web/features/auth/components/reset-password-form.tsx';
import { errorFromUrl } from '#web/features/auth/utils/describe-auth-error.ts';
import { pageMeta } from '#web/lib/page-meta.ts';
import * as paths from '#web/lib/paths.ts';
import { AuthLayout } from '../layouts/auth-layout.tsx';

export function meta({ matches, location }: MetaArgs) {
  const params = new URLSearchParams(location.search);
  const isValid = params.has('token') && !params.has('error');
  return pageMeta(matches, {
    title: isValid ? 'Choose a new password' : 'Reset link not valid',
    path: location.pathname,
    noIndex: true,
  });
}

/**
 * Where the link in a reset email lands: `?token=...`, or `?error=INVALID_TOKEN` when the link is
 * expired or already used (the store checks it before sending people here).
 */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const error = params.get('error') ?? (token ? null : 'INVALID_TOKEN');

  if (error || !token) {
    return (
      <AuthLayout
        title="This link did not work"
        description="Reset links work once, for one hour. Ask for a new one and use the newest email."
      >
        <AuthError error={errorFromUrl(error ?? 'INVALID_TOKEN')} />
        <Link
          to={paths.forgotPassword()}
          className={buttonClasses({ size: 'lg', className: 'mt-6' })}
        >
          Send me a new link
        </Link>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Choose a new password"
      description="Pick a password you do not use anywhere else."
    >
      <ResetPasswordForm token={token} />
    </AuthLayout>
  );
}

export default ResetPasswordPage;
