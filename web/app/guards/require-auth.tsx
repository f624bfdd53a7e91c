import { Navigate, Outlet, useLocation } from 'react-router';
import { LoadingState } from '#web/components/ui/spinner.tsx';
import { ErrorState } from '#web/components/ui/state.tsx';
import { useSession } from '#web/features/auth/api/session.ts';
import { paths } from '#web/lib/paths.ts';

/** Where to come back to after signing in. */
export interface LoginState {
  from?: { pathname: string; search: string; hash: string };
}

/** Screens for signed-in users: visitors go to /login, and come back here after signing in. */
export function RequireAuth() {
  const { user, isPending, error, refetch } = useSession();
  const location = useLocation();
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
  if (!user) {
    const state: LoginState = {
      from: { pathname: location.pathname, search: location.search, hash: location.hash },
    };
    return <Navigate to={paths.login()} replace state={state} />;
  }
  return <Outlet />;
}

export default RequireAuth;
