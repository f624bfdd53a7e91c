import { Outlet } from 'react-router';
import { useSession } from '#web/features/auth/api/session.ts';
import { NotAllowedPage } from '../routes/not-allowed.tsx';

/** Admin screens: everyone else sees "not allowed" (and the server refuses them too). */
export function RequireAdmin() {
  const { user } = useSession();
  if (user?.role !== 'Admin') return <NotAllowedPage />;
  return <Outlet />;
}

export default RequireAdmin;
