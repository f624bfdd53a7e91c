import { useMemo } from 'react';
import type { MetaArgs } from 'react-router';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router';
import { useToast } from '#web/components/ui/toast.tsx';
import { useSession } from '#web/features/auth/api/session.ts';
import { AuthError } from '#web/features/auth/components/auth-error.tsx';
import { GoogleSignIn } from '#web/features/auth/components/google-sign-in.tsx';
import { LoginForm } from '#web/features/auth/components/login-form.tsx';
import { errorFromUrl } from '#web/features/auth/utils/describe-auth-error.ts';
import { pageMeta } from '#web/lib/page-meta.ts';
import * as paths from '#web/lib/paths.ts';
import { useHydrated } from '#web/lib/use-hydrated.ts';
import type { LoginState } from '../guards/require-auth.tsx';
import { AuthLayout } from '../layouts/auth-layout.tsx';

export const meta = ({ matches, location }: MetaArgs) =>
  pageMeta(matches, { title: 'Sign in', path: location.pathname, noIndex: true });

/**
 * The page the visitor was sent here from, or home. It lives in the browser's history, which the
 * server never sees: until the browser has taken the page over it is home there too, or a reload
 * would render a page the server did not (a hydration mismatch).
 */
export function useReturnTo(): string {
  const from = (useLocation().state as LoginState | null)?.from;
  const isHydrated = useHydrated();
  return from && isHydrated ? `${from.pathname}${from.search}${from.hash}` : paths.home();
}

export function LoginPage() {
  const location = useLocation();
  const returnTo = useReturnTo();
  const toast = useToast();
  const { user } = useSession();
  // A Google sign-in that failed comes back here as /login?error=<code>.
  const [params] = useSearchParams();
  const urlErrorCode = params.get('error');
  const googleError = useMemo(
    () => (urlErrorCode ? errorFromUrl(urlErrorCode) : null),
    [urlErrorCode],
  );

  // The form shows at once (and on the server): a visitor who turns out to be signed in already
  // (now or once the session is known) goes back to where they came from.
  if (user) return <Navigate to={returnTo} replace />;

  return (
    <AuthLayout
      title="Sign in"
      description="Welcome back. Sign in to order, pay and follow your deliveries."
    >
      {returnTo !== paths.home() && (
        <p className="mb-6 rounded-md bg-navy-50 px-4 py-3 text-sm text-navy-900">
          Please sign in to continue.
        </p>
      )}
      <LoginForm
        onSignedIn={(signedIn) => signedIn && toast.success(`Welcome back, ${signedIn.name}.`)}
      />
      <div className="mt-4 space-y-3">
        <GoogleSignIn returnTo={returnTo} />
        <AuthError error={googleError} />
      </div>
      <p className="mt-8 text-sm text-stone-700">
        New to Toolyard?{' '}
        <Link
          to={paths.registration()}
          state={location.state}
          className="font-semibold text-navy-700 underline underline-offset-2"
        >
          Create an account
        </Link>
      </p>
    </AuthLayout>
  );
}

export default LoginPage;
