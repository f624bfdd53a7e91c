import { useRef } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { LoadingState } from '#web/components/ui/spinner.tsx';
import { ErrorState } from '#web/components/ui/state.tsx';
import { useSession } from '#web/features/auth/api/session.ts';
import * as paths from '#web/lib/paths.ts';

/** Where to come back to after signing in. */
export interface LoginState {
  from?: { pathname: string; search: string; hash: string };
}

/**
 * Screens for signed-in users: visitors go to /login, and come back here after signing in. Someone
 * who signs out here goes home: signing out moves there first, but the screen may still be
 * showing when the session ends, and it must not ask them to sign in again.
 */
export function RequireAuth() {
  const { user, isPending, error, refetch } = useSession();
  const location = useLocation();
  const wasSignedIn = useRef(false);
  if (user) wasSignedIn.current = true;
  if (isPending) return <LoadingState label="Checking your sign-in…" />;
  if (error && !user) {
    return (
      <div className="mx-auto max-w-3xl px-4">
        <ErrorState
          error={error}
          onRetry={() => void refetch()}
          title="We could not check your sign-in"
        />
      </div>
    );
  }
  if (!user && wasSignedIn.current) return <Navigate to={paths.home()} replace />;
  if (!user) {
    const state: LoginState = {
      from: { pathname: location.pathname, search: location.search, hash: location.hash },
    };
    return <Navigate to={paths.login()} replace state={state} />;
  }
  return <Outlet />;
}

export default RequireAuth;
